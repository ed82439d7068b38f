// Keystatic form fields for one value of a content file (a leaf of its zod schema): text, number, yes/no, a choice,
// a time, a date, an instant and a Markdown body. Each field's `validate` runs the leaf's own zod schema and throws
// its message, and each input shows that message inline, so the form refuses what the build refuses; a list item's
// dialog stays open while a field of it is wrong (dialog-guard.ts).
import { fields } from '@keystatic/core';
import type { BasicFormField, ContentFormField, FormFieldInputProps, FormFieldStoredValue, SlugFormField } from '@keystatic/core';
import { TextArea, TextField } from '@keystar/ui/text-field';
import { dump as dumpYaml, load as loadYaml } from 'js-yaml';
import { createElement as h, type ReactElement, useCallback, useRef, useState } from 'react';
import type { z } from '../schemas/zod.ts';
import { useDialogGuard } from './dialog-guard.ts';

/** How a missing value is written: left out (optional), null (nullable), or as the empty value (required). */
export type Absent = 'omit' | 'null' | 'keep';

export type LeafOptions = { label: string; schema: z.ZodType; absent: Absent; description?: string };

/** The first message of the schema for this value, or undefined when the schema accepts it. */
function zodMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'ongeldige waarde');
}

/** A stored scalar as the text a form shows (a YAML date read as Date becomes its ISO text). */
function asText(value: FormFieldStoredValue): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function stored(text: string, absent: Absent, toValue: (text: string) => FormFieldStoredValue | null): FormFieldStoredValue | null {
  if (text === '' && absent === 'omit') return undefined;
  if (text === '' && absent === 'null') return null;
  return toValue(text);
}

/** A field whose form value is text, stored by `toValue` and checked by the schema; `Input` shows the message. */
function textLeaf(
  options: LeafOptions,
  toValue: (text: string) => FormFieldStoredValue | null,
  Input: (props: FormFieldInputProps<string> & { error: string | undefined }) => ReactElement,
): BasicFormField<string> {
  const value = (text: string) => stored(text, options.absent, toValue);
  const check = (text: string) => zodMessage(options.schema, value(text));
  return {
    kind: 'form',
    label: options.label,
    Input(props) {
      const [touched, setTouched] = useState(false);
      const message = check(props.value);
      const error = props.forceValidation || touched ? message : undefined;
      const field = useRef<HTMLDivElement>(null);
      useDialogGuard(
        field,
        message !== undefined,
        useCallback(() => setTouched(true), []),
      );
      return h('div', { ref: field, onBlur: () => setTouched(true) }, h(Input, { ...props, error }));
    },
    defaultValue: () => '',
    parse: asText,
    // null is written as null (a nullable value); Keystatic's type leaves null out but its writer dumps it.
    serialize: (text) => ({ value: value(text) as FormFieldStoredValue }),
    validate(text) {
      const message = check(text);
      if (message) throw new Error(message);
      return text;
    },
    reader: { parse: asText },
  };
}

/** Text, one line or several (`multiline`). */
export function textField(options: LeafOptions & { multiline?: boolean }): BasicFormField<string> {
  return textLeaf(
    options,
    (text) => text,
    ({ value, onChange, autoFocus, error }) => {
      const props = { label: options.label, description: options.description, value, onChange, autoFocus, errorMessage: error };
      return options.multiline ? h(TextArea, props) : h(TextField, props);
    },
  );
}

/** A number; text that is no number is kept as text so that the schema names the problem. */
export function numberField(options: LeafOptions): BasicFormField<string> {
  return textLeaf(
    options,
    (text) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text),
    ({ value, onChange, autoFocus, error }) =>
      h(TextField, {
        label: options.label,
        description: options.description,
        value,
        onChange,
        autoFocus,
        errorMessage: error,
        inputMode: 'decimal',
      }),
  );
}

const QUARTER_HOURS = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

/** A time as HH:MM: a text input with the quarter hours to pick from, so that an editor may also type one. */
export function timeField(options: LeafOptions): BasicFormField<string> {
  const listId = `quarter-hours-${options.label.replace(/\W+/g, '-')}`;
  return textLeaf(
    options,
    (text) => text,
    ({ value, onChange, autoFocus, error }) =>
      h(
        'div',
        { style: { display: 'grid', gap: 6 } },
        h(
          'label',
          { style: { display: 'grid', gap: 6, fontSize: 14, fontWeight: 500 } },
          options.label,
          h('input', {
            type: 'text',
            list: listId,
            value,
            autoFocus,
            onChange: (event: { target: { value: string } }) => onChange(event.target.value),
            'aria-invalid': error ? true : undefined,
            inputMode: 'numeric',
            placeholder: '09:30',
            style: { font: 'inherit', padding: '6px 8px', width: '8em', border: '1px solid #bbb', borderRadius: 6 },
          }),
        ),
        h('datalist', { id: listId }, ...QUARTER_HOURS.map((t) => h('option', { key: t, value: t }))),
        errorLine(error),
      ),
  );
}

/** A choice among `choices`; an optional or nullable one adds "(geen)". */
export function selectField(
  options: LeafOptions & { choices: readonly { label: string; value: string }[]; toValue?: (text: string) => FormFieldStoredValue },
): BasicFormField<string> {
  const none = options.absent === 'keep' ? [] : [{ label: '(geen)', value: '' }];
  const builtin = fields.select({
    label: options.label,
    description: options.description,
    options: [...none, ...options.choices],
    defaultValue: none.length > 0 ? '' : (options.choices[0]?.value ?? ''),
  });
  return wrap(builtin, options, options.toValue ?? ((text) => text));
}

/** A day as YYYY-MM-DD through Keystatic's date picker; stored as that text (quoted by the writer). */
export function dateField(options: LeafOptions): BasicFormField<string> {
  return wrap(fields.date({ label: options.label, description: options.description }), options, (text) => text, {
    toPicker: (text) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null),
    fromPicker: (picked) => picked ?? '',
  });
}

/** The offset of Europe/Amsterdam at a local date and time, as +01:00 or +02:00. */
function amsterdamOffset(local: string): string {
  const at = new Date(`${local}:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name?.replace('GMT', '') || '+01:00';
}

/** A date and time with its offset through Keystatic's date-time picker; a picked time gets Amsterdam's offset. */
export function instantField(options: LeafOptions): BasicFormField<string> {
  return wrap(fields.datetime({ label: options.label, description: options.description }), options, (text) => text, {
    toPicker: (text) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? text.slice(0, 16) : null),
    fromPicker: (picked) => (picked ? `${picked}:00${amsterdamOffset(picked)}` : ''),
  });
}

/** Yes or no. */
export function checkboxField(options: LeafOptions & { defaultValue: boolean }): BasicFormField<boolean> {
  const builtin = fields.checkbox({ label: options.label, description: options.description, defaultValue: options.defaultValue });
  // Left out is the schema's default.
  const parse = (value: FormFieldStoredValue) => (value === undefined ? options.defaultValue : value === true);
  return {
    ...builtin,
    parse,
    serialize: (value) => ({ value }),
    validate(value) {
      const message = zodMessage(options.schema, value);
      if (message) throw new Error(message);
      return value;
    },
    reader: { parse },
  };
}

/** A builtin field's input over a text value, with our parse, serialize and schema check; its message shown below. */
function wrap<P>(
  builtin: BasicFormField<P & Picked>,
  options: LeafOptions,
  toValue: (text: string) => FormFieldStoredValue | null,
  picker?: { toPicker: (text: string) => P; fromPicker: (picked: P) => string },
): BasicFormField<string> {
  const BuiltinInput = builtin.Input;
  return textLeaf(options, toValue, ({ value, onChange, autoFocus, forceValidation, error }) =>
    h(
      'div',
      { style: { display: 'grid', gap: 6 } },
      h(BuiltinInput, {
        value: (picker ? picker.toPicker(value) : value) as P & Picked,
        onChange: (picked: P & Picked) => onChange(picker ? picker.fromPicker(picked) : (picked as unknown as string)),
        autoFocus,
        forceValidation,
      }),
      errorLine(error),
    ),
  );
}

/** The schema's message under a field, announced when it appears. */
function errorLine(error: string | undefined) {
  return error ? h('div', { role: 'alert', style: { color: '#b3261e', fontSize: 13 } }, error) : null;
}

/** What Keystatic's builtin inputs hold: any value but undefined. */
type Picked = NonNullable<unknown> | null;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The Markdown body after the front matter, edited as text and written back byte for byte. */
export function bodyField(label: string): ContentFormField<string, string, string> {
  const parse = (content: Uint8Array | undefined) => (content ? decoder.decode(content) : '');
  return {
    kind: 'form',
    formKind: 'content',
    contentExtension: '.md',
    // biome-ignore lint/correctness/noComponentHookFactories: a Keystatic field carries its input component.
    Input: ({ value, onChange }) => h(TextArea, { label, value, onChange, height: 'scale.3400' }),
    defaultValue: () => '\n',
    parse: (_value, { content }) => parse(content),
    serialize: (value) => ({ value: undefined, content: encoder.encode(value), other: new Map(), external: new Map() }),
    validate: (value) => value,
    reader: { parse: (_value, { content }) => parse(content) },
  };
}

/** Any other value (an optional list, a nullable group): edited as YAML text, stored as what it reads as. */
export function yamlField(options: LeafOptions): BasicFormField<string> {
  const read = (text: string): FormFieldStoredValue | null => {
    try {
      return loadYaml(text) as FormFieldStoredValue;
    } catch {
      return text;
    }
  };
  const field = textLeaf(options, read, ({ value, onChange, autoFocus, error }) =>
    h(TextArea, {
      label: options.label,
      description: options.description ?? 'In YAML, bijvoorbeeld [12, 34] of { href: /pad/, label: Tekst }',
      value,
      onChange,
      autoFocus,
      errorMessage: error,
    }),
  );
  const parse = (value: FormFieldStoredValue) => (value === undefined || value === null ? '' : dumpYaml(value, { flowLevel: 0 }).trimEnd());
  return { ...field, parse, reader: { parse } };
}

/** The slug of an entry: its file name without .md; written into the file under its key only when `written`. */
export function slugField(options: { label: string; schema: z.ZodType; written: boolean }): SlugFormField<string, string, string, string> {
  const check = (slug: string, slugs?: Set<string>) =>
    zodMessage(options.schema, slug) ?? (slugs?.has(slug) ? 'deze naam bestaat al' : undefined);
  return {
    kind: 'form',
    formKind: 'slug',
    label: options.label,
    Input({ value, onChange, autoFocus, forceValidation }) {
      return h(TextField, { label: options.label, value, onChange, autoFocus, errorMessage: forceValidation ? check(value) : undefined });
    },
    defaultValue: () => '',
    parse: (value, extra) => extra?.slug ?? asText(value),
    serialize: (slug) => ({ value: options.written ? slug : undefined }),
    serializeWithSlug: (slug) => ({ slug, value: options.written ? slug : undefined }),
    validate(slug, extra) {
      const message = check(slug, extra?.slugField.slugs);
      if (message) throw new Error(message);
      return slug;
    },
    reader: { parse: asText, parseWithSlug: (_value, { slug }) => slug },
  };
}

// The Keystatic form of a content file derived from its zod schema (src/schemas/*.ts), so that no rule is written
// twice: an object becomes a group, an array a list, and every leaf a field of leaf-fields.tsx whose check is the
// leaf's own schema. Labels, selects and multi-line texts come from a small hint map per collection (hints.ts).
import { fields } from '@keystatic/core';
import type { ComponentSchema } from '@keystatic/core';
import { instant, isoDate, time } from '../schemas/fields.ts';
import type { z } from '../schemas/zod.ts';
import { type FieldHint, labelOf } from './hints.ts';
import {
  type Absent,
  checkboxField,
  dateField,
  instantField,
  numberField,
  selectField,
  textField,
  timeField,
  yamlField,
} from './leaf-fields.ts';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default and transforms, and how a missing value is written. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; absent: Absent } {
  let inner = schema;
  let absent: Absent = 'keep';
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional' && def.innerType) absent = absent === 'keep' ? 'omit' : absent;
    else if (def.type === 'nullable' && def.innerType) absent = 'null';
    else if (def.type === 'default' && def.innerType) absent = absent === 'keep' ? 'omit' : absent;
    else if (def.type === 'pipe' && def.in) {
      inner = def.in;
      continue;
    } else return { inner, absent };
    inner = def.innerType as z.ZodType;
  }
}

const YES = { label: 'ja', value: 'true' };
const NO = { label: 'nee', value: 'false' };

/** The default of a schema with .default(), else undefined. */
function defaultOf(schema: z.ZodType): unknown {
  const def = defOf(schema) as Def & { defaultValue?: unknown };
  return def.type === 'default' ? def.defaultValue : undefined;
}

export type Hints = Readonly<Record<string, FieldHint>>;

/** The fields of an object schema, in the schema's key order. */
export function objectFields(schema: z.ZodType, hints: Hints, at = ''): Record<string, ComponentSchema> {
  const shape = defOf(unwrap(schema).inner).shape ?? {};
  return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, fieldFor(value, hints, at ? `${at}.${key}` : key)]));
}

/** What a list item shows in the list: its times, its id or title, or its value. */
function itemLabel(props: unknown): string {
  const p = props as { value?: unknown; fields?: Record<string, { value?: unknown }> };
  if (p.fields) {
    const f = p.fields;
    if (f.open && f.close) return `${f.open.value}–${f.close.value}`;
    for (const key of ['id', 'title', 'question', 'name', 'label', 'date', 'from', 'query', 'text']) {
      if (f[key] && typeof f[key].value === 'string' && f[key].value) return f[key].value;
    }
    return '…';
  }
  return typeof p.value === 'string' && p.value ? p.value : '…';
}

/** The field of one value at `at` (dotted keys, without list indexes). */
function fieldFor(schema: z.ZodType, hints: Hints, at: string): ComponentSchema {
  const hint = hints[at] ?? {};
  const { inner, absent } = unwrap(schema);
  const def = defOf(inner);
  const leaf = { label: hint.label ?? labelOf(at), description: hint.description, schema, absent };
  if (hint.choices && def.type !== 'array') return selectField({ ...leaf, choices: hint.choices });
  if (inner === time) return timeField(leaf);
  if (inner === isoDate) return dateField(leaf);
  if (inner === instant) return instantField(leaf);
  switch (def.type) {
    case 'string':
      return textField({ ...leaf, multiline: hint.multiline });
    case 'number':
      return numberField(leaf);
    case 'boolean':
      // A yes/no that may be left out keeps "left out" as a third choice, so that saving does not add it.
      if (absent === 'omit' && defOf(schema).type === 'optional')
        return selectField({ ...leaf, choices: [YES, NO], toValue: (text) => text === 'true' });
      return checkboxField({ ...leaf, defaultValue: defaultOf(schema) === true });
    case 'enum': {
      const entries = Object.values((def as unknown as { entries: Record<string, string> }).entries);
      return selectField({ ...leaf, choices: entries.map((value) => ({ label: hint.optionLabels?.[value] ?? value, value })) });
    }
    case 'object':
      if (absent !== 'keep') return yamlField(leaf);
      return fields.object(objectFields(inner, hints, at), { label: leaf.label, description: hint.description });
    case 'array': {
      // An optional list that is left out when empty cannot be a Keystatic list (it always writes []).
      if (absent === 'omit' && defOf(schema).type === 'optional') return yamlField(leaf);
      const min = (inner as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag.minimum;
      return fields.array(fieldFor(def.element as z.ZodType, hints, at), {
        label: leaf.label,
        description: hint.description,
        itemLabel,
        ...(min ? { validation: { length: { min } } } : {}),
      });
    }
    default:
      // Unions of texts (an address or a path) are text; anything else is edited as YAML.
      if (def.type === 'union' && isTextUnion(inner)) return textField(leaf);
      return yamlField(leaf);
  }
}

function isTextUnion(schema: z.ZodType): boolean {
  const options = (defOf(schema) as unknown as { options: z.ZodType[] }).options;
  return options.every((o) => defOf(unwrap(o).inner).type === 'string');
}

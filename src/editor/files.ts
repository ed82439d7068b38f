// A content file as the browser editor reads and writes it: the file's YAML (or front matter) through the fields'
// parse into the form's value, and back through their serialize into the exact bytes Keystatic's writer produces
// (js-yaml's dump of the fields in schema order, then the Markdown body unchanged). scripts/content-normalize.ts
// writes every managed file in this form once, and tests/unit/editor-files.test.ts checks the round trip.
import type { ComponentSchema, FormFieldStoredValue } from '@keystatic/core';
import { CORE_SCHEMA, dump, load } from 'js-yaml-4';

type Value = FormFieldStoredValue | null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The form's value of `data` (one file's YAML value) under `schema`, as Keystatic's reader makes it. */
function parseValue(schema: ComponentSchema, data: Value, extra: { slug?: string; body?: string }): unknown {
  if (schema.kind === 'form') {
    const value = data ?? undefined;
    if (schema.formKind === 'slug') return schema.parse(value, extra.slug === undefined ? undefined : { slug: extra.slug });
    if (schema.formKind === 'content')
      return schema.parse(value, { content: encoder.encode(extra.body ?? ''), other: new Map(), external: new Map(), slug: extra.slug });
    if (schema.formKind === 'asset' || schema.formKind === 'assets') throw new Error('no asset fields in this editor');
    return schema.parse(value);
  }
  if (schema.kind === 'object') {
    const record = (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, Value>;
    return Object.fromEntries(Object.entries(schema.fields).map(([key, field]) => [key, parseValue(field, record[key] ?? null, extra)]));
  }
  if (schema.kind === 'array') return Array.isArray(data) ? data.map((item) => parseValue(schema.element, item as Value, extra)) : [];
  throw new Error(`unsupported field kind ${schema.kind}`);
}

/** What Keystatic's writer stores for a form value: fields in schema order, undefined left out, the body apart. */
function serializeValue(schema: ComponentSchema, value: unknown, out: { body?: string }): Value | undefined {
  if (schema.kind === 'form') {
    if (schema.formKind === 'slug') return schema.serializeWithSlug(value).value;
    if (schema.formKind === 'content') {
      const { content } = schema.serialize(value, { slug: undefined });
      out.body = content ? decoder.decode(content) : '';
      return undefined;
    }
    if (schema.formKind === 'asset' || schema.formKind === 'assets') throw new Error('no asset fields in this editor');
    return schema.serialize(value).value;
  }
  if (schema.kind === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(schema.fields).map(([key, field]) => [key, serializeValue(field, record[key], out)] as const);
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as Value;
  }
  if (schema.kind === 'array') return (value as unknown[]).map((item) => serializeValue(schema.element, item, out) ?? null) as Value;
  throw new Error(`unsupported field kind ${schema.kind}`);
}

/** A file's text split as Keystatic splits it: the YAML, and for Markdown the body after the closing ---. */
export function splitFile(text: string, markdown: boolean): { yaml: string; body?: string } {
  if (!markdown) return { yaml: text };
  const match = /^---(?:\r?\n([\s\S]*?))?\r?\n---\r?\n?/.exec(text);
  if (!match) return { yaml: '', body: text };
  return { yaml: match[1] ?? '', body: text.slice(match[0].length) };
}

/**
 * The form's value of a file. `yamlSchema` 'core' reads dates and instants as the text written (for normalising a
 * file once); Keystatic itself reads with js-yaml's default schema, which is the same for normalised files.
 */
export function readFile(
  fields: Record<string, ComponentSchema>,
  text: string,
  options: { markdown: boolean; slug?: string; yamlSchema?: 'core' | 'default' },
): unknown {
  const { yaml, body } = splitFile(text, options.markdown);
  const loaded = load(yaml, options.yamlSchema === 'core' ? { schema: CORE_SCHEMA } : undefined) as Value;
  return parseValue({ kind: 'object', fields }, loaded ?? {}, { slug: options.slug, body });
}

/** The text Keystatic's writer produces for a form value. */
export function writeFile(fields: Record<string, ComponentSchema>, value: unknown, options: { markdown: boolean }): string {
  const out: { body?: string } = {};
  const data = serializeValue({ kind: 'object', fields }, value, out);
  const yaml = dump(data);
  return options.markdown ? `---\n${yaml}---\n${out.body ?? ''}` : yaml;
}

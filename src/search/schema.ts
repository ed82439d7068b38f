// Collection schemas of the embedded engine in Typesense's shape (POST /collections), their defaults and
// validation, and the checks (with Typesense's default "coerce_or_reject" for dirty values) a document passes
// on import.

export type FieldType = 'string' | 'string[]' | 'int32' | 'int32[]' | 'int64' | 'int64[]' | 'float' | 'float[]' | 'bool' | 'bool[]';
const FIELD_TYPES: readonly string[] = ['string', 'string[]', 'int32', 'int32[]', 'int64', 'int64[]', 'float', 'float[]', 'bool', 'bool[]'];

type FieldSchema = {
  name: string;
  type: FieldType;
  facet?: boolean;
  optional?: boolean;
  index?: boolean;
  sort?: boolean;
  infix?: boolean;
  locale?: string;
  stem?: boolean;
};

export type CollectionSchema = {
  name: string;
  fields: FieldSchema[];
  default_sorting_field?: string;
  token_separators?: string[];
  symbols_to_index?: string[];
  enable_nested_fields?: boolean;
};

/** A field with every default filled in, as GET /collections/{c} shows it. */
export type Field = Required<FieldSchema>;

/** A Typesense-style failure: HTTP status and message. */
export class TypesenseError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const isNumericType = (type: FieldType) => type.startsWith('int') || type.startsWith('float');
export const isArrayType = (type: FieldType) => type.endsWith('[]');
export const baseType = (type: FieldType) => type.replace('[]', '') as 'string' | 'int32' | 'int64' | 'float' | 'bool';

/** A field name containing `.*` declares fields by pattern, e.g. `spec_.*` (as in Typesense). */
export const isPatternField = (name: string) => name.includes('.*');

function normalizeField(raw: unknown): Field {
  if (typeof raw !== 'object' || raw === null)
    throw new TypesenseError(400, 'Wrong format for `fields`. It should be an array of objects.');
  const f = raw as Record<string, unknown>;
  if (typeof f.name !== 'string' || f.name === '')
    throw new TypesenseError(
      400,
      'Wrong format for `fields`. It should be an array of objects containing `name`, `type`, `optional` and `facet` properties.',
    );
  if (typeof f.type !== 'string' || !FIELD_TYPES.includes(f.type)) {
    throw new TypesenseError(400, `Field \`${f.name}\` has an invalid data type \`${String(f.type)}\`, see docs for supported data types.`);
  }
  for (const flag of ['facet', 'optional', 'index', 'sort', 'infix', 'stem'] as const) {
    if (f[flag] !== undefined && typeof f[flag] !== 'boolean')
      throw new TypesenseError(400, `The \`${flag}\` property of the field \`${f.name}\` should be a boolean.`);
  }
  if (f.locale !== undefined && typeof f.locale !== 'string')
    throw new TypesenseError(400, `The \`locale\` property of the field \`${f.name}\` should be a string.`);
  const type = f.type as FieldType;
  return {
    name: f.name,
    type,
    facet: (f.facet as boolean | undefined) ?? false,
    optional: (f.optional as boolean | undefined) ?? false,
    index: (f.index as boolean | undefined) ?? true,
    sort: (f.sort as boolean | undefined) ?? ((isNumericType(type) || baseType(type) === 'bool') && !isArrayType(type)),
    infix: (f.infix as boolean | undefined) ?? false,
    locale: (f.locale as string | undefined) ?? '',
    stem: (f.stem as boolean | undefined) ?? false,
  };
}

export type NormalizedSchema = {
  name: string;
  fields: Field[];
  default_sorting_field: string;
  token_separators: string[];
  symbols_to_index: string[];
  enable_nested_fields: boolean;
};

export function validateCollectionSchema(body: unknown): NormalizedSchema {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypesenseError(400, 'Bad JSON.');
  const b = body as Record<string, unknown>;
  if (typeof b.name !== 'string' || b.name.trim() === '') throw new TypesenseError(400, 'Parameter `name` is required.');
  if (!Array.isArray(b.fields)) throw new TypesenseError(400, 'Parameter `fields` is required.');
  const fields = b.fields.map(normalizeField);
  const names = new Set<string>();
  for (const f of fields) {
    if (names.has(f.name)) throw new TypesenseError(400, 'There are duplicate field names in the schema.');
    names.add(f.name);
    if (f.name === 'id' && f.type !== 'string') throw new TypesenseError(400, 'Field `id` must be of type string.');
  }
  const dsf = b.default_sorting_field ?? '';
  if (typeof dsf !== 'string') throw new TypesenseError(400, '`default_sorting_field` should be a string.');
  if (dsf) {
    const field = fields.find((f) => f.name === dsf);
    if (!field) throw new TypesenseError(400, `Default sorting field is defined as \`${dsf}\` but is not found in the schema.`);
    if (!isNumericType(field.type) || isArrayType(field.type)) {
      throw new TypesenseError(400, `Default sorting field \`${dsf}\` is not a sortable type.`);
    }
    if (field.optional) throw new TypesenseError(400, `Default sorting field \`${dsf}\` cannot be an optional field.`);
  }
  const strings = (key: string): string[] => {
    const v = b[key] ?? [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || [...s].length !== 1))
      throw new TypesenseError(400, `\`${key}\` should be an array of character strings.`);
    return v as string[];
  };
  if (b.enable_nested_fields === true) throw new TypesenseError(400, 'Nested fields are not supported by the embedded engine.');
  return {
    name: b.name,
    fields,
    default_sorting_field: dsf,
    token_separators: strings('token_separators'),
    symbols_to_index: strings('symbols_to_index'),
    enable_nested_fields: false,
  };
}

export type DirtyValues = 'coerce_or_reject' | 'coerce_or_drop' | 'drop' | 'reject';

const INT32 = { min: -2147483648, max: 2147483647 };

/** Checks one value against a field type; coerces when allowed. Returns undefined when it cannot be used. */
function coerceValue(value: unknown, type: ReturnType<typeof baseType>, coerce: boolean): unknown {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (coerce && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
      return undefined;
    case 'int32':
    case 'int64': {
      let n = value;
      if (coerce && typeof n === 'string' && /^-?\d+$/.test(n.trim())) n = Number(n);
      if (coerce && typeof n === 'boolean') n = n ? 1 : 0;
      if (typeof n !== 'number' || !Number.isInteger(n)) return undefined;
      if (type === 'int32' && (n < INT32.min || n > INT32.max)) return undefined;
      return n;
    }
    case 'float': {
      let n = value;
      if (coerce && typeof n === 'string' && n.trim() !== '' && Number.isFinite(Number(n))) n = Number(n);
      if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
      return n;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (coerce && (value === 'true' || value === 'false')) return value === 'true';
      if (coerce && (value === 1 || value === 0)) return value === 1;
      return undefined;
  }
}

const typeLabel = (type: ReturnType<typeof baseType>) =>
  type === 'bool' ? 'a bool' : type === 'string' ? 'a string' : `an ${type}`.replace('an float', 'a float');

/**
 * Checks a document against the schema's fields (matched by name or pattern), in place; throws a TypesenseError
 * with Typesense's message for the first problem. Fields not in the schema are kept and stored, not indexed.
 */
export function checkDocument(
  doc: Record<string, unknown>,
  fieldFor: (name: string) => Field | undefined,
  declared: readonly Field[],
  dirty: DirtyValues,
): void {
  const coerce = dirty === 'coerce_or_reject' || dirty === 'coerce_or_drop';
  const drop = dirty === 'coerce_or_drop' || dirty === 'drop';
  for (const field of declared) {
    if (isPatternField(field.name) || !field.index || field.optional) continue;
    if (doc[field.name] === undefined || doc[field.name] === null) {
      throw new TypesenseError(400, `Field \`${field.name}\` has been declared in the schema, but is not found in the document.`);
    }
  }
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'id') continue;
    const field = fieldFor(key);
    if (!field?.index) continue;
    if (value === null || value === undefined) {
      if (!field.optional)
        throw new TypesenseError(400, `Field \`${key}\` has been declared in the schema, but is not found in the document.`);
      delete doc[key];
      continue;
    }
    const type = baseType(field.type);
    if (isArrayType(field.type)) {
      if (!Array.isArray(value)) {
        if (drop) {
          delete doc[key];
          continue;
        }
        throw new TypesenseError(400, `Field \`${key}\` must be an array.`);
      }
      const out: unknown[] = [];
      for (const item of value) {
        const v = coerceValue(item, type, coerce);
        if (v === undefined) {
          if (drop) continue;
          throw new TypesenseError(400, `Field \`${key}\` must be an array of ${type}.`);
        }
        out.push(v);
      }
      doc[key] = out;
    } else {
      const v = coerceValue(value, type, coerce);
      if (v === undefined) {
        if (drop) {
          delete doc[key];
          continue;
        }
        throw new TypesenseError(400, `Field \`${key}\` must be ${typeLabel(type)}.`);
      }
      doc[key] = v;
    }
  }
}

// Column store of one collection's documents, built once per index generation: per field, the values of every
// document in compact arrays, for filters (filter.ts syntax), facet counts and sorting. Built by `Column.build`, a
// generator that yields every few hundred documents so that a large build can run in slices (slices.ts).
import { and, emptyBits, fromList, not, or, setBit, type Bits } from './bitset.ts';
import type { FilterNode, FilterValue } from './filter.ts';
import { baseType, TypesenseError, type Field } from './schema.ts';
import type { Steps } from './slices.ts';
import { tokenize, type TokenizeOptions } from './text.ts';

/** Values per document in compressed-row form: document d has values[offsets[d] .. offsets[d+1]). */
type Rows<T> = { offsets: Int32Array; values: T };

export class Column {
  readonly kind: 'string' | 'number' | 'bool';
  /** Distinct values as stored (facet values), and per document the ids of its values. */
  readonly distinct: string[] = [];
  ids: Rows<Int32Array> = { offsets: new Int32Array(1), values: new Int32Array(0) };
  /** Numbers (and booleans as 0/1) per document. */
  numbers: Rows<Float64Array> | null = null;
  /** First value per document for sorting: number, or NaN when missing. */
  readonly sortNumber: Float64Array | null = null;
  readonly sortString: (string | null)[] | null = null;
  private readonly byKey = new Map<string, number[]>();
  private readonly keyBits = new Map<string, Bits>();
  private tokenSets: (Set<string>[] | null)[] | null = null;
  readonly field: Field;
  private readonly raw: readonly unknown[];
  private readonly options: TokenizeOptions;

  private constructor(field: Field, raw: readonly unknown[], options: TokenizeOptions) {
    this.field = field;
    this.raw = raw;
    this.options = options;
    const type = baseType(field.type);
    this.kind = type === 'string' ? 'string' : type === 'bool' ? 'bool' : 'number';
    if (this.kind === 'string') this.sortString = new Array(raw.length).fill(null);
    else this.sortNumber = new Float64Array(raw.length).fill(NaN);
  }

  /** The column of one field over `raw` (one value per document), yielding every 256 documents. */
  static *build(field: Field, raw: readonly unknown[], options: TokenizeOptions): Steps<Column> {
    const column = new Column(field, raw, options);
    yield* column.fill();
    return column;
  }

  private *fill(): Steps<void> {
    const raw = this.raw;
    const n = raw.length;
    const offsets = new Int32Array(n + 1);
    const idList: number[] = [];
    const numList: number[] = [];
    const idOf = new Map<string, number>();
    for (let d = 0; d < n; d++) {
      if ((d & 255) === 255) yield;
      const v = raw[d];
      const list = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
      for (const item of list) {
        const text = String(item);
        let id = idOf.get(text);
        if (id === undefined) {
          id = this.distinct.length;
          idOf.set(text, id);
          this.distinct.push(text);
          if (this.kind === 'string') {
            const key = this.valueKey(text);
            const same = this.byKey.get(key);
            if (same) same.push(id);
            else this.byKey.set(key, [id]);
          }
        }
        idList.push(id);
        if (this.kind !== 'string') numList.push(typeof item === 'boolean' ? (item ? 1 : 0) : Number(item));
      }
      offsets[d + 1] = idList.length;
      if (list.length > 0) {
        if (this.sortString) this.sortString[d] = String(list[0]).toLowerCase();
        if (this.sortNumber) this.sortNumber[d] = numList[numList.length - list.length]!;
      }
    }
    this.ids = { offsets, values: Int32Array.from(idList) };
    if (this.kind !== 'string') this.numbers = { offsets, values: Float64Array.from(numList) };
  }

  /** Strings compare case- and accent-insensitively in filters, token by token, as in Typesense. */
  valueKey(text: string): string {
    return tokenize(text, this.options).join(' ');
  }

  get size(): number {
    return this.raw.length;
  }

  /** Documents whose value (any element, for arrays) equals `text` under valueKey. */
  docsEqual(text: string): Bits {
    const key = this.valueKey(text);
    let bits = this.keyBits.get(key);
    if (!bits) {
      const ids = new Set(this.byKey.get(key) ?? []);
      bits = emptyBits(this.size);
      if (ids.size > 0) {
        const { offsets, values } = this.ids;
        for (let d = 0; d < this.size; d++) {
          for (let k = offsets[d]!; k < offsets[d + 1]!; k++) {
            if (ids.has(values[k]!)) {
              setBit(bits, d);
              break;
            }
          }
        }
      }
      if (this.keyBits.size > 5000) this.keyBits.clear();
      this.keyBits.set(key, bits);
    }
    return bits;
  }

  /** Documents whose value contains all tokens of `text` (Typesense's non-exact `field:value`). */
  docsContaining(text: string): Bits {
    const wanted = tokenize(text, this.options);
    this.tokenSets ??= this.raw.map((v) => {
      const list = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
      return list.length ? list.map((item) => new Set(tokenize(String(item), this.options))) : null;
    });
    const docs: number[] = [];
    this.tokenSets.forEach((sets, d) => {
      if (sets?.some((set) => wanted.every((t) => set.has(t)))) docs.push(d);
    });
    return fromList(this.size, docs);
  }

  /** Documents with a number for which `test` holds. */
  docsWhere(test: (x: number) => boolean): Bits {
    const bits = emptyBits(this.size);
    const { offsets, values } = this.numbers!;
    for (let d = 0; d < this.size; d++) {
      for (let k = offsets[d]!; k < offsets[d + 1]!; k++) {
        if (test(values[k]!)) {
          setBit(bits, d);
          break;
        }
      }
    }
    return bits;
  }
}

/** Evaluates a parsed filter_by over the columns; unknown fields and wrong values are Typesense errors. */
export function evaluateFilter(
  node: FilterNode,
  n: number,
  column: (field: string) => Column | 'id' | undefined,
  ids: readonly string[],
): Bits {
  if (node.type !== 'clause') {
    const left = evaluateFilter(node.left, n, column, ids);
    const right = evaluateFilter(node.right, n, column, ids);
    return node.type === 'and' ? and(left, right) : or(left, right);
  }
  const col = column(node.field);
  if (!col) throw new TypesenseError(404, `Could not find a filter field named \`${node.field}\` in the schema.`);
  let bits: Bits;
  if (col === 'id') {
    const wanted = new Set(node.values.map((v) => (v.kind === 'value' ? v.text : '')));
    bits = fromList(
      n,
      ids.flatMap((id, d) => (wanted.has(id) ? [d] : [])),
    );
  } else if (col.kind === 'string') {
    if (node.op !== '=' && node.op !== ':')
      throw new TypesenseError(400, `Error with filter field \`${node.field}\`: Not a numerical field.`);
    bits = emptyBits(n);
    for (const v of node.values) {
      if (v.kind !== 'value')
        throw new TypesenseError(400, `Error with filter field \`${node.field}\`: A range is only possible on a numerical field.`);
      bits = or(bits, node.op === '=' ? col.docsEqual(v.text) : col.docsContaining(v.text));
    }
  } else if (col.kind === 'bool') {
    if (node.op !== '=' && node.op !== ':')
      throw new TypesenseError(400, `Error with filter field \`${node.field}\`: Not a numerical field.`);
    bits = emptyBits(n);
    for (const v of node.values) {
      const text = v.kind === 'value' ? v.text.trim() : '';
      if (text !== 'true' && text !== 'false')
        throw new TypesenseError(400, `Value of filter field \`${node.field}\`: must be \`true\` or \`false\`.`);
      const want = text === 'true' ? 1 : 0;
      bits = or(
        bits,
        col.docsWhere((x) => x === want),
      );
    }
  } else {
    const num = (text: string): number => {
      const x = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(x))
        throw new TypesenseError(
          400,
          `Error with filter field \`${node.field}\`: Not ${col.field.type.startsWith('float') ? 'a float' : `an ${baseType(col.field.type)}`}.`,
        );
      return x;
    };
    if (node.op === '=' || node.op === ':') {
      const tests = node.values.map((v: FilterValue) => {
        if (v.kind === 'range') {
          const min = num(v.min);
          const max = num(v.max);
          return (x: number) => x >= min && x <= max;
        }
        const want = num(v.text);
        return (x: number) => x === want;
      });
      bits = col.docsWhere((x) => tests.some((t) => t(x)));
    } else {
      if (node.values.length !== 1 || node.values[0]!.kind !== 'value') throw new TypesenseError(400, 'Could not parse the filter query.');
      const limit = num(node.values[0]!.text);
      const op = node.op;
      bits = col.docsWhere((x) => (op === '>' ? x > limit : op === '>=' ? x >= limit : op === '<' ? x < limit : x <= limit));
    }
  }
  return node.negated ? not(bits, n) : bits;
}

// Parser of Typesense's filter_by syntax, as the instant-search adapter and configure widgets send it:
//   brand:=[`Bosch`,`Miele`]   brand:!=[`Bosch`]   price:=[10000..50000]   price:>=10000 && price:<=50000
//   (inStock:=true || stockState:=backorder) && brand:=Bosch   name:koelkast (token match)   price:[10..20, 40..50]
// Values in backticks may hold any character but a backtick; bare values end at `,` `]` `)` `&&` `||`.

export type FilterValue = { kind: 'value'; text: string; quoted: boolean } | { kind: 'range'; min: string; max: string };

type Comparison = '>' | '>=' | '<' | '<=';

export type FilterNode =
  | { type: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | {
      type: 'clause';
      field: string;
      /** `=`: exact; `:`: token match on strings (exact for numbers and booleans); comparisons for numbers. */
      op: '=' | ':' | Comparison;
      negated: boolean;
      values: FilterValue[];
    };

export class FilterSyntaxError extends Error {}

export function parseFilter(input: string): FilterNode {
  const p = new Parser(input);
  const node = p.parseOr();
  p.skipSpace();
  if (!p.atEnd()) throw new FilterSyntaxError(`Could not parse the filter query: unexpected "${input.slice(p.pos, p.pos + 10)}".`);
  return node;
}

class Parser {
  pos = 0;
  readonly s: string;
  constructor(s: string) {
    this.s = s;
  }

  atEnd(): boolean {
    return this.pos >= this.s.length;
  }
  skipSpace(): void {
    while (this.pos < this.s.length && /\s/.test(this.s[this.pos]!)) this.pos++;
  }
  peek(text: string): boolean {
    return this.s.startsWith(text, this.pos);
  }
  fail(): never {
    throw new FilterSyntaxError('Could not parse the filter query.');
  }

  parseOr(): FilterNode {
    let left = this.parseAnd();
    for (;;) {
      this.skipSpace();
      if (!this.peek('||')) return left;
      this.pos += 2;
      left = { type: 'or', left, right: this.parseAnd() };
    }
  }

  parseAnd(): FilterNode {
    let left = this.parsePrimary();
    for (;;) {
      this.skipSpace();
      if (!this.peek('&&')) return left;
      this.pos += 2;
      left = { type: 'and', left, right: this.parsePrimary() };
    }
  }

  parsePrimary(): FilterNode {
    this.skipSpace();
    if (this.peek('(')) {
      this.pos++;
      const inner = this.parseOr();
      this.skipSpace();
      if (!this.peek(')')) this.fail();
      this.pos++;
      return inner;
    }
    return this.parseClause();
  }

  parseClause(): FilterNode {
    const colon = this.s.indexOf(':', this.pos);
    if (colon < 0) this.fail();
    const field = this.s.slice(this.pos, colon).trim();
    if (!field || /[\s()&|`[\]]/.test(field)) this.fail();
    this.pos = colon + 1;
    this.skipSpace();
    let op: '=' | ':' | Comparison = ':';
    let negated = false;
    if (this.peek('!=')) {
      negated = true;
      op = '=';
      this.pos += 2;
    } else if (this.peek('!')) {
      negated = true;
      this.pos += 1;
    } else if (this.peek('>=') || this.peek('<=')) {
      op = this.s.slice(this.pos, this.pos + 2) as Comparison;
      this.pos += 2;
    } else if (this.peek('>') || this.peek('<')) {
      op = this.s[this.pos] as Comparison;
      this.pos += 1;
    } else if (this.peek('=')) {
      op = '=';
      this.pos += 1;
    }
    this.skipSpace();
    const values: FilterValue[] = [];
    if (this.peek('[')) {
      if (op !== '=' && op !== ':') this.fail();
      this.pos++;
      for (;;) {
        this.skipSpace();
        if (this.peek(']')) {
          this.pos++;
          break;
        }
        values.push(this.parseListItem());
        this.skipSpace();
        if (this.peek(',')) this.pos++;
        else if (!this.peek(']')) this.fail();
      }
      if (values.length === 0) this.fail();
    } else {
      const value = this.parseScalar(false);
      if (value.text === '' && !value.quoted) this.fail();
      values.push(value);
    }
    return { type: 'clause', field, op, negated, values };
  }

  parseListItem(): FilterValue {
    const first = this.parseScalar(true);
    if (first.quoted) return first;
    const range = /^(.*?)\.\.(.*)$/.exec(first.text);
    if (range) {
      const min = range[1]!.trim();
      const max = range[2]!.trim();
      if (!min || !max) this.fail();
      return { kind: 'range', min, max };
    }
    if (first.text === '') this.fail();
    return first;
  }

  parseScalar(inList: boolean): { kind: 'value'; text: string; quoted: boolean } {
    this.skipSpace();
    if (this.peek('`')) {
      const end = this.s.indexOf('`', this.pos + 1);
      if (end < 0) this.fail();
      const text = this.s.slice(this.pos + 1, end);
      this.pos = end + 1;
      return { kind: 'value', text, quoted: true };
    }
    const start = this.pos;
    while (this.pos < this.s.length) {
      const ch = this.s[this.pos]!;
      if (ch === ')' || (inList && (ch === ',' || ch === ']')) || this.peek('&&') || this.peek('||')) break;
      if (ch === '`') this.fail();
      this.pos++;
    }
    return { kind: 'value', text: this.s.slice(start, this.pos).trim(), quoted: false };
  }
}

import { describe, expect, it } from 'vitest';
import { FilterSyntaxError, parseFilter, type FilterNode } from '../../src/search/filter';
import { SearchEngine } from '../../src/search/engine';

const clause = (
  field: string,
  op: '=' | ':' | '>' | '>=' | '<' | '<=',
  values: (string | [string, string])[],
  negated = false,
  quoted = true,
): FilterNode => ({
  type: 'clause',
  field,
  op,
  negated,
  values: values.map((v) => (Array.isArray(v) ? { kind: 'range', min: v[0], max: v[1] } : { kind: 'value', text: v, quoted })),
});

describe('filter_by parser (the syntax the adapter sends)', () => {
  it.each<[string, FilterNode]>([
    ['brand:=[`Bosch`,`Miele`]', clause('brand', '=', ['Bosch', 'Miele'])],
    ['brand:!=[`Bosch`]', clause('brand', '=', ['Bosch'], true)],
    ['price:=[10000..50000]', clause('price', '=', [['10000', '50000']])],
    [
      'price:[10..20, 40..50]',
      clause('price', ':', [
        ['10', '20'],
        ['40', '50'],
      ]),
    ],
    ['price:>=10000', clause('price', '>=', ['10000'], false, false)],
    ['price:<=50000', clause('price', '<=', ['50000'], false, false)],
    ['price:>5', clause('price', '>', ['5'], false, false)],
    ['price: < 5', clause('price', '<', ['5'], false, false)],
    ['inStock:=true', clause('inStock', '=', ['true'], false, false)],
    ['inStock:=[true]', clause('inStock', '=', ['true'], false, false)],
    ['price:=[54900]', clause('price', '=', ['54900'], false, false)],
    ['brand:=Bosch', clause('brand', '=', ['Bosch'], false, false)],
    ['brand:!Bosch', clause('brand', ':', ['Bosch'], true, false)],
    ['name:koelkast', clause('name', ':', ['koelkast'], false, false)],
    ['spec_breedte:=[`60 cm`,`a, b`]', clause('spec_breedte', '=', ['60 cm', 'a, b'])],
    ["brand:=[`De'Longhi`]", clause('brand', '=', ["De'Longhi"])],
    ['categories.lvl1:=[`Inbouwapparatuur > Inbouwovens`]', clause('categories.lvl1', '=', ['Inbouwapparatuur > Inbouwovens'])],
    ['brand:=[`a && b || (c)`]', clause('brand', '=', ['a && b || (c)'])],
  ])('parses %s', (input, expected) => {
    expect(parseFilter(input)).toEqual(expected);
  });

  it('joins with && and || with && binding tighter, and honours parentheses', () => {
    const a = clause('inStock', '=', ['true'], false, false);
    const b = clause('stockState', '=', ['backorder'], false, false);
    const c = clause('brand', '=', ['Bosch'], false, false);
    expect(parseFilter('(inStock:=true || stockState:=backorder) && brand:=Bosch')).toEqual({
      type: 'and',
      left: { type: 'or', left: a, right: b },
      right: c,
    });
    expect(parseFilter('inStock:=true || stockState:=backorder && brand:=Bosch')).toEqual({
      type: 'or',
      left: a,
      right: { type: 'and', left: b, right: c },
    });
    expect(parseFilter('price:>=10000 && price:<=50000')).toEqual({
      type: 'and',
      left: clause('price', '>=', ['10000'], false, false),
      right: clause('price', '<=', ['50000'], false, false),
    });
  });

  it.each([
    '',
    'brand',
    'brand:=[`Bosch`',
    'brand:=[`Bosch]',
    '(brand:=Bosch',
    'brand:=Bosch)',
    'brand:=Bosch &&',
    'price:>=[1..2]',
    'brand:=[]',
    ':=x',
    'price:=[1..]',
  ])('rejects %j', (input) => {
    expect(() => parseFilter(input)).toThrow(FilterSyntaxError);
  });
});

describe('filter_by evaluation', () => {
  const engine = new SearchEngine(() => 0);
  engine.createCollection({
    name: 'things',
    fields: [
      { name: 'brand', type: 'string', facet: true },
      { name: 'tags', type: 'string[]', optional: true },
      { name: 'price', type: 'int32' },
      { name: 'inStock', type: 'bool' },
      { name: 'stockState', type: 'string' },
      { name: 'spec_.*', type: 'string', optional: true },
    ],
  });
  const docs = [
    { id: 'a', brand: 'Bosch', price: 10000, inStock: true, stockState: 'inStock', tags: ['wit', 'stil'], spec_breedte: '60 cm' },
    { id: 'b', brand: 'Miele', price: 50000, inStock: false, stockState: 'backorder', spec_breedte: '45 cm' },
    { id: 'c', brand: "De'Longhi", price: 30000, inStock: false, stockState: 'outOfStock', tags: ['zwart'] },
    { id: 'd', brand: 'Bosch', price: 60000, inStock: false, stockState: 'backorder' },
    { id: 'e', brand: 'Smeg', price: 9999, inStock: true, stockState: 'inStock' },
  ];
  engine.importDocuments('things', docs.map((d) => JSON.stringify(d)).join('\n'), new URLSearchParams());
  const ids = (filter_by: string) =>
    (engine.search('things', { q: '*', filter_by, per_page: 250, sort_by: 'price:asc' }).hits as { document: { id: string } }[])
      .map((h) => h.document.id)
      .sort();

  it.each([
    ['brand:=[`Bosch`,`Miele`]', ['a', 'b', 'd']],
    ['brand:!=[`Bosch`]', ['b', 'c', 'e']],
    ['brand:=bosch', ['a', 'd']],
    ["brand:=[`De'Longhi`]", ['c']],
    ['price:=[10000..50000]', ['a', 'b', 'c']],
    ['price:>=10000 && price:<=50000', ['a', 'b', 'c']],
    ['price:>10000 && price:<50000', ['c']],
    ['price:=9999', ['e']],
    ['price:!=9999', ['a', 'b', 'c', 'd']],
    ['price:[0..9999, 60000..70000]', ['d', 'e']],
    ['inStock:=true', ['a', 'e']],
    ['inStock:false', ['b', 'c', 'd']],
    ['(inStock:=true || stockState:=backorder) && brand:=Bosch', ['a', 'd']],
    ['inStock:=true || stockState:=backorder && brand:=Bosch', ['a', 'd', 'e']],
    ['tags:=[`zwart`,`stil`]', ['a', 'c']],
    ['spec_breedte:=[`60 cm`]', ['a']],
    ['id:=[a,c]', ['a', 'c']],
  ])('%s matches %j', (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it.each([
    ['nope:=x', 404, 'Could not find a filter field named `nope` in the schema.'],
    ['price:=abc', 400, 'Error with filter field `price`: Not an int32.'],
    ['inStock:=maybe', 400, 'Value of filter field `inStock`: must be `true` or `false`.'],
    ['brand:=[`Bosch`', 400, 'Could not parse the filter query.'],
  ])('%s is refused with %i', (filter_by, code, error) => {
    expect(engine.multiSearch({ searches: [{ collection: 'things', q: '*', filter_by }] }, {}).results[0]).toEqual({ code, error });
  });
});

// The catalogue feed's checks (src/domain/catalog-feed.ts) and its reading of JSON and CSV (src/server/catalog/
// feed-parse.ts): every bad input of issue 21, each problem naming row and field in Dutch, expected values by hand.
import { describe, expect, it } from 'vitest';
import { csvColumns, eurosToCents, FEED_LIMITS, FeedCheck, type FeedContext } from '../../src/domain/catalog-feed.ts';
import { checkFeed } from '../../src/server/catalog/feed-parse.ts';

// Two products: 1 costs 10000 with a cash-desk discount of 1000; 2 costs 5000 without discounts. Today is 1 May 2026.
const context: FeedContext = {
  productOf: (id) =>
    id === 1 ? { price: 10_000, discounts: { cashDesk: { price: 1_000 } } } : id === 2 ? { price: 5_000, discounts: {} } : undefined,
  today: '2026-05-01',
};
const json = (value: unknown) => checkFeed(Buffer.from(JSON.stringify(value)), 'json', context);
const csv = (text: string) => checkFeed(Buffer.from(text), 'csv', context);
const problems = (check: FeedCheck) => check.problems.map(({ field, message }) => ({ field, message }));

describe('JSON feeds', () => {
  it('keeps the given fields of each row, whole values as sent (stock quantity defaults to 0)', async () => {
    const check = await json([
      { productId: 1, price: 9_000, stock: { state: 'outOfStock' } },
      { productId: 2, discounts: { cashback: { price: 500 } }, expired: true, shopOnly: false },
      { productId: 2, stock: { state: 'backorder', quantity: 0, expectedDate: '2026-05-01' } },
    ]);
    expect(problems(check)).toEqual([
      { field: 'rows[3].productId', message: 'Regel 3 (artikel 2), veld productId: artikel 2 staat al in regel 2.' },
    ]);
    expect(check.rows).toEqual([
      { productId: 1, fields: { price: 9_000, stock: { state: 'outOfStock', quantity: 0 } } },
      { productId: 2, fields: { discounts: { cashback: { price: 500 } }, expired: true, shopOnly: false } },
    ]);
  });

  it('names every bad row and field: unknown product, negative price, cents with decimals, unknown stock state, a past date', async () => {
    const check = await json([
      { productId: 99, price: 100 },
      { productId: 1, price: -1 },
      { productId: 2, price: 49.5 },
      { productId: 1, stock: { state: 'weg', quantity: 1 } },
      { productId: 2, stock: { state: 'backorder', expectedDate: '2026-04-30' } },
    ]);
    expect(problems(check)).toEqual([
      { field: 'rows[1].productId', message: 'Regel 1 (artikel 99), veld productId: artikel 99 bestaat niet in de catalogus.' },
      { field: 'rows[2].price', message: 'Regel 2 (artikel 1), veld price: mag niet negatief zijn.' },
      { field: 'rows[3].price', message: 'Regel 3 (artikel 2), veld price: moet een geheel aantal centen zijn.' },
      {
        field: 'rows[4].stock.state',
        message: 'Regel 4 (artikel 1), veld stock.state: "weg" is geen voorraadstatus; kies inStock, backorder, outOfStock.',
      },
      {
        field: 'rows[5].stock.expectedDate',
        message: 'Regel 5 (artikel 2), veld stock.expectedDate: de verwachte datum 2026-04-30 ligt in het verleden.',
      },
    ]);
    expect(check.rows).toEqual([]);
  });

  it('refuses duplicates, rows that change nothing, wrong types, unknown fields and discounts that reach the price', async () => {
    const check = await json([
      { productId: 1, price: 9_000 },
      { productId: 1, price: 8_000 },
      { productId: 2 },
      { productId: '2', price: 100 },
      { productId: 2, price: '100' },
      { productId: 2, expired: 'ja' },
      { productId: 2, colour: 'rood' },
      { productId: 1, price: 1_000 },
      { productId: 2, discounts: { cashDesk: { price: 3_000 }, makeAmends: { price: 2_000 } } },
      { productId: 2, stock: { state: 'backorder', expectedDate: '2026-02-30' } },
      'productId;price',
    ]);
    expect(problems(check)).toEqual([
      { field: 'rows[2].productId', message: 'Regel 2 (artikel 1), veld productId: artikel 1 staat al in regel 1.' },
      {
        field: 'rows[3]',
        message: 'Regel 3 (artikel 2): deze regel verandert niets; geef ten minste een van price, discounts, stock, expired, shopOnly.',
      },
      { field: 'rows[4].productId', message: 'Regel 4, veld productId: moet een getal zijn.' },
      { field: 'rows[5].price', message: 'Regel 5 (artikel 2), veld price: moet een bedrag in centen zijn (een getal).' },
      { field: 'rows[6].expired', message: 'Regel 6 (artikel 2), veld expired: moet true of false zijn.' },
      { field: 'rows[7].colour', message: 'Regel 7 (artikel 2), veld colour: is geen veld van de feed.' },
      {
        field: 'rows[8].productId',
        message: 'Regel 8 (artikel 1), veld productId: artikel 1 staat al in regel 1.',
      },
      {
        field: 'rows[8].price',
        message: 'Regel 8 (artikel 1), veld price: de kassakorting en de coulancekorting samen moeten onder de prijs blijven.',
      },
      {
        field: 'rows[9].productId',
        message: 'Regel 9 (artikel 2), veld productId: artikel 2 staat al in regel 3.',
      },
      {
        field: 'rows[9].discounts',
        message: 'Regel 9 (artikel 2), veld discounts: de kassakorting en de coulancekorting samen moeten onder de prijs blijven.',
      },
      {
        field: 'rows[10].productId',
        message: 'Regel 10 (artikel 2), veld productId: artikel 2 staat al in regel 3.',
      },
      {
        field: 'rows[10].stock.expectedDate',
        message: 'Regel 10 (artikel 2), veld stock.expectedDate: 2026-02-30 is geen bestaande datum.',
      },
      { field: 'rows[11]', message: 'Regel 11: moet een object zijn.' },
    ]);
    expect(check.rows).toEqual([{ productId: 1, fields: { price: 9_000 } }]);
  });

  it('refuses what is not a list of rows, garbage, an empty list and more rows than the limit', async () => {
    expect(problems(await json({ productId: 1, price: 100 }))).toEqual([
      { field: 'feed', message: 'De feed moet een JSON-lijst van regels zijn, zoals [{"productId":100065,"price":44900}].' },
    ]);
    expect(problems(await json([]))).toEqual([{ field: 'feed', message: 'De feed bevat geen regels.' }]);
    const garbage = await checkFeed(Buffer.from('\u0000\u00ff garbage {'.repeat(1000)), 'json', context);
    expect(garbage.problems).toHaveLength(1);
    expect(garbage.problems[0]!.message).toMatch(/^De feed is geen geldige JSON \(/);
    const many = await json(Array.from({ length: FEED_LIMITS.rows + 1 }, () => ({ productId: 1, price: 1 })));
    expect(problems(many)).toEqual([
      { field: 'feed', message: 'De feed heeft 200.001 regels, meer dan 200.000; splits hem in kleinere feeds.' },
    ]);
  });

  it('reports the first 100 problems and stops there', async () => {
    const check = await json(Array.from({ length: 500 }, (_, i) => ({ productId: 1000 + i, price: 1 })));
    expect(check.problems).toHaveLength(100);
    expect(check.problems[99]!.field).toBe('rows[100].productId');
  });
});

describe('CSV feeds', () => {
  it('reads decimal euros with a comma or a point, ; or , between fields, empty cells as not given, 0 as no discount', async () => {
    const semicolons = await csv(
      '\uFEFFproductId;price;discounts.cashDesk;discounts.cashback;stock.state;stock.quantity;stock.expectedDate;expired;shopOnly\n' +
        '1;449,00;10,5;0;backorder;0;2026-06-01;nee;ja\n' +
        '\n' +
        '2;;;;inStock;4;;;\n',
    );
    expect(problems(semicolons)).toEqual([]);
    expect(semicolons.rows).toEqual([
      {
        productId: 1,
        fields: {
          price: 44_900,
          discounts: { cashDesk: { price: 1_050 } },
          stock: { state: 'backorder', quantity: 0, expectedDate: '2026-06-01' },
          expired: false,
          shopOnly: true,
        },
      },
      { productId: 2, fields: { stock: { state: 'inStock', quantity: 4 } } },
    ]);
    const commas = await csv('productId,price\n1,"8999.5"\n2,49\n');
    expect(commas.rows).toEqual([
      { productId: 1, fields: { price: 899_950 } },
      { productId: 2, fields: { price: 4_900 } },
    ]);
  });

  it('names the line number and the column of every problem', async () => {
    const check = await csv(
      'productId;price;stock.state;expired\n' +
        '1;449,001;;\n' +
        '2;-3,00;;\n' +
        '\n' +
        '7;10,00;;\n' +
        '2;;verkocht;\n' +
        '1;;;misschien\n' +
        '1;2;3\n' +
        'abc;1,00;;\n',
    );
    expect(problems(check)).toEqual([
      { field: 'rows[2].price', message: 'Regel 2 (artikel 1), veld price: heeft meer dan twee decimalen.' },
      { field: 'rows[3].price', message: 'Regel 3 (artikel 2), veld price: mag niet negatief zijn.' },
      { field: 'rows[5].productId', message: 'Regel 5 (artikel 7), veld productId: artikel 7 bestaat niet in de catalogus.' },
      {
        field: 'rows[6].stock.state',
        message: 'Regel 6 (artikel 2), veld stock.state: "verkocht" is geen voorraadstatus; kies inStock, backorder, outOfStock.',
      },
      { field: 'rows[7].expired', message: 'Regel 7 (artikel 1), veld expired: moet ja of nee zijn (of true/false, 1/0).' },
      { field: 'rows[8]', message: 'Regel 8: heeft 3 velden, de kopregel 4.' },
      { field: 'rows[9].productId', message: 'Regel 9, veld productId: moet een getal zijn.' },
    ]);
  });

  it('refuses an unknown or doubled column and a header without productId, on line 1, before any row', async () => {
    expect(problems(await csv('productId;prijs;price;price\n1;1;1;1\n'))).toEqual([
      {
        field: 'rows[1].prijs',
        message:
          'Regel 1, veld prijs: onbekende kolom; gebruik productId, price, discounts.cashback, discounts.cashDesk, ' +
          'discounts.makeAmends, stock.state, stock.quantity, stock.expectedDate, expired, shopOnly.',
      },
      { field: 'rows[1].price', message: 'Regel 1, veld price: deze kolom staat twee keer in de kopregel.' },
    ]);
    expect(problems(await csv('price\n1,00\n'))).toEqual([
      { field: 'rows[1].productId', message: 'Regel 1, veld productId: de kopregel mist de kolom productId.' },
    ]);
    const check = new FeedCheck(context);
    expect(csvColumns(['productId', 'stock.state'], check)).toEqual(['productId', 'stock.state']);
  });

  it('refuses an empty file, a header alone and garbage with one problem for the feed', async () => {
    expect(problems(await csv(''))).toEqual([
      { field: 'feed', message: 'De feed is leeg; een CSV-feed begint met een kopregel, zoals productId;price.' },
    ]);
    expect(problems(await csv('productId;price\n'))).toEqual([{ field: 'feed', message: 'De feed bevat geen regels.' }]);
    // 200 KB on one line without a line break: more than a record may be.
    const garbage = await csv('productId;price\n'.concat('x'.repeat(200 * 1024)));
    expect(garbage.problems.at(-1)).toEqual({ row: 0, field: 'feed', message: 'De feed is geen leesbare CSV vanaf regel 2.' });
    expect(garbage.rows).toEqual([]);
  });
});

describe('eurosToCents', () => {
  it('reads euros with up to two decimals', () => {
    expect(eurosToCents('449,00')).toBe(44_900);
    expect(eurosToCents('449.00')).toBe(44_900);
    expect(eurosToCents('449')).toBe(44_900);
    expect(eurosToCents('449,5')).toBe(44_950);
    expect(eurosToCents('€ 12,34')).toBe(1_234);
    expect(eurosToCents('-1,00')).toBe(-100);
    expect(eurosToCents('449,999')).toBe('heeft meer dan twee decimalen');
    expect(eurosToCents('1.449,00')).toBe('moet een bedrag in euro zijn, zoals 449,00');
    expect(eurosToCents('gratis')).toBe('moet een bedrag in euro zijn, zoals 449,00');
  });
});

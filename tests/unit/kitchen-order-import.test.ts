// Reading an ERP export of kitchen orders (src/server/kitchen-orders/import-file.ts): the sample in both formats,
// and every kind of problem named by its row and column.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, readKitchenOrderFile } from '../../src/server/kitchen-orders/import-file.ts';

const context = {
  storeIds: new Set(['keukens-cruquius', 'keukens-den-haag', 'keukens-zoeterwoude']),
  kitchenIds: new Set([7002, 7010, 7014]),
};
const sample = (name: string) => readFileSync(new URL(`../../content/kitchen-orders/${name}`, import.meta.url), 'utf8');

/** One CSV line in the column order of the header, from the values given (others empty). */
function csvLine(values: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>): string {
  return IMPORT_COLUMNS.map((column) => values[column] ?? '').join(',');
}
const header = IMPORT_COLUMNS.join(',');
const valid = {
  order_number: 'KO-2026-00200',
  customer_name: 'Jan Smit',
  email: 'jan@example.nl',
  phone: '0612345678',
  country: 'NL',
  postal_code: '2316xa',
  store_id: 'keukens-zoeterwoude',
  kitchen_id: '7014',
  order_confirmed: '2026-11-02',
} as const;

describe('the sample export', () => {
  it('reads the same four orders from the CSV and the JSON file, without problems', () => {
    const csv = readKitchenOrderFile(sample('sample.csv'), 'csv', context);
    const json = readKitchenOrderFile(sample('sample.json'), 'json', context);
    expect(csv.problems).toEqual([]);
    expect(json.problems).toEqual([]);
    expect(csv.orders.map((o) => o.order.orderNumber)).toEqual(['KO-2026-00123', 'KO-2026-00087', 'KO-2026-00042', 'KO-2026-00156']);
    expect(json.orders).toEqual(csv.orders);
  });

  it('tidies phone numbers and postal codes into the forms of the model', () => {
    const [first, belgian] = readKitchenOrderFile(sample('sample.csv'), 'csv', context).orders;
    // '06 12345678' is a Dutch mobile number: +31 and the nine digits after the 0.
    expect(first?.order.customer).toEqual({ name: 'Sanne de Vries', email: 'sanne.devries@example.nl', phone: '+31612345678' });
    expect(first?.order.postalCode).toBe('2594 AB');
    // The documents are listed; the order gets them once they are stored.
    expect(first?.documents).toEqual([
      { kind: 'orderConfirmation', fileName: 'KO-2026-00123-orderbevestiging.pdf', path: 'documents/KO-2026-00123-orderbevestiging.pdf' },
      { kind: 'drawing', fileName: 'KO-2026-00123-tekening.pdf', path: 'documents/KO-2026-00123-tekening.pdf' },
    ]);
    expect(first?.order.documents).toEqual([]);
    // '0470 12 34 56' on a Belgian order: +32 and the nine digits after the 0.
    expect(belgian?.order).toMatchObject({ country: 'BE', postalCode: '2018', customer: { phone: '+32470123456' } });
    expect(belgian?.order.kitchen).toEqual({
      kitchenId: null,
      description: 'Maatwerk eilandkeuken in notelaar met composiet werkblad en inbouwapparatuur van Miele',
    });
  });
});

describe('readKitchenOrderFile', () => {
  it('reads Dutch dates (DD-MM-YYYY), a lower-case week and a semicolon-separated file', () => {
    const line = IMPORT_COLUMNS.map(
      (column) => ({ ...valid, order_confirmed: '02-11-2026', delivery_week: '2027-w10' })[column as keyof typeof valid] ?? '',
    ).join(';');
    const { orders, problems } = readKitchenOrderFile(`${IMPORT_COLUMNS.join(';')}\n${line}\n`, 'csv', context);
    expect(problems).toEqual([]);
    expect(orders[0]?.order).toMatchObject({
      postalCode: '2316 XA',
      deliveryWeek: '2027-W10',
      stages: { orderConfirmed: { done: '2026-11-02' } },
    });
  });

  it.each([
    ['a postal code that is none', { postal_code: '23X6 XA' }, 'row 1 (line 2): postal_code: a postal code of NL such as 1234 AB'],
    [
      'a store that does not sell kitchens',
      { store_id: 'webshop-zoeterwoude' },
      'row 1 (line 2): store_id: "webshop-zoeterwoude" is not a store that sells kitchens',
    ],
    [
      'a kitchen that is not in the catalogue',
      { kitchen_id: '7999' },
      'row 1 (line 2): kitchen_id: 7999 is not a kitchen of the catalogue',
    ],
    ['a kitchen id that is no number', { kitchen_id: 'oslo' }, 'row 1 (line 2): kitchen_id: "oslo" is not a number'],
    ['a missing customer name', { customer_name: '' }, 'row 1 (line 2): customer_name: missing or empty'],
    // The phone number is read by the rules of the country, so without one it cannot be read either.
    [
      'an unknown country',
      { country: 'DE' },
      'row 1 (line 2): phone: a Dutch or Belgian phone number',
      'row 1 (line 2): country: one of NL, BE',
    ],
    ['a date that does not exist', { production_planned: '2026-11-31' }, 'row 1 (line 2): production_planned: a date as YYYY-MM-DD'],
    [
      'a stage done before the one before it',
      { production_done: '2026-12-01' },
      'row 1 (line 2): production_done: done while the earlier stage finalMeasurement is not',
    ],
  ])('names the row and column of %s', (_what, change, ...expected) => {
    const { orders, problems } = readKitchenOrderFile(`${header}\n${csvLine({ ...valid, ...change })}\n`, 'csv', context);
    expect(problems).toEqual(expected);
    expect(orders).toEqual([]);
  });

  it('refuses an unknown column, a missing order number and an order number that comes twice', () => {
    const json = JSON.stringify([
      { ...valid, kleur: 'wit' },
      { ...valid, order_number: '' },
      { ...valid, order_number: 'ko 2026 00200' },
    ]);
    expect(readKitchenOrderFile(json, 'json', context).problems).toEqual([
      'row 1: unknown column "kleur"',
      'row 2: order_number: missing',
      'row 3: order_number: KO-2026-00200 is also in row 1',
    ]);
  });

  it.each([
    ['json', '{"orders": 3}', 'a JSON file holds an array of orders, or an object with an "orders" array'],
    ['json', '[1]', 'row 1: not an object'],
    ['json', '{', 'the file is not valid JSON'],
    ['csv', `${header}\nKO-2026-00200,"unclosed\n`, 'the file is not valid CSV'],
  ] as const)('refuses a %s file that is not an export: %s', (format, content, problem) => {
    const { orders, problems } = readKitchenOrderFile(content, format, context);
    expect(orders).toEqual([]);
    expect(problems[0]).toContain(problem);
  });
});

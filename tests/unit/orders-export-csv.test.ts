// The order export's CSV rows (src/server/orders/export.ts): RFC 4180 quoting, amounts in euros with a dot, and what a
// customer typed never starting with a formula character when a spreadsheet opens the file. Expected rows by hand.
import { describe, expect, it } from 'vitest';
import { csvRows, exportRecord } from '../../src/server/orders/export.ts';

type Record = Parameters<typeof csvRows>[0];

const record = {
  cursor: '2026-11-27T10:00:00.000Z~abc',
  orderId: 'abc',
  orderRef: 'KH-2026-ABCDEFGH',
  createdAt: '2026-11-27T09:00:00.000Z',
  changedAt: '2026-11-27T10:00:00.000Z',
  paymentStatus: 'paid',
  paymentMethod: 'ideal',
  fulfilmentStatus: 'planned',
  deliveryType: 'default',
  deliveryDay: '2026-12-04',
  deliveryWeek: null,
  window: { day: '2026-12-04', from: '13:00', to: '15:00' },
  pickupStoreId: null,
  customer: { name: '=HYPERLINK("x")', companyName: null, email: 'a@example.nl', phone: '+31612345678' },
  shippingAddress: {
    street: '@Dorpsstraat',
    houseNumber: '1',
    houseNumberAddition: '-A',
    postalCode: '2311 AB',
    city: 'Leiden',
    country: 'NL',
  },
  notes: '',
  items: [{ productId: 100065, combinationId: null, name: 'AEG, afzuigkap', parts: [], qty: 1, amount: 49900 }],
  totals: { subtotal: 49900, discountTotal: 0, servicesTotal: 0, deliveryTotal: 0, paymentTotal: 0, grandTotal: 49900 },
} as unknown as Record;

describe('csvRows', () => {
  it('quotes, writes euros and defuses formulas in what the customer typed', () => {
    expect(csvRows(record)).toBe(
      '2026-11-27T10:00:00.000Z~abc,abc,KH-2026-ABCDEFGH,2026-11-27T09:00:00.000Z,2026-11-27T10:00:00.000Z,paid,planned,default,' +
        `2026-12-04,,2026-12-04,13:00,15:00,,"'=HYPERLINK(""x"")",,a@example.nl,+31612345678,'@Dorpsstraat,1,'-A,2311 AB,Leiden,NL,` +
        '1,100065,,"AEG, afzuigkap",,1,499.00,0.00,0.00,499.00\r\n',
    );
  });
});

describe('exportRecord with a set', () => {
  // A set (combination 7001) of an oven and a hob, sold as one line: the picking list needs both parts.
  const doc = {
    id: 'set1',
    updatedAt: '2026-11-27T10:00:00.000Z',
    data: {
      orderId: 'set1',
      orderRef: 'KH-2026-ABCDEFGH',
      createdAt: '2026-11-27T09:00:00.000Z',
      payment: { status: 'paid', method: 'ideal' },
      delivery: { deliveryType: 'default', deliveryDay: '2026-12-04', deliveryWeek: null, notes: '' },
      customer: { firstName: 'Sanne', lastName: 'de Vries', company: false, emailAddress: 'a@example.nl', phoneNumber: '+31612345678' },
      shippingAddress: {
        street: 'Breestraat',
        houseNumber: '101',
        houseNumberAddition: '',
        postalCode: '2311 EK',
        city: 'Leiden',
        country: 'NL',
      },
      items: { '100065_7001': { productId: 100065, combinationId: 7001, qty: 1, addedAt: 1 } },
      products: {
        '100065': { brand: 'Bosch', name: 'Serie 6 HBA574BR0', price: 64900 },
        '100070': { brand: 'Bosch', name: 'Serie 6 PIE631HC1E', price: 59900 },
      },
      combinations: { '7001': { combinationId: 7001, name: 'Bosch oven + kookplaat', price: 109900, products: [100070, 100065] } },
      totals: {
        subtotal: 109900,
        discountTotal: 0,
        pickUpDiscountTotal: 0,
        assemblyTotal: 0,
        extraServiceTotal: 0,
        extraWarrantyTotal: 0,
        deliveryTotal: 0,
        paymentTotal: 0,
        grandTotal: 109900,
      },
    },
  } as unknown as Parameters<typeof exportRecord>[0];

  it('names every part of the set with its product id, the main product first, in JSON and in CSV', () => {
    const record = exportRecord(doc);
    expect(record.items).toEqual([
      {
        productId: 100065,
        combinationId: 7001,
        name: 'Bosch oven + kookplaat',
        parts: [
          { productId: 100065, name: 'Bosch Serie 6 HBA574BR0' },
          { productId: 100070, name: 'Bosch Serie 6 PIE631HC1E' },
        ],
        qty: 1,
        amount: 109900,
      },
    ]);
    expect(csvRows(record)).toContain(
      ',1,100065,7001,Bosch oven + kookplaat,100065 Bosch Serie 6 HBA574BR0 + 100070 Bosch Serie 6 PIE631HC1E,1,1099.00,0.00,0.00,1099.00\r\n',
    );
  });
});

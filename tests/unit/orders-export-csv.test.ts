// The order export's CSV rows (src/server/orders/export.ts): RFC 4180 quoting, amounts in euros with a dot, and what a
// customer typed never starting with a formula character when a spreadsheet opens the file. Expected rows by hand.
import { describe, expect, it } from 'vitest';
import { csvRows } from '../../src/server/orders/export.ts';

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
  items: [{ productId: 100065, combinationId: null, name: 'AEG, afzuigkap', qty: 1, amount: 49900 }],
  totals: { subtotal: 49900, discountTotal: 0, servicesTotal: 0, deliveryTotal: 0, paymentTotal: 0, grandTotal: 49900 },
} as unknown as Record;

describe('csvRows', () => {
  it('quotes, writes euros and defuses formulas in what the customer typed', () => {
    expect(csvRows(record)).toBe(
      '2026-11-27T10:00:00.000Z~abc,abc,KH-2026-ABCDEFGH,2026-11-27T09:00:00.000Z,2026-11-27T10:00:00.000Z,paid,planned,default,' +
        `2026-12-04,,2026-12-04,13:00,15:00,,"'=HYPERLINK(""x"")",,a@example.nl,+31612345678,'@Dorpsstraat,1,'-A,2311 AB,Leiden,NL,` +
        '1,100065,,"AEG, afzuigkap",1,499.00,0.00,0.00,499.00\r\n',
    );
  });
});

// The staff-info answer as the browser reads it back (src/domain/staff-info.ts): what the server sends is kept, and
// anything else is no staff information at all rather than a broken page.
import { describe, expect, it } from 'vitest';
import { readStaffInfo } from '../../src/domain/staff-info.ts';

describe('readStaffInfo', () => {
  it('keeps an answer of the server, with only the fields of the flags that are on', () => {
    const admin = {
      items: [
        {
          productId: 100065,
          shopOnlyPrice: 52900,
          stockEstimatedDate: null,
          shopOnly: false,
          displayedInStore: true,
          marginCode: 'KE',
        },
        {
          productId: 100066,
          shopOnlyPrice: null,
          stockEstimatedDate: '2026-12-27',
          shopOnly: true,
          displayedInStore: false,
          marginCode: null,
        },
      ],
    };
    expect(readStaffInfo(admin)).toEqual(admin.items);
    expect(readStaffInfo({ items: [{ productId: 7, shopOnlyPrice: 1999 }] })).toEqual([{ productId: 7, shopOnlyPrice: 1999 }]);
    expect(readStaffInfo({ items: [] })).toEqual([]);
  });

  it.each([
    ['no answer', undefined],
    ['null', null],
    ['an error body', { error: 'Forbidden' }],
    ['items that are not a list', { items: 'x' }],
    ['a price in euros as text', { items: [{ productId: 7, shopOnlyPrice: '19,99' }] }],
    ['a date that is no day', { items: [{ productId: 7, stockEstimatedDate: '27 december' }] }],
    ['no product id', { items: [{ shopOnlyPrice: 1999 }] }],
  ])('reads %s as no staff information', (_name, data) => {
    expect(readStaffInfo(data)).toEqual([]);
  });
});

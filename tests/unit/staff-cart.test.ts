import { describe, expect, it } from 'vitest';
import { PICKUP_STORES, pickupStoreTitle } from '../../src/domain/pickup-stores.ts';
import { parseEuros } from '../../src/islands/staff/staff-cart.ts';
import { pickupStores } from '../../src/server/cart/change.ts';
import { loadCatalog } from '../../src/server/content/catalog.ts';

describe("the cart's staff options", () => {
  it('offer the stores the server accepts for pick-up, with their titles', () => {
    const catalog = loadCatalog({});
    expect(PICKUP_STORES.map((s) => s.storeId)).toEqual(pickupStores(catalog));
    for (const s of PICKUP_STORES) expect(catalog.stores.find((e) => e.data.storeId === s.storeId)?.data.title).toBe(s.title);
    expect(pickupStoreTitle('keukens-den-haag')).toBe('Keukenhuys Den Haag');
  });

  it.each([
    ['', 0],
    ['25', 2500],
    ['25,5', 2550],
    ['€ 12,05', 1205],
    ['1.299,00', 129900],
    ['1299', 129900],
    ['-5', null],
    ['12.5', null],
    ['abc', null],
  ])('reads "%s" as %s cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });
});

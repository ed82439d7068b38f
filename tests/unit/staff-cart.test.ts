import { describe, expect, it } from 'vitest';
import { pickupStoreTitle } from '../../src/domain/pickup-stores.ts';
import { parseEuros } from '../../src/islands/staff/staff-cart.ts';
import { pickupStores } from '../../src/server/cart/change.ts';
import { loadCatalog } from '../../src/server/content/catalog.ts';

describe("the cart's staff options", () => {
  it('offer the stores the server accepts for pick-up, with their titles', () => {
    const catalog = loadCatalog({});
    // The stores of content/stores/ with staffPickup: true, in store order; not the web shop's pickup point.
    expect(catalog.pickupStores).toEqual([
      { storeId: 'keukens-cruquius', title: 'Keukenhuys Cruquius' },
      { storeId: 'keukens-den-haag', title: 'Keukenhuys Den Haag' },
      { storeId: 'keukens-zoeterwoude', title: 'Keukenhuys Zoeterwoude' },
    ]);
    expect(pickupStores(catalog)).toEqual(['keukens-cruquius', 'keukens-den-haag', 'keukens-zoeterwoude']);
    expect(pickupStoreTitle(catalog.pickupStores, 'keukens-den-haag')).toBe('Keukenhuys Den Haag');
    expect(pickupStoreTitle(catalog.pickupStores, 'webshop-zoeterwoude')).toBe('webshop-zoeterwoude');
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

// The stores staff may choose for an order's pick-up (issue 10, shopOptionsShow): our three stores of content/stores
// (kind: store), not the web shop's own pickup point. Repeated here because the islands cannot read the content files;
// the server checks a choice against the content (pickupStores in src/server/cart/change.ts), and
// tests/unit/staff-cart.test.ts checks that both agree.
export const PICKUP_STORES = [
  { storeId: 'keukens-cruquius', title: 'Keukenhuys Cruquius' },
  { storeId: 'keukens-den-haag', title: 'Keukenhuys Den Haag' },
  { storeId: 'keukens-zoeterwoude', title: 'Keukenhuys Zoeterwoude' },
] as const;

/** The Dutch name of a pick-up store, or its id when it is not (or no longer) one of them. */
export function pickupStoreTitle(storeId: string): string {
  return PICKUP_STORES.find((s) => s.storeId === storeId)?.title ?? storeId;
}

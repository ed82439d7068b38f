// The stores staff may choose for an order's pick-up (issue 10, shopOptionsShow): the stores of content/stores/ whose
// file says `staffPickup: true`, in their order. Pure: the stores come in, from the server's catalogue
// (src/server/content/catalog.ts) or the build's collection (getPickupStores in src/lib/content.ts), and the islands
// get the list from their page.
import type { Store } from '../schemas/stores.ts';

export type PickupStore = { storeId: string; title: string };

/** The pick-up stores among `stores` (taken in the order given), with their id and Dutch name. */
export function pickupStoresOf(stores: readonly Pick<Store, 'storeId' | 'title' | 'staffPickup'>[]): PickupStore[] {
  return stores.filter((s) => s.staffPickup === true).map((s) => ({ storeId: s.storeId, title: s.title }));
}

/** The Dutch name of a pick-up store, or its id when it is not (or no longer) one of them. */
export function pickupStoreTitle(stores: readonly PickupStore[], storeId: string): string {
  return stores.find((s) => s.storeId === storeId)?.title ?? storeId;
}

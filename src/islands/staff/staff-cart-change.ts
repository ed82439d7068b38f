// Sends a staff change of the cart (shopOptionsShow: an item's makeAmends, discountExtra, pickupStoreId). Kept out
// of src/stores/cart.ts on purpose: that store is on the product page, whose JavaScript budget has no room for
// staff code. The change waits for the shopper's queue to settle (the queue never sends discounts), goes out as it
// is, and the server's answer replaces the store's cart like an answer seen in another tab. The server checks the
// role (403 for a guest) and the amounts; its Dutch message comes back as the error.
import { apiFetch } from '../../client/api.ts';
import { getToken } from '../../client/app-state.ts';
import type { CartChange, PresentedCart } from '../../domain/cart-schema.ts';
import { cartStore } from '../../stores/cart.ts';

export type StaffCartChange = Pick<CartChange, 'items' | 'discountExtra' | 'pickupStoreId'>;

export async function sendStaffChange(patch: StaffCartChange): Promise<PresentedCart> {
  await cartStore.settled();
  const cartId = cartStore.$cart.get()?.cartId;
  if (!cartId) throw new Error('Er is nog geen winkelwagen om te wijzigen.');
  const { data } = await apiFetch<PresentedCart>(`carts/${cartId}/`, { method: 'PUT', body: patch, token: getToken() });
  cartStore.receive({ type: 'cart', cart: data });
  return data;
}

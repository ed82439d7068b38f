// Quote mode and the remote cart, for the cart page only: kept out of src/stores/cart.ts on purpose, because that store
// is on the product page, whose JavaScript budget has no room for them. Each waits for the shopper's queue to settle,
// goes to the API as it is, and the server's answer replaces the store's cart like an answer seen in another tab.
import { apiFetch } from '../client/api.ts';
import { writeCartId } from '../client/cookies.ts';
import type { CartChange, PresentedCart } from '../domain/cart-schema.ts';
import { ensureToken } from './app-state.ts';
import { cartStore } from './cart.ts';
import { errorMessage, toApiError } from './cart-errors.ts';

/**
 * Puts the cart in quote mode: the server replaces its items with the quote's (`signature` from the quote's e-mailed
 * link, for a shopper who is not its owner); makes a cart when there is none. With null, leaves quote mode and keeps the
 * items. Returns false (with the Dutch reason shown as the cart's error) when the server refuses.
 */
export async function setQuote(quoteId: string | null, signature?: string): Promise<boolean> {
  await cartStore.settled();
  const quoteRef: CartChange['quoteRef'] = quoteId === null ? null : { quoteId, ...(signature ? { signature } : {}) };
  try {
    const token = await ensureToken();
    let cartId = cartStore.$cart.get()?.cartId;
    let cart: PresentedCart;
    if (cartId) cart = (await apiFetch<PresentedCart>(`carts/${cartId}/`, { method: 'PUT', token, body: { quoteRef } })).data;
    else {
      if (quoteRef === null) return true;
      cartId = (await apiFetch<{ cartId: string }>('carts/', { method: 'POST', token, body: { items: {}, quoteRef } })).data.cartId;
      writeCartId(cartId);
      cart = (await apiFetch<PresentedCart>(`carts/${cartId}/`, { token })).data;
    }
    cartStore.receive({ type: 'cart', cart });
    return true;
  } catch (thrown) {
    cartStore.$cartError.set(errorMessage(toApiError(thrown)));
    return false;
  }
}

/**
 * Opens a cart by its id instead of the cookie's: staff helping a customer on the phone (the "remote cart"). The server
 * decides who may read it; a refused one counts towards the remote-cart dialog like any other 403.
 */
export async function openCart(cartId: string): Promise<void> {
  await cartStore.settled();
  writeCartId(cartId);
  await cartStore.loadCart();
}

// The server's cart as this tab knows it (SPEC §4, §7): the last full cart the server answered with (its own
// answer or one another tab passed on), loading the cart of the cookie, and forgetting a cart that is gone, locked
// or reset. Older versions of the same cart are ignored. The store (cart.ts) shows it with the pending changes on top.
import { atom } from 'nanostores';
import type { ApiFetchOptions } from '../client/api.ts';
import { shouldResetCart } from '../domain/cart.ts';
import type { PresentedCart } from '../domain/cart-schema.ts';
import { messages, toApiError } from './cart-errors.ts';
import type { CartChannel, CartMessage } from './cart-tabs.ts';
import { clearForbidden, countForbidden } from './ui.ts';

/** The cart cookie: the id of this browser's cart. */
export type CartCookies = { read(): string | null; write(cartId: string): void; clear(): void };

/** What the server's cart needs of the store around it. */
export type ServerCartHost = {
  /** A request to the API with the shopper's token; the answer's data. */
  api<T>(path: string, options?: ApiFetchOptions): Promise<T>;
  cookies: CartCookies;
  /** The channel to the other tabs, once the store has started. */
  channel(): CartChannel | null;
  renewToken(): Promise<unknown>;
  /** Shows the cart as it is now. */
  render(): void;
  setError(message: string | null): void;
};

export function createServerCart(host: ServerCartHost) {
  const { api, cookies, channel, renewToken, render, setError } = host;
  /** 'unknown' until the browser has checked the cookie; then 'loading' or 'ready'. */
  const $cartStatus = atom<'unknown' | 'loading' | 'ready'>('unknown');
  let confirmed: PresentedCart | null = null;
  let loading: Promise<void> | null = null;

  /** Forgets the cart: cookie, state, other tabs. */
  function reset(): void {
    const cartId = confirmed?.cartId ?? cookies.read();
    confirmed = null;
    cookies.clear();
    render();
    channel()?.post({ type: 'reset', cartId });
  }

  /** Takes a full cart from the server (or another tab); older versions of the same cart are ignored. */
  function accept(cart: PresentedCart, fromOtherTab = false): boolean {
    if (confirmed && cart.cartId === confirmed.cartId && cart.version < confirmed.version) return false;
    if (shouldResetCart(cart)) {
      if (fromOtherTab) {
        confirmed = null;
        render();
      } else reset();
      return false;
    }
    confirmed = cart;
    $cartStatus.set('ready');
    render();
    if (!fromOtherTab) channel()?.post({ type: 'cart', cart });
    return true;
  }

  /**
   * Reads the cart from the server. A 403 is counted towards the remote-cart dialog here unless the caller counts
   * it itself (`countRefusal: false`): the request queue counts the refusal of the load a change waits for, once.
   */
  async function fetchCart(cartId: string, countRefusal = true): Promise<void> {
    try {
      const cart = await api<PresentedCart>(`carts/${cartId}/`);
      clearForbidden();
      accept(cart);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === 401 || error.code === 404) {
        if (error.code === 401) await renewToken();
        clearForbidden();
        reset();
      } else if (error.code === 403) {
        if (countRefusal) countForbidden();
      } else clearForbidden();
      if (error.code !== 401 && error.code !== 404) throw error;
    }
  }

  /** Loads the cart of the cookie (on page load, after another tab changed it, or to try again). */
  function loadCart(): Promise<void> {
    if (loading) return loading;
    const cartId = cookies.read();
    if (!cartId) {
      if (confirmed) reset();
      $cartStatus.set('ready');
      return Promise.resolve();
    }
    if (!confirmed) $cartStatus.set('loading');
    const request = fetchCart(cartId)
      .catch(() => {
        if (!confirmed) setError(messages.loadFailed);
      })
      .finally(() => {
        loading = null;
        $cartStatus.set('ready');
      });
    loading = request;
    return request;
  }

  /** Waits for a load under way, and loads the cookie's cart when it is not loaded yet. */
  async function ensureLoaded(): Promise<void> {
    if (loading) await loading;
    const cartId = cookies.read();
    if (!confirmed && cartId) await fetchCart(cartId, false);
  }

  /** Follows another tab: its saved cart, or its reset of this cart. */
  function receive(message: CartMessage): void {
    if (message.type === 'cart') accept(message.cart, true);
    else if (!message.cartId || message.cartId === confirmed?.cartId) {
      confirmed = null;
      render();
    }
  }

  return {
    $cartStatus,
    /** The server's last cart, or null. */
    confirmed: (): PresentedCart | null => confirmed,
    /** The load under way, if any. */
    loading: (): Promise<void> | null => loading,
    reset,
    accept,
    fetchCart,
    loadCart,
    ensureLoaded,
    receive,
  };
}

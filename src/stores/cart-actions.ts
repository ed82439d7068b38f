// What the shopper does to the cart (SPEC §4): add, change a quantity, switch an option, remove, fill in checkout
// fields, place the order. Each action is the same pure rule the server applies (src/domain/cart.ts): it is
// checked against the cart as shown (a refused change gets its Dutch message and no request), shown at once, and
// queued; the request queue (cart-queue.ts) sends it and rolls it back when the server refuses. Once saved, an
// action tells analytics and says what the rules switched off on their own (cart-notices.ts).
import type { AnalyticsItem } from '../client/analytics.ts';
import {
  addItemAdjusted,
  CartRuleError,
  emptyCart,
  itemKey,
  removeItem as removeCartItem,
  setOptionAdjusted,
  setQuantity as setCartQuantity,
  type Cart,
  type CartItemOptions,
  type CartOption,
  type ProductLookup,
} from '../domain/cart.ts';
import type { CartProduct, FieldChanges, PresentedCart, ShownCart } from '../domain/cart-schema.ts';
import { errorMessage, toApiError } from './cart-errors.ts';
import type { CartAdd } from './cart-journal-schema.ts';
import type { CartResult, Op, OpEffect } from './cart-queue.ts';

export type AddToCartInput = CartAdd;

/** Where the cart's analytics events go. */
export type CartTracker = { add(items: AnalyticsItem[]): void; remove(items: AnalyticsItem[]): void };

/** What the actions need of the store around them: its clock, the cart as shown, and its parts. */
export type ActionsHost = {
  now(): Date;
  /** The cart as shown (cart-view.ts), or null. */
  view(): ShownCart | null;
  /** The server's cart (cart-server.ts). */
  server: { confirmed(): PresentedCart | null; loadCart(): Promise<void> };
  /** The request queue (cart-queue.ts), which a checked change is pushed onto. */
  queue: { push(op: Op): void; pending(): readonly Op[] };
  setError(message: string | null): void;
  /** The notices (cart-notices.ts): a new change drops the last one, a saved one may say what the rules did. */
  notices: { clear(): void; announce(key: string, cart: PresentedCart, effect: OpEffect | undefined): void };
  track: CartTracker;
};

function analyticsItem(products: Record<string, CartProduct> | undefined, productId: number, qty: number): AnalyticsItem | null {
  const product = products?.[productId];
  if (!product || qty <= 0) return null;
  return { productId, name: product.name, brand: product.brand, category: product.productType, price: product.price, qty };
}

export function createCartActions(host: ActionsHost) {
  const { now, view, server, queue, setError, notices, track } = host;

  /**
   * Checks a change against the cart as shown (a refused change, e.g. an 11th unit, gets its Dutch message and no
   * request), shows it at once and queues it.
   */
  function change(op: Omit<Op, 'resolve'>, { keepNotice = false }: { keepNotice?: boolean } = {}): Promise<CartResult> {
    setError(null);
    // A new change makes the last notice (and its way back) stale.
    if (!keepNotice) notices.clear();
    const shown = view();
    try {
      op.apply(shown ?? emptyCart(), { ...shown?.products, ...op.products });
    } catch (thrown) {
      const error = thrown instanceof CartRuleError ? thrown : toApiError(thrown);
      const message = errorMessage(error);
      setError(message);
      return Promise.resolve({ ok: false, error, message });
    }
    return new Promise<CartResult>((resolve) => queue.push({ ...op, resolve }));
  }

  function addToCart(input: AddToCartInput): Promise<CartResult> {
    const { product, qty } = input;
    const combinationId = input.combinationId ?? null;
    const explain = (cart: Cart, products: ProductLookup) =>
      addItemAdjusted(cart, { productId: product.productId, combinationId, qty, options: input.options }, now(), products);
    return change({
      apply: (cart, products) => explain(cart, products).cart,
      explain,
      products: { [product.productId]: product },
      add: { product, combinationId, qty, options: input.options },
      onSaved: (cart, effect) => {
        notices.announce(itemKey(product.productId, combinationId), cart, effect);
        const item = analyticsItem({ [product.productId]: product }, product.productId, qty);
        if (item) track.add([item]);
      },
    });
  }

  /** Adds by product id only (a link such as /winkelwagen/?add=123, or with &set= a set of it): shown once the server
   *  answers with the product. */
  function addProductById(
    productId: number,
    qty = 1,
    options?: Partial<CartItemOptions>,
    combinationId: number | null = null,
  ): Promise<CartResult> {
    const explain = (cart: Cart, products: ProductLookup) =>
      addItemAdjusted(cart, { productId, combinationId, qty, options }, now(), products);
    return change({
      apply: (cart, products) => explain(cart, products).cart,
      explain,
      onSaved: (cart, effect) => {
        notices.announce(itemKey(productId, combinationId), cart, effect);
        const item = analyticsItem(cart.products, productId, qty);
        if (item) track.add([item]);
      },
    });
  }

  function setQuantity(key: string, qty: number): Promise<CartResult> {
    const before = view()?.items[key]?.qty ?? 0;
    return change({
      apply: (cart) => setCartQuantity(cart, key, qty),
      onSaved: (cart) => {
        const item = cart.items[key];
        const delta = qty - before;
        const tracked = item && analyticsItem(cart.products, item.productId, Math.abs(delta));
        if (tracked) (delta > 0 ? track.add : track.remove)([tracked]);
      },
    });
  }

  function removeItem(key: string): Promise<CartResult> {
    const shown = view();
    const item = shown?.items[key];
    const tracked = item ? analyticsItem(shown?.products, item.productId, item.qty) : null;
    return change({
      apply: (cart) => removeCartItem(cart, key),
      onSaved: () => {
        if (tracked) track.remove([tracked]);
      },
    });
  }

  function setOption(key: string, option: CartOption, value: boolean): Promise<CartResult> {
    const explain = (cart: Cart, products: ProductLookup) => setOptionAdjusted(cart, key, option, value, products);
    return change({
      apply: (cart, products) => explain(cart, products).cart,
      explain,
      onSaved: (cart, effect) => notices.announce(key, cart, effect),
    });
  }

  /**
   * Sets checkout fields (delivery day or week, floor, address, payment method…); null removes a field. Resolves
   * when the server has saved them; a 422 comes back with the field errors (error.errors[].field/errorMessage).
   */
  function updateCartFields(fields: FieldChanges): Promise<CartResult> {
    return change({ apply: (cart) => cart, fields });
  }

  /**
   * Places the order after every waiting change is saved; the locked cart is then reset (SPEC §4). `seenPrices`: the
   * new unit prices of the price changes the page showed (item key → cents), acknowledged with the order.
   */
  async function submitOrder(fields: FieldChanges = {}, seenPrices?: Record<string, number>): Promise<CartResult> {
    if (!server.confirmed() && queue.pending().length === 0) await server.loadCart();
    return change({ apply: (cart) => cart, fields, submit: true, ...(seenPrices ? { seenPrices } : {}) });
  }

  return { change, addToCart, addProductById, setQuantity, removeItem, setOption, updateCartFields, submitOrder };
}

// The shopping cart in the browser (SPEC §4, §7; DESIGN §2 "State"): one store that every island and the cart
// badge share. The server is authoritative: $cart shows the server's last full cart with the shopper's pending
// changes applied on top by the same pure rules the server uses (src/domain/cart.ts), and becomes the server's
// answer again once those changes are saved. Sending, and rolling back what the server refuses, is the request
// queue's (cart-queue.ts); unsaved changes survive leaving the page through the journal (cart-journal.ts); other
// tabs follow through cart-tabs.ts; the badge through cart-count.ts.
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ApiFetchOptions } from '../client/api.ts';
import type { AnalyticsItem } from '../client/analytics.ts';
import { deleteCartId, readCartId, writeCartId } from '../client/cookies.ts';
import { safeStorage, type StringStorage } from '../client/local-events.ts';
import {
  addItemAdjusted,
  CartRuleError,
  emptyCart,
  itemCount,
  itemKey,
  removeItem as removeCartItem,
  restoreItems,
  setOptionAdjusted,
  setQuantity as setCartQuantity,
  shouldResetCart,
  withFields,
  type Cart,
  type CartItem,
  type CartItemOptions,
  type CartOption,
  type ItemRef,
  type ProductLookup,
} from '../domain/cart.ts';
import type { CartProduct, FieldChanges, PresentedCart, ShownCart } from '../domain/cart-schema.ts';
import { announceOnPage, countAnnouncer } from './cart-count.ts';
import { errorMessage, messages, toApiError } from './cart-errors.ts';
import { journalOf, saveJournal, takeJournal } from './cart-journal.ts';
import type { CartAdd } from './cart-journal-schema.ts';
import { createRequestQueue, type CartResult, type Op, type OpEffect } from './cart-queue.ts';
import { broadcastChannel, type CartChannel, type CartMessage } from './cart-tabs.ts';
import { clearForbidden, countForbidden } from './ui.ts';

export type { CartProduct, ShownCart };
export type { CartResult };

export type CartStoreDeps = {
  fetch?: typeof fetch;
  getToken?: () => Promise<string | null>;
  renewToken?: () => Promise<string | null>;
  cookies?: { read(): string | null; write(cartId: string): void; clear(): void };
  storage?: StringStorage | null;
  /** Where unsaved changes wait when the shopper leaves the page before the server answered (this tab only). */
  session?: StringStorage | null;
  channel?: CartChannel | null;
  now?: () => Date;
  /** Announces the count to the badge script of this page. */
  announceCount?: (count: number) => void;
  track?: { add(items: AnalyticsItem[]): void; remove(items: AnalyticsItem[]): void };
};

export type AddToCartInput = CartAdd;

/**
 * What the cart says after a change the shopper should know about: the rules switched off a choice they made
 * (SPEC §4), with the way back, or that the way back was taken. `key` is the item the shopper acted on, so the
 * island where they did (the buy box, a set, the cart page) says it.
 */
export type CartNotice = { id: number; key: string; messages: string[]; canUndo: boolean };

/** Said when "Ongedaan maken" has put the cart back. */
const UNDONE_MESSAGE = 'Je vorige keuze is teruggezet.';

/** Adds totals to a cart whose products are all known (set by the cart page, which carries the settings). */
export type TotalsHook = (cart: ShownCart) => ShownCart;

function sessionStore(): StringStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function createCartStore(deps: CartStoreDeps = {}) {
  const remote = () => import('./cart-remote.ts');
  const getToken = deps.getToken ?? (async () => (await remote()).ensureToken());
  const newToken = deps.renewToken ?? (async () => (await remote()).renewToken());
  const cookies = deps.cookies ?? {
    read: () => readCartId(),
    write: (id: string) => void writeCartId(id),
    clear: () => void deleteCartId(),
  };
  const session = deps.session === undefined ? sessionStore() : deps.session;
  const announceCount = countAnnouncer(deps.storage === undefined ? safeStorage() : deps.storage, deps.announceCount);
  // Made in start(): a BroadcastChannel would keep a server-side render (Node has one too) from ending.
  let channel: CartChannel | null = deps.channel ?? null;
  const now = deps.now ?? (() => new Date());
  // Loaded with the first event: analytics never holds up the cart.
  const analytics = () => import('../client/analytics.ts');
  const track = deps.track ?? {
    add: (items: AnalyticsItem[]) => void analytics().then((a) => a.trackAddToCart(items)),
    remove: (items: AnalyticsItem[]) => void analytics().then((a) => a.trackRemoveFromCart(items)),
  };

  /** The server's full cart with the pending changes on top (or null: no cart yet). */
  const $cart = atom<ShownCart | null>(null);
  /** True while changes wait for the server. */
  const $cartPending = atom(false);
  /** The last Dutch error message for the shopper (an aria-live region shows it). */
  const $cartError = atom<string | null>(null);
  /** 'unknown' until the browser has checked the cookie; then 'loading' or 'ready'. */
  const $cartStatus = atom<'unknown' | 'loading' | 'ready'>('unknown');
  /** The last change the rules made on their own, for a polite live region with "Ongedaan maken" (or null). */
  const $cartNotice = atom<CartNotice | null>(null);
  /** "Count of items" on the badge = units (sum of quantities), as shops show it: 2 × the same pan counts 2. */
  const $cartCount: ReadableAtom<number> = computed($cart, (cart) => (cart ? itemCount(cart) : 0));

  let confirmed: PresentedCart | null = null;
  /** The items the change of the notice touched, as they were before it; null once it cannot be undone. */
  let undoItems: Record<string, CartItem | null> | null = null;
  /** Counts notices (their ids); a notice whose sentences are still loading is dropped when this moves on. */
  let notices = 0;
  let announcing: Promise<void> | null = null;
  let loading: Promise<void> | null = null;
  let totalsHook: TotalsHook | null = null;
  let started = false;
  let loadedOnStart = false;
  let replayed = false;
  /** The replay of a previous page's journal, while its code loads and its changes are queued. */
  let replaying: Promise<void> | null = null;

  async function api<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
    const token = await getToken();
    const { apiFetch } = await remote();
    return (await apiFetch<T>(path, { ...options, token, fetch: deps.fetch })).data;
  }

  const queue = createRequestQueue({
    confirmed: () => confirmed,
    ensureLoaded,
    async create(body) {
      const { cartId } = await api<{ cartId: string }>('carts/', { method: 'POST', body });
      cookies.write(cartId);
      return api<PresentedCart>(`carts/${cartId}/`);
    },
    update: (cartId, patch) => api(`carts/${cartId}/`, { method: 'PUT', body: patch }),
    refetch: (cartId) => fetchCart(cartId),
    accept: (cart) => void accept(cart),
    forget: reset,
    renewToken: newToken,
    render,
    setError: (message) => $cartError.set(message),
  });

  /** The cart to show: the server's with every pending change applied (a change that no longer applies is skipped). */
  function view(): ShownCart | null {
    const pending = queue.pending();
    if (pending.length === 0) return confirmed;
    let cart: Cart = confirmed ?? emptyCart();
    const products: Record<string, CartProduct> = { ...confirmed?.products };
    for (const op of pending) {
      try {
        Object.assign(products, op.products);
        cart = op.apply(cart, products);
        if (op.fields) cart = withFields(cart, op.fields);
      } catch {
        // Refused on this base; the op fails when it is sent.
      }
    }
    let shown: ShownCart = { ...cart, products, cartId: confirmed?.cartId ?? '', version: confirmed?.version ?? 0 };
    if (totalsHook) {
      try {
        shown = totalsHook(shown);
      } catch {
        // A product is not known yet (added from a link): the server's totals follow shortly.
      }
    }
    return shown;
  }

  /** Sends the unsaved changes a previous page of this tab left behind (at most once). The replay code is loaded
   *  only when there is something to replay. */
  function replayJournal(): void {
    const raw = takeJournal(session);
    if (!raw) return;
    replaying = import('./cart-replay.ts')
      .then(({ replay }) => replay(raw, { cartId: cookies.read(), now: now(), addToCart, change }))
      .catch(() => undefined)
      .finally(() => {
        replaying = null;
      });
  }

  function render(): void {
    const shown = view();
    $cart.set(shown);
    const pending = queue.pending();
    $cartPending.set(pending.length > 0);
    // Not before start(): until then the journal of the previous page is still waiting to be replayed.
    if (replayed) saveJournal(session, journalOf({ pending, confirmed, shown, cookie: cookies.read(), at: now().getTime() }));
    // A cart that exists but is not loaded yet (the buy box starts without loading it) has no count to tell:
    // the badge keeps the stored one until the server has answered.
    if (!confirmed && cookies.read()) return;
    announceCount(shown ? itemCount(shown) : 0);
  }

  /** Forgets the cart: cookie, state, other tabs. */
  function reset(): void {
    const cartId = confirmed?.cartId ?? cookies.read();
    confirmed = null;
    cookies.clear();
    render();
    channel?.post({ type: 'reset', cartId });
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
    if (!fromOtherTab) channel?.post({ type: 'cart', cart });
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
        if (error.code === 401) await newToken();
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
        if (!confirmed) $cartError.set(messages.loadFailed);
      })
      .finally(() => {
        loading = null;
        $cartStatus.set('ready');
      });
    loading = request;
    return request;
  }

  async function ensureLoaded(): Promise<void> {
    if (loading) await loading;
    const cartId = cookies.read();
    if (!confirmed && cartId) await fetchCart(cartId, false);
  }

  /**
   * Checks a change against the cart as shown (a refused change, e.g. an 11th unit, gets its Dutch message and no
   * request), shows it at once and queues it.
   */
  function change(op: Omit<Op, 'resolve'>, { keepNotice = false }: { keepNotice?: boolean } = {}): Promise<CartResult> {
    $cartError.set(null);
    // A new change makes the last notice (and its way back) stale.
    if (!keepNotice) setNotice(null);
    const shown = view();
    try {
      op.apply(shown ?? emptyCart(), { ...shown?.products, ...op.products });
    } catch (thrown) {
      const error = thrown instanceof CartRuleError ? thrown : toApiError(thrown);
      const message = errorMessage(error);
      $cartError.set(message);
      return Promise.resolve({ ok: false, error, message });
    }
    return new Promise<CartResult>((resolve) => queue.push({ ...op, resolve }));
  }

  function analyticsItem(products: Record<string, CartProduct> | undefined, productId: number, qty: number): AnalyticsItem | null {
    const product = products?.[productId];
    if (!product || qty <= 0) return null;
    return { productId, name: product.name, brand: product.brand, category: product.productType, price: product.price, qty };
  }

  function setNotice(notice: Omit<CartNotice, 'id'> | null, previous: Record<string, CartItem | null> | null = null): void {
    undoItems = notice?.canUndo ? previous : null;
    $cartNotice.set(notice ? { ...notice, id: ++notices } : null);
    if (!notice) notices += 1;
  }

  /** The name of an item for a notice: the set's name, or the product's brand and name. */
  function nameOf(products: Record<string, CartProduct> | undefined, item: ItemRef): string {
    const product = products?.[item.productId];
    if (!product) return `artikel ${item.productId}`;
    const set = item.combinationId ? product.combinations.find((c) => c.combinationId === item.combinationId) : undefined;
    return set ? set.name : `${product.brand} ${product.name}`;
  }

  /**
   * Tells the shopper what the rules switched off on their own when `key` was changed, with the way back. The
   * sentences are loaded only then: most changes adjust nothing, and the product page's JavaScript budget is tight.
   */
  function announce(key: string, cart: PresentedCart, effect: OpEffect | undefined): void {
    if (!effect || effect.adjustments.length === 0) return;
    const shown = ++notices;
    announcing = import('../domain/cart-adjustments.ts')
      .then(({ adjustmentMessages }) => {
        // A change made meanwhile has made this notice stale.
        if (notices !== shown) return;
        setNotice(
          { key, messages: adjustmentMessages(effect.adjustments, (item) => nameOf(cart.products, item)), canUndo: true },
          effect.previous,
        );
      })
      .catch(() => undefined)
      .finally(() => {
        announcing = null;
      });
  }

  /** "Ongedaan maken": puts the items of the last notice back as they were, through the normal cart API. */
  function undoLastChange(): Promise<CartResult> {
    const previous = undoItems;
    const notice = $cartNotice.get();
    if (!previous || !notice) return Promise.resolve({ ok: true, cart: confirmed });
    setNotice({ key: notice.key, messages: notice.messages, canUndo: false });
    return change(
      {
        apply: (cart, products) => restoreItems(cart, previous, now(), products),
        onSaved: () => setNotice({ key: notice.key, messages: [UNDONE_MESSAGE], canUndo: false }),
      },
      { keepNotice: true },
    );
  }

  // ---- Actions -------------------------------------------------------------------------------------------------

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
        announce(itemKey(product.productId, combinationId), cart, effect);
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
        announce(itemKey(productId, combinationId), cart, effect);
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
      onSaved: (cart, effect) => announce(key, cart, effect),
    });
  }

  /**
   * Sets checkout fields (delivery day or week, floor, address, payment method…); null removes a field. Resolves
   * when the server has saved them; a 422 comes back with the field errors (error.errors[].field/errorMessage).
   */
  function updateCartFields(fields: FieldChanges): Promise<CartResult> {
    return change({ apply: (cart) => cart, fields });
  }

  /** Places the order after every waiting change is saved; the locked cart is then reset (SPEC §4). */
  async function submitOrder(fields: FieldChanges = {}): Promise<CartResult> {
    if (!confirmed && queue.pending().length === 0) await loadCart();
    return change({ apply: (cart) => cart, fields, submit: true });
  }

  /** Drops the cart (a new one is made on the next add). */
  function resetCart(): void {
    queue.clear();
    setNotice(null);
    reset();
  }

  function setTotalsHook(hook: TotalsHook | null): void {
    totalsHook = hook;
    render();
  }

  function receive(message: CartMessage): void {
    if (message.type === 'cart') accept(message.cart, true);
    else if (!message.cartId || message.cartId === confirmed?.cartId) {
      confirmed = null;
      render();
    }
  }

  /** Starts the store in the browser: listens to other tabs and loads the cookie's cart, unless `load` is false
   *  (the buy box: the cart is then loaded by the first change). Safe to call often. */
  function start({ load = true }: { load?: boolean } = {}): void {
    if (!started) {
      started = true;
      if (deps.channel === undefined) channel = broadcastChannel();
      channel?.listen(receive);
    }
    if (!replayed) {
      replayed = true;
      replayJournal();
    }
    if (load && !loadedOnStart) {
      loadedOnStart = true;
      void loadCart();
    }
  }

  /** Waits until nothing is pending (tests, and the checkout before it leaves the page). */
  async function settled(): Promise<void> {
    while (replaying || queue.running() || loading || announcing) await (replaying ?? queue.running() ?? loading ?? announcing);
  }

  return {
    $cart,
    $cartPending,
    $cartError,
    $cartStatus,
    $cartCount,
    $cartNotice,
    undoLastChange,
    addToCart,
    addProductById,
    setQuantity,
    removeItem,
    setOption,
    updateCartFields,
    submitOrder,
    loadCart,
    resetCart,
    setTotalsHook,
    receive,
    start,
    settled,
    clearError: () => $cartError.set(null),
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The page's cart store, shared by every island. */
export const cartStore: CartStore = createCartStore({ announceCount: announceOnPage });

export const {
  $cart,
  $cartPending,
  $cartError,
  $cartStatus,
  $cartNotice,

  addToCart,
  undoLastChange,
  addProductById,
  setQuantity,
  removeItem,
  setOption,
  updateCartFields,
  submitOrder,
  loadCart,
  resetCart,
} = cartStore;
export const startCart = cartStore.start;

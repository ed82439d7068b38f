// The shopping cart in the browser (SPEC §4, §7; DESIGN §2 "State"): one store that every island and the cart
// badge share. The server is authoritative: $cart shows the server's last full cart with the shopper's pending
// changes applied on top by the same pure rules the server uses (src/domain/cart.ts), and becomes the server's
// answer again once those changes are saved. A failed change is rolled back with a Dutch message in $cartError.
//
// Races: changes are sent one request at a time per tab. Changes made while a request is on its way wait and are
// sent together as one merge patch computed against the server's answer, so ten quick clicks on + give one or two
// requests and the shopper ends with what the server holds. Quantities are sent as absolute values.
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ApiFetchOptions } from '../client/api.ts';
import type { AnalyticsItem } from '../client/analytics.ts';
import { deleteCartId, readCartId, writeCartId } from '../client/cookies.ts';
import { CART_COUNT_EVENT, CART_COUNT_KEY } from '../client/cart-badge.ts';
import { safeStorage, type StringStorage } from '../client/local-events.ts';
import {
  addItem,
  CartRuleError,
  emptyCart,
  itemCount,
  removeItem as removeCartItem,
  setOption as setCartOption,
  setQuantity as setCartQuantity,
  shouldResetCart,
  type Cart,
  type CartItemOptions,
  type CartOption,
} from '../domain/cart.ts';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '../domain/errors.ts';
import { CART_LOCKED_MESSAGE } from '../domain/texts.ts';
import type { TotalsProduct } from '../domain/totals.ts';
import { cartPatch, isEmptyPatch, newCartBody, withFields, type CartPatch } from './cart-patch.ts';
import { clearForbidden, countForbidden } from './ui.ts';

/** What the cart needs to know of a product: prices and options for the rules, name and links for the page. */
export type CartProduct = TotalsProduct & {
  name: string;
  brand: string;
  productType?: string;
  image?: string;
  url?: string;
  categoryId?: number | null;
  freeAssemblyDismissable: boolean;
  freeExtraWarrantyDismissable: boolean;
  warrantyYears?: number;
};

/** The full cart as GET/PUT /api/carts/{id}/ answer it. */
export type ServerCart = Omit<Cart, 'products'> & {
  cartId: string;
  version: number;
  subtotal?: number;
  paymentTotal?: number;
  products?: Record<string, CartProduct>;
};

/** The order placed by submitOrder. */
export type PlacedOrder = { orderId: string; orderRef: string; paymentUrl: string | null };

export type CartResult = { ok: true; cart: ServerCart | null; order?: PlacedOrder } | { ok: false; error: ApiError; message: string };

/** localStorage keys and the event shared with other tabs and the badge script (src/client/cart-badge.ts). */
const CART_CHANNEL = 'app-cart';

export const messages = {
  failed: 'Het bijwerken van je winkelwagen is niet gelukt. Controleer je verbinding en probeer het opnieuw.',
  forbidden: 'Je winkelwagen kon niet worden opgeslagen, omdat we je niet konden herkennen. Probeer het opnieuw.',
  gone: 'Je winkelwagen bestaat niet meer. We zijn een nieuwe voor je begonnen; voeg je artikelen opnieuw toe.',
  locked: `${CART_LOCKED_MESSAGE} We zijn een nieuwe voor je begonnen.`,
  noCart: 'Je winkelwagen is leeg. Voeg eerst een artikel toe.',
  loadFailed: 'Je winkelwagen kon niet worden geladen. Vernieuw de pagina of probeer het later nog eens.',
} as const;

type CartMessage = { type: 'cart'; cart: ServerCart } | { type: 'reset'; cartId: string | null };

export type CartChannel = { post(message: CartMessage): void; listen(onMessage: (message: CartMessage) => void): () => void };

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

type Op = {
  apply: (cart: Cart) => Cart;
  fields?: Record<string, unknown>;
  products?: Record<string, CartProduct>;
  submit?: boolean;
  /** Sent again once on a new cart when the old one was gone (401/404). */
  retried?: boolean;
  resolve: (result: CartResult) => void;
  onSaved?: (cart: ServerCart) => void;
  /** An add made before the cart was loaded, kept as such in the journal of unsaved changes. */
  add?: { product: CartProduct; combinationId?: number | null; qty: number; options?: Partial<CartItemOptions> };
};

/** Unsaved changes of this tab (see writeJournal): the wire patch against a known cart, or adds not yet sent. */
export type CartJournal =
  | { kind: 'patch'; cartId: string | null; patch: CartPatch; at: number }
  | { kind: 'adds'; cartId: string | null; adds: NonNullable<Op['add']>[]; at: number };

export const CART_JOURNAL_KEY = 'app-local-cart-unsaved';

export type AddToCartInput = {
  product: CartProduct;
  combinationId?: number | null;
  qty: number;
  options?: Partial<CartItemOptions>;
};

/** Adds totals to a cart whose products are all known (set by the cart page, which carries the settings). */
export type TotalsHook = (cart: Cart) => Cart;

function sessionStore(): StringStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function broadcastChannel(): CartChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(CART_CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    listen: (onMessage) => {
      const handler = (event: MessageEvent<CartMessage>) => onMessage(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}

/** What reaches the store is an ApiError already (apiFetch and the cart rules throw nothing else); anything else
 *  counts as a server failure. (Not the error catalogue's toApiError: its table of texts stays off the product page.) */
function toApiError(thrown: unknown): ApiError {
  return thrown instanceof ApiError ? thrown : new ApiError(500, DEFAULT_ERROR_MESSAGE);
}

function errorMessage(error: ApiError): string {
  return error.errors.find((e) => e.errorMessage)?.errorMessage ?? error.summary ?? messages.failed;
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
  const storage = deps.storage === undefined ? safeStorage() : deps.storage;
  const session = deps.session === undefined ? sessionStore() : deps.session;
  // Made in start(): a BroadcastChannel would keep a server-side render (Node has one too) from ending.
  let channel: CartChannel | null = deps.channel ?? null;
  const now = deps.now ?? (() => new Date());
  // Loaded with the first event: analytics never holds up the cart.
  const analytics = () => import('../client/analytics.ts');
  const track = deps.track ?? {
    add: (items: AnalyticsItem[]) => void analytics().then((a) => a.trackAddToCart(items)),
    remove: (items: AnalyticsItem[]) => void analytics().then((a) => a.trackRemoveFromCart(items)),
  };

  /** The server's full cart (or null: no cart yet). */
  const $cart = atom<ServerCart | null>(null);
  /** True while changes wait for the server. */
  const $cartPending = atom(false);
  /** The last Dutch error message for the shopper (an aria-live region shows it). */
  const $cartError = atom<string | null>(null);
  /** 'unknown' until the browser has checked the cookie; then 'loading' or 'ready'. */
  const $cartStatus = atom<'unknown' | 'loading' | 'ready'>('unknown');
  /** "Count of items" on the badge = units (sum of quantities), as shops show it: 2 × the same pan counts 2. */
  const $cartCount: ReadableAtom<number> = computed($cart, (cart) => (cart ? itemCount(cart as unknown as Cart) : 0));

  let confirmed: ServerCart | null = null;
  let inflight: Op[] = [];
  let queued: Op[] = [];
  let running: Promise<void> | null = null;
  let loading: Promise<void> | null = null;
  let totalsHook: TotalsHook | null = null;
  let started = false;
  let loadedOnStart = false;
  let replayed = false;

  const ops = () => [...inflight, ...queued];

  async function api<T>(path: string, options: ApiFetchOptions = {}): Promise<{ data: T; headers: Headers }> {
    const token = await getToken();
    const { apiFetch } = await remote();
    return apiFetch<T>(path, { ...options, token, fetch: deps.fetch });
  }

  /** The cart to show: the server's with every pending change applied (a change that no longer applies is skipped). */
  function view(): ServerCart | null {
    const pending = ops();
    if (pending.length === 0) return confirmed;
    let cart: Cart = confirmed ? (confirmed as Cart) : { ...emptyCart(), cartId: null };
    const products: Record<string, CartProduct> = { ...(confirmed?.products ?? {}) };
    for (const op of pending) {
      try {
        cart = op.apply(cart);
        if (op.fields) cart = withFields(cart, op.fields);
        Object.assign(products, op.products);
      } catch {
        // Refused on this base; the op fails when it is sent.
      }
    }
    let shown = { ...cart, products } as Cart;
    if (totalsHook) {
      try {
        shown = totalsHook(shown);
      } catch {
        // A product is not known yet (added from a link): the server's totals follow shortly.
      }
    }
    return { ...(shown as ServerCart), cartId: confirmed?.cartId ?? '', version: confirmed?.version ?? 0 };
  }

  let lastCount = -1;

  /**
   * Keeps this tab's unsaved changes in session storage, so that a shopper who leaves the page (clicks the cart
   * link right after "In winkelwagen") loses nothing: the next page replays them (replayJournal). Against a known
   * cart (or a new one) they are kept as the merge patch with absolute quantities, which is safe to send twice;
   * adds made before the cart was loaded cannot have been sent yet, and are kept as adds.
   */
  function writeJournal(shown: ServerCart | null): void {
    // Not before start(): until then the journal of the previous page is still waiting to be replayed.
    if (!session || !replayed) return;
    try {
      const pending = ops().filter((op) => !op.submit);
      if (pending.length === 0) {
        session.removeItem(CART_JOURNAL_KEY);
        return;
      }
      const cookie = cookies.read();
      const journal: CartJournal =
        !confirmed && cookie
          ? { kind: 'adds', cartId: cookie, adds: pending.flatMap((op) => (op.add ? [op.add] : [])), at: now().getTime() }
          : {
              kind: 'patch',
              cartId: confirmed?.cartId ?? null,
              patch: cartPatch(
                (confirmed ?? emptyCart()) as Cart,
                (shown ?? emptyCart()) as Cart,
                Object.assign({}, ...pending.map((op) => op.fields)),
              ),
              at: now().getTime(),
            };
      session.setItem(CART_JOURNAL_KEY, JSON.stringify(journal));
    } catch {
      // Storage full or blocked: the changes still go to the server from this page.
    }
  }

  /** Sends the unsaved changes a previous page of this tab left behind (at most once). The replay code is
   *  loaded only when there is something to replay. */
  function replayJournal(): void {
    let raw: string | null = null;
    try {
      raw = session?.getItem(CART_JOURNAL_KEY) ?? null;
      session?.removeItem(CART_JOURNAL_KEY);
    } catch {
      raw = null;
    }
    if (raw) void import('./cart-journal.ts').then(({ replay }) => replay(raw, { cartId: cookies.read(), now: now(), addToCart, change }));
  }

  function render(): void {
    const shown = view();
    $cart.set(shown);
    $cartPending.set(ops().length > 0);
    writeJournal(shown);
    // A cart that exists but is not loaded yet (the buy box starts without loading it) has no count to tell:
    // the badge keeps the stored one until the server has answered.
    if (!confirmed && cookies.read()) return;
    // The badge script reads the count from storage (other pages, other tabs) and hears it on this page.
    const count = shown ? itemCount(shown as Cart) : 0;
    if (count === lastCount) return;
    lastCount = count;
    try {
      storage?.setItem(CART_COUNT_KEY, String(count));
    } catch {
      // The badge then shows nothing until the next page.
    }
    deps.announceCount?.(count);
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
  function accept(cart: ServerCart, fromOtherTab = false): boolean {
    if (confirmed && cart.cartId === confirmed.cartId && cart.version < confirmed.version) return false;
    if (shouldResetCart(cart as Cart)) {
      if (fromOtherTab) {
        confirmed = null;
        render();
      } else reset();
      return false;
    }
    confirmed = cart;
    $cartStatus.set('ready');
    render();
    if (!fromOtherTab) {
      channel?.post({ type: 'cart', cart });
    }
    return true;
  }

  async function fetchCart(cartId: string): Promise<void> {
    try {
      const { data } = await api<ServerCart>(`carts/${cartId}/`);
      clearForbidden();
      accept(data);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === 401 || error.code === 404) {
        if (error.code === 401) await newToken();
        clearForbidden();
        reset();
      } else if (error.code === 403) countForbidden();
      else clearForbidden();
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
      .catch((thrown) => {
        if (!confirmed) $cartError.set(messages.loadFailed);
        void thrown;
      })
      .finally(() => {
        loading = null;
        $cartStatus.set('ready');
      });
    loading = request;
    return request;
  }

  function fail(batch: Op[], error: ApiError, message: string): void {
    for (const op of batch) op.resolve({ ok: false, error, message });
  }

  async function handleError(batch: Op[], thrown: unknown): Promise<void> {
    const error = toApiError(thrown);
    if (error.code === 401 || error.code === 404) {
      clearForbidden();
      if (error.code === 401) await newToken();
      inflight = [];
      reset();
      // The changes are kept and made once more on a new cart (an add should not get lost to an expired cart).
      const again = batch.filter((op) => !op.retried && !op.submit && !op.fields);
      for (const op of again) op.retried = true;
      fail(
        batch.filter((op) => !again.includes(op)),
        error,
        messages.gone,
      );
      if (again.length > 0) queued.unshift(...again);
      else $cartError.set(messages.gone);
      return;
    }
    let message: string = messages.failed;
    if (error.code === 403) {
      countForbidden();
      message = messages.forbidden;
    } else {
      clearForbidden();
      if (error.code === 409) {
        // Locked or changed elsewhere: the server's cart decides (a locked one is reset).
        const cartId = confirmed?.cartId;
        if (cartId) await fetchCart(cartId).catch(() => undefined);
        message = confirmed ? error.summary : messages.locked;
      } else if (error.code === 422 || error.code === 400) message = errorMessage(error);
    }
    // Roll back: the waiting changes were made on top of the refused one, so they go as well.
    const dropped = [...batch, ...queued.splice(0)];
    inflight = [];
    render();
    $cartError.set(message);
    fail(dropped, error, message);
  }

  async function ensureLoaded(): Promise<void> {
    if (loading) await loading;
    if (!confirmed && cookies.read()) await fetchCart(cookies.read()!);
  }

  async function send(batch: Op[]): Promise<void> {
    try {
      await ensureLoaded();
      const base: Cart = confirmed ? (confirmed as Cart) : { ...emptyCart(), cartId: null };
      let target = base;
      const applied: Op[] = [];
      const fields: Record<string, unknown> = {};
      for (const op of batch) {
        try {
          target = op.apply(target);
          Object.assign(fields, op.fields);
          applied.push(op);
        } catch (thrown) {
          const error = toApiError(thrown);
          $cartError.set(errorMessage(error));
          op.resolve({ ok: false, error, message: errorMessage(error) });
        }
      }
      if (applied.length === 0) return;
      const submit = applied.some((op) => op.submit);
      let cart: ServerCart;
      let order: PlacedOrder | undefined;
      if (!confirmed) {
        if (Object.keys(target.items).length === 0) {
          const error = new ApiError(422, messages.noCart, [{ field: 'items', errorMessage: messages.noCart }]);
          fail(applied, error, messages.noCart);
          return;
        }
        const { data } = await api<{ cartId: string }>('carts/', { method: 'POST', body: newCartBody(target, fields) });
        cookies.write(data.cartId);
        cart = (await api<ServerCart>(`carts/${data.cartId}/`)).data;
      } else {
        const patch: CartPatch = cartPatch(base, target, fields);
        if (submit) patch.submit = true;
        if (isEmptyPatch(patch)) {
          for (const op of applied) op.resolve({ ok: true, cart: confirmed });
          return;
        }
        const { data } = await api<ServerCart & Partial<PlacedOrder>>(`carts/${confirmed.cartId}/`, { method: 'PUT', body: patch });
        if (submit && data.orderRef && data.orderId)
          order = { orderId: data.orderId, orderRef: data.orderRef, paymentUrl: data.paymentUrl ?? null };
        cart = data;
      }
      clearForbidden();
      inflight = [];
      accept(cart);
      for (const op of applied) {
        op.onSaved?.(cart);
        op.resolve({ ok: true, cart: confirmed, ...(order ? { order } : {}) });
      }
    } catch (thrown) {
      await handleError(batch, thrown);
    }
  }

  /** Sends what waits, one request at a time, until nothing waits. */
  function pump(): Promise<void> {
    running ??= (async () => {
      try {
        while (queued.length > 0) {
          // A submit goes alone with what came before it; later changes wait for the next request.
          const submitAt = queued.findIndex((op) => op.submit);
          inflight = queued.splice(0, submitAt < 0 ? queued.length : submitAt + 1);
          await send(inflight);
          inflight = [];
          render();
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /**
   * Checks a change against the cart as shown (a refused change, e.g. an 11th unit, gets its Dutch message and no
   * request), shows it at once and queues it.
   */
  function change(op: Omit<Op, 'resolve'>): Promise<CartResult> {
    $cartError.set(null);
    const shown = view();
    try {
      op.apply(shown ? (shown as Cart) : { ...emptyCart(), cartId: null });
    } catch (thrown) {
      const error = thrown instanceof CartRuleError ? thrown : toApiError(thrown);
      const message = errorMessage(error);
      $cartError.set(message);
      return Promise.resolve({ ok: false, error, message });
    }
    return new Promise<CartResult>((resolve) => {
      queued.push({ ...op, resolve });
      render();
      void pump();
    });
  }

  function analyticsItem(cart: { products?: Record<string, CartProduct> } | null, productId: number, qty: number): AnalyticsItem | null {
    const product = cart?.products?.[productId];
    if (!product || qty <= 0) return null;
    return { productId, name: product.name, brand: product.brand, category: product.productType, price: product.price, qty };
  }

  const products = (cart: Cart) => (cart.products ?? {}) as Record<string, CartProduct>;

  // ---- Actions -------------------------------------------------------------------------------------------------

  function addToCart(input: AddToCartInput): Promise<CartResult> {
    const { product, qty } = input;
    return change({
      apply: (cart) =>
        addItem(cart, { productId: product.productId, combinationId: input.combinationId ?? null, qty, options: input.options }, now(), {
          ...products(cart),
          [product.productId]: product,
        }),
      products: { [product.productId]: product },
      add: { product, combinationId: input.combinationId ?? null, qty, options: input.options },
      onSaved: () => {
        const item = analyticsItem({ products: { [product.productId]: product } }, product.productId, qty);
        if (item) track.add([item]);
      },
    });
  }

  /** Adds by product id only (a link such as /winkelwagen/?add=123): shown once the server answers with the product. */
  function addProductById(productId: number, qty = 1, options?: Partial<CartItemOptions>): Promise<CartResult> {
    return change({
      apply: (cart) => addItem(cart, { productId, qty, options }, now(), products(cart)),
      onSaved: (cart) => {
        const item = analyticsItem(cart, productId, qty);
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
        const tracked = item && analyticsItem(cart, item.productId, Math.abs(delta));
        if (tracked) (delta > 0 ? track.add : track.remove)([tracked]);
      },
    });
  }

  function removeItem(key: string): Promise<CartResult> {
    const shown = view();
    const item = shown?.items[key];
    const tracked = item ? analyticsItem(shown, item.productId, item.qty) : null;
    return change({
      apply: (cart) => removeCartItem(cart, key),
      onSaved: () => {
        if (tracked) track.remove([tracked]);
      },
    });
  }

  function setOption(key: string, option: CartOption, value: boolean): Promise<CartResult> {
    return change({ apply: (cart) => setCartOption(cart, key, option, value, products(cart)) });
  }

  /**
   * Sets checkout fields (delivery day or week, floor, address, payment method…); null removes a field. Resolves
   * when the server has saved them; a 422 comes back with the field errors (error.errors[].field/errorMessage).
   */
  function updateCartFields(fields: Record<string, unknown>): Promise<CartResult> {
    return change({ apply: (cart) => cart, fields });
  }

  /** Places the order after every waiting change is saved; the locked cart is then reset (SPEC §4). */
  async function submitOrder(fields: Record<string, unknown> = {}): Promise<CartResult> {
    if (!confirmed && ops().length === 0) await loadCart();
    const result = await change({ apply: (cart) => cart, fields, submit: true });
    return result;
  }

  /** Drops the cart (a new one is made on the next add). */
  function resetCart(): void {
    queued = [];
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
    while (running || loading) await (running ?? loading);
  }

  return {
    $cart,
    $cartPending,
    $cartError,
    $cartStatus,
    $cartCount,
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

const announce = (count: number) => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CART_COUNT_EVENT, { detail: count }));
};

/** The page's cart store, shared by every island. */
export const cartStore: CartStore = createCartStore({ announceCount: announce });

export const {
  $cart,
  $cartPending,
  $cartError,
  $cartStatus,

  addToCart,
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

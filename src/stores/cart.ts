// The shopping cart in the browser (SPEC §4, §7; DESIGN §2 "State"): one store that every island and the cart
// badge share, put together here from its parts. The server is authoritative: $cart shows the server's last full
// cart (cart-server.ts) with the shopper's pending changes applied on top by the same pure rules the server uses
// (cart-view.ts), and becomes the server's answer again once those changes are saved. The shopper's changes are
// cart-actions.ts; what the rules switched off on their own, with the way back, cart-notices.ts. Sending, and
// rolling back what the server refuses, is the request queue's (cart-queue.ts); unsaved changes survive leaving
// the page through the journal (cart-journal.ts); other tabs follow through cart-tabs.ts; the badge through
// cart-count.ts.
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ApiFetchOptions } from '../client/api.ts';
import type { AnalyticsItem } from '../client/analytics.ts';
import { deleteCartId, readCartId, writeCartId } from '../client/cookies.ts';
import { safeStorage, type StringStorage } from '../client/local-events.ts';
import type { CartProduct, PresentedCart, ShownCart } from '../domain/cart-schema.ts';
import { createCartActions, type CartTracker } from './cart-actions.ts';
import { announceOnPage, countAnnouncer } from './cart-count.ts';
import { journalOf, saveJournal, takeJournal } from './cart-journal.ts';
import { createCartNotices } from './cart-notices.ts';
import { createRequestQueue } from './cart-queue.ts';
import { createServerCart, type CartCookies } from './cart-server.ts';
import { broadcastChannel, type CartChannel } from './cart-tabs.ts';
import { shownCart, unitCount, type TotalsHook } from './cart-view.ts';

export type { CartProduct, ShownCart };

export type CartStoreDeps = {
  fetch?: typeof fetch;
  getToken?: () => Promise<string | null>;
  renewToken?: () => Promise<string | null>;
  cookies?: CartCookies;
  storage?: StringStorage | null;
  /** Where unsaved changes wait when the shopper leaves the page before the server answered (this tab only). */
  session?: StringStorage | null;
  channel?: CartChannel | null;
  now?: () => Date;
  /** Announces the count to the badge script of this page. */
  announceCount?: (count: number) => void;
  track?: CartTracker;
};

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
  /** "Count of items" on the badge = units (sum of quantities), as shops show it: 2 × the same pan counts 2. */
  const $cartCount: ReadableAtom<number> = computed($cart, unitCount);
  const setError = (message: string | null) => $cartError.set(message);

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

  const server = createServerCart({ api, cookies, channel: () => channel, renewToken: newToken, render, setError });

  const queue = createRequestQueue({
    confirmed: server.confirmed,
    ensureLoaded: server.ensureLoaded,
    async create(body) {
      const { cartId } = await api<{ cartId: string }>('carts/', { method: 'POST', body });
      cookies.write(cartId);
      return api<PresentedCart>(`carts/${cartId}/`);
    },
    update: (cartId, patch) => api(`carts/${cartId}/`, { method: 'PUT', body: patch }),
    refetch: (cartId) => server.fetchCart(cartId),
    accept: (cart) => void server.accept(cart),
    forget: server.reset,
    renewToken: newToken,
    render,
    setError,
  });

  const notices = createCartNotices({ now, confirmed: server.confirmed, change: (op, options) => change(op, options) });

  const { change, ...actions } = createCartActions({ now, view, server, queue, setError, notices, track });

  /** The cart to show: the server's with every pending change applied. */
  function view(): ShownCart | null {
    return shownCart(server.confirmed(), queue.pending(), totalsHook);
  }

  /** Sends the unsaved changes a previous page of this tab left behind (at most once). The replay code is loaded
   *  only when there is something to replay. */
  function replayJournal(): void {
    const raw = takeJournal(session);
    if (!raw) return;
    replaying = import('./cart-replay.ts')
      .then(({ replay }) => replay(raw, { cartId: cookies.read(), now: now(), addToCart: actions.addToCart, change }))
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
    const confirmed = server.confirmed();
    // Not before start(): until then the journal of the previous page is still waiting to be replayed.
    if (replayed) saveJournal(session, journalOf({ pending, confirmed, shown, cookie: cookies.read(), at: now().getTime() }));
    // A cart that exists but is not loaded yet (the buy box starts without loading it) has no count to tell:
    // the badge keeps the stored one until the server has answered.
    if (!confirmed && cookies.read()) return;
    announceCount(unitCount(shown));
  }

  /** Drops the cart (a new one is made on the next add). */
  function resetCart(): void {
    queue.clear();
    notices.clear();
    server.reset();
  }

  function setTotalsHook(hook: TotalsHook | null): void {
    totalsHook = hook;
    render();
  }

  /** Starts the store in the browser: listens to other tabs and loads the cookie's cart, unless `load` is false
   *  (the buy box: the cart is then loaded by the first change). Safe to call often. */
  function start({ load = true }: { load?: boolean } = {}): void {
    if (!started) {
      started = true;
      if (deps.channel === undefined) channel = broadcastChannel();
      channel?.listen(server.receive);
    }
    if (!replayed) {
      replayed = true;
      replayJournal();
    }
    if (load && !loadedOnStart) {
      loadedOnStart = true;
      void server.loadCart();
    }
  }

  /** Waits until nothing is pending (tests, and the checkout before it leaves the page). */
  async function settled(): Promise<void> {
    while (replaying || queue.running() || server.loading() || notices.announcing())
      await (replaying ?? queue.running() ?? server.loading() ?? notices.announcing());
  }

  return {
    $cart,
    $cartPending,
    $cartError,
    $cartStatus: server.$cartStatus,
    $cartCount,
    $cartNotice: notices.$cartNotice,
    undoLastChange: notices.undoLastChange,
    ...actions,
    loadCart: server.loadCart,
    resetCart,
    setTotalsHook,
    receive: server.receive,
    start,
    settled,
    clearError: () => setError(null),
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

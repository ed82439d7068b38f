// Changes the shopper makes just before leaving a page (e.g. "In winkelwagen", then straight to the cart) are kept
// in session storage and sent by the next page: nothing a shopper clicks gets lost, and nothing is added twice.
import { describe, expect, it, vi } from 'vitest';
import { emptyCart } from '../../src/domain/cart';
import { CART_JOURNAL_KEY, createCartStore, type CartProduct, type CartStoreDeps } from '../../src/stores/cart';
import type { StringStorage } from '../../src/client/local-events';

const NOW = new Date('2026-11-22T10:00:00Z');
const oven = {
  productId: 101,
  name: 'Oven',
  brand: 'Merk',
  productType: 'oven',
  price: 49900,
  discounts: {},
  assemblyPrice: 4900,
  assemblyPriceSecondary: 2900,
  extraServicePrice: null,
  extraWarrantyPrice: 1500,
  pickUpDiscountPrice: null,
  deliveryCost: null,
  freeAssembly: false,
  freeExtraService: false,
  freeExtraWarranty: false,
  combinations: [],
  stock: { state: 'inStock' },
  shopOnly: false,
} as unknown as CartProduct;

function memoryStorage(): StringStorage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A tiny cart API: POST creates, GET reads, PUT merges items with absolute quantities. `hold` keeps answers back forever (the page is left). */
function api() {
  const carts = new Map<string, { items: Record<string, any>; version: number }>();
  let ids = 0;
  let hold = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const present = (id: string) => ({
    ...emptyCart(),
    cartId: id,
    version: carts.get(id)!.version,
    items: carts.get(id)!.items,
    products: { 101: oven },
  });
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    const id = /carts\/([^/]+)\//.exec(String(url))?.[1];
    const apply = (items: Record<string, any>) => {
      for (const [k, v] of Object.entries(body.items ?? {}))
        if (v === null) delete items[k];
        else items[k] = { addToCartDate: NOW.toISOString(), ...(v as object) };
    };
    let answer: Response;
    if (method === 'POST') {
      const cartId = `cart-${++ids}`;
      const items = {};
      apply(items);
      carts.set(cartId, { items, version: 1 });
      answer = json(201, { data: { cartId, version: 1 } });
    } else if (!id || !carts.has(id)) answer = json(404, { failed: true, message: 'Niet gevonden', errors: [] });
    else if (method === 'GET') answer = json(200, { data: present(id) });
    else {
      const stored = carts.get(id)!;
      apply(stored.items);
      stored.version += 1;
      answer = json(200, { data: present(id) });
    }
    // The server has done its work; a page that was left never sees the answer.
    if (hold) await new Promise(() => {});
    return answer;
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    carts,
    leavePage: () => void (hold = true),
    stay: () => void (hold = false),
  };
}

/** One page of the tab: a cart store on the shared session storage and cookie jar, started unless told not to. */
function page(server: ReturnType<typeof api>, jar: { value: string | null }, session: StringStorage, load = true, start = true) {
  const deps: CartStoreDeps = {
    fetch: server.fetch,
    getToken: async () => 'token',
    renewToken: async () => 'token',
    cookies: { read: () => jar.value, write: (id) => void (jar.value = id), clear: () => void (jar.value = null) },
    storage: memoryStorage(),
    session,
    channel: null,
    now: () => NOW,
    track: { add: () => {}, remove: () => {} },
  };
  const store = createCartStore(deps);
  if (start) store.start({ load });
  return store;
}

describe('unsaved cart changes when the shopper leaves the page', () => {
  it('an add on a page that had not loaded the cart yet is kept as an add and made by the next page', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    const first = page(server, jar, session);
    await first.addToCart({ product: oven, qty: 1 });
    const cartId = jar.value!;

    // A product page (the cart is not loaded up front): 2 more are added, and the page is left before the cart
    // could even be read, so nothing was sent.
    server.leavePage();
    const product = page(server, jar, session, false);
    void product.addToCart({ product: oven, qty: 2 });
    expect(JSON.parse(session.getItem(CART_JOURNAL_KEY)!)).toMatchObject({ kind: 'adds', cartId, adds: [{ qty: 2 }] });
    expect(server.carts.get(cartId)!.items['101'].qty).toBe(1);

    server.stay();
    const cartPage = page(server, jar, session);
    await vi.waitFor(() => expect(server.carts.get(cartId)!.items['101'].qty).toBe(3));
    await cartPage.settled();
    expect(cartPage.$cart.get()?.items['101']?.qty).toBe(3);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
  });

  it('a new cart whose creation was not answered is created by the next page, once', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    server.leavePage();
    const product = page(server, jar, session, false);
    void product.addToCart({ product: oven, qty: 1 });
    await vi.waitFor(() => expect(server.carts.size).toBe(1));
    expect(jar.value).toBeNull(); // the answer never came: no cookie
    expect(JSON.parse(session.getItem(CART_JOURNAL_KEY)!)).toMatchObject({ kind: 'patch', cartId: null });

    server.stay();
    const cartPage = page(server, jar, session);
    await vi.waitFor(() => expect(jar.value).not.toBeNull());
    await cartPage.settled();
    expect(server.carts.get(jar.value!)!.items['101'].qty).toBe(1);
    expect(cartPage.$cart.get()?.items['101']?.qty).toBe(1);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
  });

  it('a change that reached the server before the page was left is not applied twice', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    const first = page(server, jar, session);
    await first.addToCart({ product: oven, qty: 1 });
    const cartId = jar.value!;

    // On a page with the cart loaded, + is clicked; the PUT lands but its answer is never seen.
    const cartPage = page(server, jar, session);
    await cartPage.settled();
    server.leavePage();
    void cartPage.setQuantity('101', 2);
    await vi.waitFor(() => expect(server.carts.get(cartId)!.version).toBe(2));

    server.stay();
    const next = page(server, jar, session);
    await vi.waitFor(() => expect(next.$cart.get()?.items['101']?.qty).toBe(2));
    await next.settled();
    expect(server.carts.get(cartId)!.items['101'].qty).toBe(2);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
  });

  it('unsaved changes of another cart (reset meanwhile) are dropped', async () => {
    const server = api();
    const session = memoryStorage();
    session.setItem(
      CART_JOURNAL_KEY,
      JSON.stringify({
        kind: 'patch',
        cartId: 'cart-gone',
        patch: { items: { 101: { productId: 101, qty: 3, options: {} } } },
        at: NOW.getTime(),
      }),
    );
    const jar = { value: null as string | null };
    const next = page(server, jar, session);
    await next.settled();
    expect(server.carts.size).toBe(0);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
  });
});

describe('the journal of the previous page', () => {
  it('is not cleared by anything the store does before it starts (e.g. the cart page enabling its totals)', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    server.leavePage();
    const product = page(server, jar, session, false);
    void product.addToCart({ product: oven, qty: 1 });
    await vi.waitFor(() => expect(server.carts.size).toBe(1));
    server.stay();

    const cartPage = page(server, jar, session, true, false);
    cartPage.setTotalsHook((cart) => cart); // renders before start(), as the cart page's enableLocalTotals does
    expect(session.getItem(CART_JOURNAL_KEY)).not.toBeNull();
    cartPage.start();
    await vi.waitFor(() => expect(cartPage.$cart.get()?.items['101']?.qty).toBe(1));
  });
});

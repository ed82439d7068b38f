// Changes the shopper makes just before leaving a page (e.g. "In winkelwagen", then straight to the cart) are kept
// in session storage and sent by the next page: nothing a shopper clicks gets lost, and nothing is added twice.
import { describe, expect, it, vi } from 'vitest';
import { emptyCart } from '../../src/domain/cart';
import { createCartStore, type CartProduct, type CartStoreDeps } from '../../src/stores/cart';
import { CART_JOURNAL_KEY } from '../../src/stores/cart-journal';
import { parseJournal } from '../../src/stores/cart-replay';
import type { StringStorage } from '../../src/client/local-events';
import { memoryStorage } from './helpers/memory-storage.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const oven: CartProduct = {
  productId: 101,
  brand: 'Merk',
  name: 'Oven',
  ean: '8710000000101',
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
  freeAssemblyDismissable: false,
  freeExtraService: false,
  freeExtraWarranty: false,
  freeExtraWarrantyDismissable: false,
  combinations: [],
  expired: false,
  stock: { state: 'inStock', quantity: 3 },
  shopOnly: false,
  category: 'inbouwovens',
  warrantyYears: 5,
  image: '/images/products/oven.svg',
  url: '/inbouwapparatuur/inbouwovens/merk-oven-101/',
  categoryId: 3,
};

type Request = { page: string; method: string; path: string; body: any };

/** A tiny cart API: POST creates, GET reads, PUT merges items with absolute quantities. Every request is logged
 *  with the page that made it. */
function api() {
  const carts = new Map<string, { items: Record<string, any>; version: number }>();
  const requests: Request[] = [];
  let ids = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const present = (id: string) => ({
    ...emptyCart(),
    cartId: id,
    version: carts.get(id)!.version,
    items: carts.get(id)!.items,
    products: { 101: oven },
  });
  function handle(method: string, path: string, body: any): Response {
    const id = /carts\/([^/]+)\//.exec(path)?.[1];
    const apply = (items: Record<string, any>) => {
      for (const [k, v] of Object.entries(body.items ?? {}))
        if (v === null) delete items[k];
        else items[k] = { addToCartDate: NOW.toISOString(), ...(v as object) };
    };
    if (method === 'POST') {
      const cartId = `cart-${++ids}`;
      const items = {};
      apply(items);
      carts.set(cartId, { items, version: 1 });
      return json(201, { data: { cartId, version: 1 } });
    }
    if (!id || !carts.has(id)) return json(404, { failed: true, message: 'Niet gevonden', errors: [] });
    if (method === 'GET') return json(200, { data: present(id) });
    const stored = carts.get(id)!;
    apply(stored.items);
    stored.version += 1;
    return json(200, { data: present(id) });
  }
  /** The fetch of one page. Once the page is left, the server still does the work of its requests, but the page
   *  never sees an answer. */
  function fetchFor(page: string, state: { left: boolean }): typeof globalThis.fetch {
    return (async (url: string | URL | Request, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      requests.push({ page, method, path: String(url), body });
      const answer = handle(method, String(url), body);
      if (state.left) await new Promise(() => {});
      return answer;
    }) as typeof globalThis.fetch;
  }
  return { carts, requests, fetchFor, of: (page: string) => requests.filter((r) => r.page === page) };
}

type PageOptions = { load?: boolean; start?: boolean; left?: boolean };

/** One page of the tab: a cart store on the shared session storage and cookie jar, started unless told not to. */
function page(
  server: ReturnType<typeof api>,
  name: string,
  jar: { value: string | null },
  session: StringStorage,
  options: PageOptions = {},
) {
  const { load = true, start = true, left = false } = options;
  const state = { left };
  const deps: CartStoreDeps = {
    fetch: server.fetchFor(name, state),
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
  return Object.assign(store, { leave: () => void (state.left = true) });
}

describe('unsaved cart changes when the shopper leaves the page', () => {
  it('an add on a page that had not loaded the cart yet is kept as an add and made by the next page, in one request', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    const first = page(server, 'first', jar, session);
    await first.addToCart({ product: oven, qty: 1 });
    await first.settled();
    const cartId = jar.value!;

    // A product page (the cart is not loaded up front): 2 more are added, and the page is left before the cart
    // could even be read, so nothing was sent.
    const product = page(server, 'product', jar, session, { load: false, left: true });
    void product.addToCart({ product: oven, qty: 2 });
    expect(JSON.parse(session.getItem(CART_JOURNAL_KEY)!)).toMatchObject({ kind: 'adds', cartId, adds: [{ qty: 2 }] });
    await vi.waitFor(() => expect(server.of('product').map((r) => r.method)).toEqual(['GET']));
    expect(server.carts.get(cartId)!.items['101'].qty).toBe(1);

    const cartPage = page(server, 'cart', jar, session);
    await vi.waitFor(() => expect(server.carts.get(cartId)!.items['101'].qty).toBe(3));
    await cartPage.settled();
    expect(cartPage.$cart.get()?.items['101']?.qty).toBe(3);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
    // 1 + 2 = 3, sent once as an absolute quantity: one PUT, no other change.
    expect(server.of('cart').filter((r) => r.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'PUT', body: { items: { 101: expect.objectContaining({ qty: 3 }) } } }),
    ]);
  });

  it('a new cart whose creation was not answered is created by the next page, once', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    const product = page(server, 'product', jar, session, { load: false, left: true });
    void product.addToCart({ product: oven, qty: 1 });
    await vi.waitFor(() => expect(server.carts.size).toBe(1));
    expect(jar.value).toBeNull(); // the answer never came: no cookie
    expect(JSON.parse(session.getItem(CART_JOURNAL_KEY)!)).toMatchObject({ kind: 'patch', cartId: null });

    const cartPage = page(server, 'cart', jar, session);
    await vi.waitFor(() => expect(jar.value).not.toBeNull());
    await cartPage.settled();
    expect(server.carts.get(jar.value!)!.items['101'].qty).toBe(1);
    expect(cartPage.$cart.get()?.items['101']?.qty).toBe(1);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
    // One POST by the next page, then the read of the new cart; nothing else.
    expect(server.of('cart').map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/carts/', `GET /api/carts/${jar.value}/`]);
  });

  it('a change that reached the server before the page was left is not applied twice', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    const first = page(server, 'first', jar, session);
    await first.addToCart({ product: oven, qty: 1 });
    await first.settled();
    const cartId = jar.value!;

    // On a page with the cart loaded, + is clicked; the PUT lands but its answer is never seen.
    const cartPage = page(server, 'cart', jar, session);
    await cartPage.settled();
    cartPage.leave();
    void cartPage.setQuantity('101', 2);
    await vi.waitFor(() => expect(server.carts.get(cartId)!.version).toBe(2));

    const next = page(server, 'next', jar, session);
    await vi.waitFor(() => expect(next.$cart.get()?.items['101']?.qty).toBe(2));
    await next.settled();
    expect(server.carts.get(cartId)!.items['101'].qty).toBe(2);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
    // The journal holds the absolute quantity 2, which the server has already: the next page reads the cart and
    // sends nothing. One PUT in all, the one of the page that was left.
    expect(server.of('next').map((r) => r.method)).toEqual(['GET']);
    expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ page: 'cart', body: { items: { 101: expect.objectContaining({ qty: 2 }) } } }),
    ]);
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
    const next = page(server, 'next', jar, session);
    await next.settled();
    expect(server.requests).toEqual([]);
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
  });
});

describe('a journal that is not one', () => {
  const patch = (items: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ kind: 'patch', cartId: null, patch: { items }, at: NOW.getTime(), ...extra });
  const malformed: [string, string][] = [
    ['not JSON', '{"kind":"patch",'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[{"kind":"patch"}]'],
    ['no kind', JSON.stringify({ cartId: null, patch: {}, at: NOW.getTime() })],
    ['an unknown kind', JSON.stringify({ kind: 'wish', cartId: null, at: NOW.getTime() })],
    ['no time', JSON.stringify({ kind: 'patch', cartId: null, patch: {} })],
    ['a quantity as text', patch({ 101: { productId: 101, qty: '3' } })],
    ['an item key that is not one', patch({ 'drop table': { productId: 101, qty: 1 } })],
    ['an option that is not a flag', patch({ 101: { productId: 101, qty: 1, options: { assembly: 'ja' } } })],
    ['a product id below 1', patch({ 0: { productId: 0, qty: 1 } })],
    ['adds without a product', JSON.stringify({ kind: 'adds', cartId: null, adds: [{ qty: 1 }], at: NOW.getTime() })],
    [
      'adds with half a product',
      JSON.stringify({ kind: 'adds', cartId: null, adds: [{ product: { productId: 101 }, qty: 1 }], at: NOW.getTime() }),
    ],
    ['a field of the wrong type', JSON.stringify({ kind: 'patch', cartId: null, patch: { floor: 'boven' }, at: NOW.getTime() })],
    ['far too long', patch({ 101: { productId: 101, qty: 1 } }, { padding: 'x'.repeat(70_000) })],
  ];

  it.each(malformed)('%s: parses as nothing', (_name, raw) => {
    expect(parseJournal(raw)).toBeNull();
  });

  it.each(malformed)('%s: the next page starts without a request and without the journal', async (_name, raw) => {
    const server = api();
    const session = memoryStorage();
    session.setItem(CART_JOURNAL_KEY, raw);
    const jar = { value: null as string | null };
    const next = page(server, 'next', jar, session);
    await next.settled();
    expect(server.requests).toEqual([]);
    expect(next.$cart.get()).toBeNull();
    expect(session.getItem(CART_JOURNAL_KEY)).toBeNull();
  });

  it('a journal that parses is replayed (the cases above differ from it in one point each)', async () => {
    const raw = patch({ 101: { productId: 101, qty: 1, options: {} } });
    expect(parseJournal(raw)).toMatchObject({ kind: 'patch', patch: { items: { 101: { qty: 1 } } } });
    const server = api();
    const session = memoryStorage();
    session.setItem(CART_JOURNAL_KEY, raw);
    const jar = { value: null as string | null };
    const next = page(server, 'next', jar, session);
    await vi.waitFor(() => expect(jar.value).not.toBeNull());
    await next.settled();
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('a journal older than an hour is not replayed', async () => {
    const server = api();
    const session = memoryStorage();
    session.setItem(CART_JOURNAL_KEY, patch({ 101: { productId: 101, qty: 1, options: {} } }, { at: NOW.getTime() - 60 * 60 * 1000 - 1 }));
    const next = page(server, 'next', { value: null }, session);
    await next.settled();
    expect(server.requests).toEqual([]);
  });
});

describe('the journal of the previous page', () => {
  it('is not cleared by anything the store does before it starts (e.g. the cart page enabling its totals)', async () => {
    const server = api();
    const session = memoryStorage();
    const jar = { value: null as string | null };
    const product = page(server, 'product', jar, session, { load: false, left: true });
    void product.addToCart({ product: oven, qty: 1 });
    await vi.waitFor(() => expect(server.carts.size).toBe(1));

    const cartPage = page(server, 'cart', jar, session, { start: false });
    cartPage.setTotalsHook((cart) => cart); // renders before start(), as the cart page's enableLocalTotals does
    expect(session.getItem(CART_JOURNAL_KEY)).not.toBeNull();
    cartPage.start();
    await vi.waitFor(() => expect(cartPage.$cart.get()?.items['101']?.qty).toBe(1));
  });
});

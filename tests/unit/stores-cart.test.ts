import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addItem,
  emptyCart,
  MAX_QTY_PER_ITEM,
  noOptions,
  removeItem,
  type Cart,
  type CartItem,
  type CartItemOptions,
} from '../../src/domain/cart';
import { EXCLUSIVE_RULE } from '../../src/domain/cart-adjustments';
import { cartPatch } from '../../src/domain/cart-patch';
import type { PresentedCart } from '../../src/domain/cart-schema';
import { createCartStore, type CartProduct, type CartStoreDeps } from '../../src/stores/cart';
import { messages } from '../../src/stores/cart-errors';
import type { CartChannel } from '../../src/stores/cart-tabs';
import { $forbiddenCount, $remoteCartErrorOpen, closeRemoteCartError } from '../../src/stores/ui';
import type { StringStorage } from '../../src/client/local-events';
import { memoryStorage } from './helpers/memory-storage.ts';

const NOW = new Date('2026-11-22T10:00:00Z');

function product(productId: number, price: number, extra: Partial<CartProduct> = {}): CartProduct {
  return {
    productId,
    name: `Product ${productId}`,
    brand: 'Merk',
    productType: 'oven',
    price,
    discounts: {},
    assemblyPrice: 4900,
    assemblyPriceSecondary: 2900,
    extraServicePrice: 3900,
    extraWarrantyPrice: 1500,
    pickUpDiscountPrice: 1000,
    deliveryCost: null,
    freeAssembly: false,
    freeExtraService: false,
    freeExtraWarranty: false,
    combinations: [],
    stock: { state: 'inStock' },
    shopOnly: false,
    ...extra,
  } as CartProduct;
}

const oven = product(101, 49900);
const pan = product(202, 2995);
const catalogue: Record<number, CartProduct> = { 101: oven, 202: pan };

type Reply = { status: number; body?: unknown };

/**
 * An in-memory cart API with the wire format of src/server/cart/handlers.ts: POST creates, GET reads, PUT takes
 * a merge patch on items (absolute quantities, at most 10). Answers can be held back or replaced by failures.
 */
function fakeApi() {
  const carts = new Map<string, { cart: Cart; version: number }>();
  const requests: { method: string; path: string; body: any }[] = [];
  const failures: Reply[] = [];
  let held: Array<() => void> | null = null;
  let ids = 0;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  function present(cartId: string): PresentedCart {
    const { cart, version } = carts.get(cartId)!;
    const products = Object.fromEntries(Object.values(cart.items).map((i) => [i.productId, catalogue[i.productId]!]));
    return { ...cart, cartId, version, products } as PresentedCart;
  }

  function applyPatch(cart: Cart, patch: Record<string, any>): Cart | Reply {
    let next: Cart = { ...cart, items: { ...cart.items } };
    for (const [key, value] of Object.entries((patch.items ?? {}) as Record<string, any>)) {
      if (value === null) next = removeItem(next, key);
      else if (value.qty > MAX_QTY_PER_ITEM)
        return {
          status: 422,
          body: {
            failed: true,
            message: 'Niet alle gegevens zijn juist ingevuld.',
            errors: [{ field: `items.${key}.qty`, errorMessage: 'Maximaal 10 stuks.' }],
          },
        };
      else {
        const before: CartItem | undefined = next.items[key];
        next.items[key] = { addToCartDate: before?.addToCartDate ?? NOW.toISOString(), ...value } as CartItem;
      }
    }
    for (const [name, value] of Object.entries(patch)) if (name !== 'items' && name !== 'submit') (next as any)[name] = value;
    if (patch.submit) next = { ...next, locked: true, orderRef: 'KH-2026-TEST' };
    return next;
  }

  async function handle(method: string, path: string, body: any): Promise<Response> {
    const failure = failures.shift();
    if (failure) return json(failure.status, failure.body ?? {});
    const id = /carts\/([^/]+)\//.exec(path)?.[1];
    if (method === 'POST') {
      const cartId = `cart-${++ids}`;
      const created = applyPatch({ ...emptyCart() }, body);
      if ('status' in created) return json(created.status, created.body);
      carts.set(cartId, { cart: created, version: 1 });
      return json(201, { data: { cartId, version: 1 } });
    }
    if (!id || !carts.has(id)) return json(404, { failed: true, message: 'Deze winkelwagen bestaat niet (meer).', errors: [] });
    if (method === 'GET') return json(200, { data: present(id) });
    const stored = carts.get(id)!;
    if (stored.cart.locked) return json(409, { failed: true, message: 'Al afgerekend.', errors: [] });
    const next = applyPatch(stored.cart, body);
    if ('status' in next) return json(next.status, next.body);
    carts.set(id, { cart: next, version: stored.version + 1 });
    const extra = body.submit ? { orderId: 'order-1', orderRef: 'KH-2026-TEST', paymentUrl: '/betalen/test/order-1/' } : {};
    return json(200, { data: { ...present(id), ...extra } });
  }

  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(url);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    return handle(method, path, body);
  });

  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    carts,
    requests,
    failNext: (...replies: Reply[]) => failures.push(...replies),
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    seed(cart: Cart): string {
      const cartId = `cart-${++ids}`;
      carts.set(cartId, { cart, version: 1 });
      return cartId;
    },
    puts: () => requests.filter((r) => r.method === 'PUT'),
  };
}

/** BroadcastChannel between the stores of several tabs (a tab does not hear itself). */
function channelBus() {
  const listeners = new Set<{ owner: object; fn: (m: any) => void }>();
  return (owner: object): CartChannel => ({
    post: (message) => {
      for (const l of listeners) if (l.owner !== owner) l.fn(structuredClone(message));
    },
    listen: (fn) => {
      const entry = { owner, fn };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  });
}

function setup(
  options: { api?: ReturnType<typeof fakeApi>; cookie?: string | null; channel?: CartChannel | null; storage?: StringStorage } = {},
) {
  const api = options.api ?? fakeApi();
  const jar = { value: options.cookie ?? null };
  const track = { add: vi.fn(), remove: vi.fn() };
  const counts: number[] = [];
  const deps: CartStoreDeps = {
    fetch: api.fetch,
    getToken: async () => 'guest-token',
    renewToken: vi.fn(async () => 'new-token'),
    cookies: { read: () => jar.value, write: (id) => void (jar.value = id), clear: () => void (jar.value = null) },
    storage: options.storage ?? memoryStorage(),
    channel: options.channel ?? null,
    now: () => NOW,
    track,
    announceCount: (n) => counts.push(n),
  };
  const store = createCartStore(deps);
  return { api, jar, store, track, counts, deps };
}

const cartWith = (...items: [CartProduct, number][]): Cart =>
  items.reduce((cart, [p, qty]) => addItem(cart, { productId: p.productId, qty }, NOW, catalogue), emptyCart());

beforeEach(() => {
  closeRemoteCartError();
});

describe('the merge patch sent to PUT /api/carts/{id}/', () => {
  it('holds changed and new items whole, and null for removed ones', () => {
    const base = cartWith([oven, 1], [pan, 2]);
    const target = addItem(removeItem(base, '202'), { productId: 303, qty: 1 }, NOW, catalogue);
    const changed = { ...target, items: { ...target.items, 101: { ...target.items['101']!, qty: 3 } } };
    expect(cartPatch(base, changed)).toEqual({
      items: {
        101: { productId: 101, options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false }, qty: 3 },
        303: { productId: 303, options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false }, qty: 1 },
        202: null,
      },
    });
  });

  it('is empty when nothing changed, and carries plain fields as they are', () => {
    const base = cartWith([oven, 1]);
    expect(cartPatch(base, base)).toEqual({});
    expect(cartPatch(base, base, { floor: 2, deliveryDay: null })).toEqual({ floor: 2, deliveryDay: null });
  });
});

describe('cart store: adding (SPEC §4, §7)', () => {
  it('shows an added product at once, creates the server cart on the first add, writes the cookie and takes the server answer', async () => {
    const { api, jar, store, track, counts } = setup();
    api.hold();
    const result = store.addToCart({ product: oven, qty: 2 });
    expect(store.$cart.get()?.items['101']?.qty).toBe(2);
    expect(store.$cartPending.get()).toBe(true);
    expect(store.$cartCount.get()).toBe(2);
    api.release();
    expect(await result).toMatchObject({ ok: true });
    expect(jar.value).toBe('cart-1');
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(store.$cart.get()).toMatchObject({ cartId: 'cart-1', version: 1 });
    expect(store.$cartPending.get()).toBe(false);
    expect(track.add).toHaveBeenCalledWith([expect.objectContaining({ productId: 101, qty: 2, price: 49900 })]);
    expect(counts.at(-1)).toBe(2);
  });

  it('adds to the quantity of a product already in the cart', async () => {
    const { store, api } = setup();
    await store.addToCart({ product: oven, qty: 1 });
    await store.addToCart({ product: oven, qty: 3 });
    expect(store.$cart.get()?.items['101']?.qty).toBe(4);
    expect(api.puts()[0]?.body.items['101'].qty).toBe(4);
  });
});

describe('cart store: a choice the rules switch off is said, and can be undone (SPEC §4)', () => {
  // One oven with these options, as the server keeps it (an add would drop its extra warranty).
  const ovenWith = (options: Partial<CartItemOptions>): Cart => ({
    ...emptyCart(),
    items: { '101': { productId: 101, qty: 1, addToCartDate: NOW.toISOString(), options: { ...noOptions, ...options } } },
  });

  it('a pick-up add switches assembly off on the oven: the notice says so, and undo puts the cart back through PUT', async () => {
    const api = fakeApi();
    const cartId = api.seed(ovenWith({ assembly: true }));
    const { store } = setup({ api, cookie: cartId });
    await store.addToCart({ product: pan, qty: 1, options: { pickUpDiscount: true } });
    // The sentences are loaded when there is something to say.
    await store.settled();
    expect(api.carts.get(cartId)!.cart.items['101']!.options.assembly).toBe(false);
    expect(store.$cartNotice.get()).toMatchObject({
      key: '202',
      canUndo: true,
      messages: ['Montage voor Merk Product 101 is uitgezet, omdat je Merk Product 202 zelf ophaalt.', EXCLUSIVE_RULE],
    });

    expect(await store.undoLastChange()).toMatchObject({ ok: true });
    // One merge patch: the oven whole, with assembly on again, and the pan removed.
    expect(api.puts().at(-1)!.body).toEqual({
      items: { '101': { productId: 101, options: { ...noOptions, assembly: true }, qty: 1 }, '202': null },
    });
    expect(Object.keys(api.carts.get(cartId)!.cart.items)).toEqual(['101']);
    expect(store.$cart.get()!.items['101']!.options.assembly).toBe(true);
    expect(store.$cartNotice.get()).toMatchObject({ key: '202', messages: ['Je vorige keuze is teruggezet.'], canUndo: false });
  });

  it('adding the oven again drops its extra warranty: said, and undo brings back one oven with its warranty', async () => {
    const api = fakeApi();
    const cartId = api.seed(ovenWith({ extraWarranty: true }));
    const { store } = setup({ api, cookie: cartId });
    await store.addToCart({ product: oven, qty: 1 });
    await store.settled();
    expect(api.carts.get(cartId)!.cart.items['101']).toMatchObject({ qty: 2, options: noOptions });
    expect(store.$cartNotice.get()?.messages).toEqual([
      'Extra garantie voor Merk Product 101 is uitgezet, omdat je er meer aan je winkelwagen hebt toegevoegd. Zet de extra garantie weer aan als je die voor alle stuks wilt.',
    ]);
    await store.undoLastChange();
    expect(api.carts.get(cartId)!.cart.items['101']).toMatchObject({ qty: 1, options: { ...noOptions, extraWarranty: true } });
  });

  it('choosing pick-up on a line says which assembly went off; the notice belongs to the line that was changed', async () => {
    const api = fakeApi();
    const cartId = api.seed(addItem(ovenWith({ assembly: true }), { productId: 202, qty: 1 }, NOW, catalogue));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    await store.setOption('202', 'pickUpDiscount', true);
    await store.settled();
    expect(store.$cartNotice.get()).toMatchObject({
      key: '202',
      messages: [expect.stringMatching(/^Montage voor Merk Product 101 is uitgezet/), EXCLUSIVE_RULE],
    });
  });

  it('says nothing when the rules changed nothing, and the next change ends the way back', async () => {
    const api = fakeApi();
    const cartId = api.seed(ovenWith({ assembly: true }));
    const { store } = setup({ api, cookie: cartId });
    await store.addToCart({ product: pan, qty: 1 });
    await store.settled();
    expect(store.$cartNotice.get()).toBeNull();
    await store.addToCart({ product: pan, qty: 1, options: { pickUpDiscount: true } });
    await store.settled();
    expect(store.$cartNotice.get()?.canUndo).toBe(true);
    await store.setQuantity('202', 3);
    expect(store.$cartNotice.get()).toBeNull();
    const puts = api.puts().length;
    expect(await store.undoLastChange()).toMatchObject({ ok: true });
    expect(api.puts()).toHaveLength(puts);
  });
});

describe('cart store: quick + clicks never race', () => {
  it('ten quick increments end at quantity 10 on the screen and on the server, in few requests', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.hold();
    const results = [];
    for (let i = 0; i < 9; i++) results.push(store.setQuantity('101', store.$cart.get()!.items['101']!.qty + 1));
    expect(store.$cart.get()?.items['101']?.qty).toBe(10);
    api.release();
    // The first request was held; everything after it went as one patch.
    await vi.waitFor(() => expect(store.$cartPending.get()).toBe(false));
    api.release();
    await store.settled();
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
    expect(api.puts().length).toBeLessThanOrEqual(2);
    expect(api.carts.get(cartId)!.cart.items['101']!.qty).toBe(10);
    expect(store.$cart.get()?.items['101']?.qty).toBe(10);
    expect(store.$cart.get()?.version).toBe(api.carts.get(cartId)!.version);
  });

  it('refuses an 11th unit with the Dutch message of the rule, without a request', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 10]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    const before = api.requests.length;
    const result = await store.setQuantity('101', 11);
    expect(result.ok).toBe(false);
    expect(store.$cartError.get()).toBe('Je kunt maximaal 10 stuks van dit artikel bestellen.');
    expect(api.requests.length).toBe(before);
    expect(store.$cart.get()?.items['101']?.qty).toBe(10);
  });

  it('a change made while a request is under way is sent on top of the server answer', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1], [pan, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.hold();
    const first = store.setQuantity('101', 2);
    const second = store.removeItem('202');
    api.release();
    await first;
    api.release();
    await second;
    expect(api.puts().map((p) => p.body)).toEqual([{ items: { 101: expect.objectContaining({ qty: 2 }) } }, { items: { 202: null } }]);
    expect(Object.keys(store.$cart.get()!.items)).toEqual(['101']);
  });
});

describe('cart store: rollback with a Dutch message', () => {
  it('rolls back a quantity the server refuses (422) and shows its field message', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.failNext({
      status: 422,
      body: {
        failed: true,
        message: 'Niet alle gegevens zijn juist ingevuld.',
        errors: [{ field: 'items.101.qty', errorMessage: 'Dit aantal is niet leverbaar.' }],
      },
    });
    const result = await store.setQuantity('101', 3);
    expect(result.ok).toBe(false);
    expect(store.$cart.get()?.items['101']?.qty).toBe(1);
    expect(store.$cartError.get()).toBe('Dit aantal is niet leverbaar.');
    expect(store.$cartPending.get()).toBe(false);
  });

  it('rolls back on a server error (500) with the general message, and drops the changes queued behind it', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.failNext({ status: 500 });
    api.hold();
    const first = store.setQuantity('101', 2);
    const second = store.setQuantity('101', 3);
    api.release();
    expect((await first).ok).toBe(false);
    expect((await second).ok).toBe(false);
    expect(store.$cart.get()?.items['101']?.qty).toBe(1);
    expect(store.$cartError.get()).toBe(messages.failed);
    expect(api.carts.get(cartId)!.cart.items['101']!.qty).toBe(1);
  });

  it('clears the message with the next change', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 10]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    await store.setQuantity('101', 11);
    expect(store.$cartError.get()).not.toBeNull();
    await store.setQuantity('101', 9);
    expect(store.$cartError.get()).toBeNull();
  });
});

describe('cart store: resets (SPEC §4, §8)', () => {
  it.each([401, 404])('forgets the cart id when the cart answers %i', async (status) => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store, jar, deps } = setup({ api, cookie: cartId });
    api.failNext({ status });
    await store.loadCart();
    expect(jar.value).toBeNull();
    expect(store.$cart.get()).toBeNull();
    expect(store.$cartStatus.get()).toBe('ready');
    if (status === 401) expect(deps.renewToken).toHaveBeenCalled();
  });

  it('makes a new cart for an add when the old one is gone (404), so the add is not lost', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store, jar } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.carts.delete(cartId);
    const result = await store.addToCart({ product: pan, qty: 1 });
    expect(result.ok).toBe(true);
    expect(jar.value).not.toBe(cartId);
    expect(Object.keys(store.$cart.get()!.items)).toEqual(['202']);
  });

  it('resets a locked cart', async () => {
    const api = fakeApi();
    const cartId = api.seed({ ...cartWith([oven, 1]), locked: true });
    const { store, jar } = setup({ api, cookie: cartId });
    await store.loadCart();
    expect(jar.value).toBeNull();
    expect(store.$cart.get()).toBeNull();
  });

  it('resets a quote-mode cart without items, but keeps a quote-mode cart with items', async () => {
    const api = fakeApi();
    const quoteRef = { quoteId: 'Q1', items: {}, discountTotal: 0 };
    const empty = api.seed({ ...emptyCart(), quoteRef });
    const filled = api.seed({ ...cartWith([oven, 1]), quoteRef });
    const a = setup({ api, cookie: empty });
    await a.store.loadCart();
    expect(a.jar.value).toBeNull();
    const b = setup({ api, cookie: filled });
    await b.store.loadCart();
    expect(b.jar.value).toBe(filled);
  });

  it('opens the remote-cart error dialog after three 403s in a row; closing it starts counting again', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.failNext({ status: 403 }, { status: 403 }, { status: 403 });
    await store.setQuantity('101', 2);
    await store.setQuantity('101', 2);
    expect($remoteCartErrorOpen.get()).toBe(false);
    expect(store.$cartError.get()).toBe(messages.forbidden);
    await store.setQuantity('101', 2);
    expect($remoteCartErrorOpen.get()).toBe(true);
    closeRemoteCartError();
    expect($forbiddenCount.get()).toBe(0);
    expect($remoteCartErrorOpen.get()).toBe(false);
  });

  it('counts a 403 on the add path once, also when it is the load of the cart the add waits for', async () => {
    // The cookie names a cart the store has not loaded yet: the add first reads the cart (GET), which answers 403.
    // That one answer is one step of the run, so the dialog opens at the third such add, not the second.
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    api.failNext({ status: 403 });
    await store.addToCart({ product: pan, qty: 1 });
    expect(api.requests.map((r) => r.method)).toEqual(['GET']);
    expect($forbiddenCount.get()).toBe(1);
    api.failNext({ status: 403 });
    await store.addToCart({ product: pan, qty: 1 });
    expect($forbiddenCount.get()).toBe(2);
    expect($remoteCartErrorOpen.get()).toBe(false);
    api.failNext({ status: 403 });
    await store.addToCart({ product: pan, qty: 1 });
    expect($forbiddenCount.get()).toBe(3);
    expect($remoteCartErrorOpen.get()).toBe(true);
  });

  it('a success between 403s breaks the run', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.failNext({ status: 403 }, { status: 403 });
    await store.setQuantity('101', 2);
    await store.setQuantity('101', 2);
    await store.setQuantity('101', 2);
    api.failNext({ status: 403 });
    await store.setQuantity('101', 3);
    expect($remoteCartErrorOpen.get()).toBe(false);
    expect($forbiddenCount.get()).toBe(1);
  });
});

describe('cart store: several tabs', () => {
  it('a second tab shows the cart the first one changed', async () => {
    const api = fakeApi();
    const bus = channelBus();
    const tabA = {};
    const tabB = {};
    const a = setup({ api, channel: bus(tabA) });
    const b = setup({ api, channel: bus(tabB) });
    a.store.start();
    b.store.start();
    await a.store.addToCart({ product: oven, qty: 1 });
    expect(b.store.$cart.get()).toEqual(a.store.$cart.get());
    await a.store.setQuantity('101', 4);
    expect(b.store.$cart.get()?.items['101']?.qty).toBe(4);
    a.store.resetCart();
    expect(b.store.$cart.get()).toBeNull();
  });

  it('ignores an older version of the same cart from another tab', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    await store.setQuantity('101', 2);
    const current = store.$cart.get() as PresentedCart;
    store.receive({ type: 'cart', cart: { ...current, version: current.version - 1, items: {} } });
    expect(store.$cart.get()).toBe(current);
  });
});

describe('cart store: checkout fields and the order (for the checkout islands)', () => {
  it('saves fields and places the order, then drops the locked cart', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store, jar } = setup({ api, cookie: cartId });
    await store.loadCart();
    const saved = await store.updateCartFields({ floor: 2, paymentMethod: 'ideal' });
    expect(saved.ok && saved.cart).toMatchObject({ floor: 2, paymentMethod: 'ideal' });
    expect(api.puts().at(-1)?.body).toEqual({ floor: 2, paymentMethod: 'ideal' });
    const placed = await store.submitOrder();
    expect(placed).toMatchObject({
      ok: true,
      order: { orderId: 'order-1', orderRef: 'KH-2026-TEST', paymentUrl: '/betalen/test/order-1/' },
    });
    expect(jar.value).toBeNull();
    expect(store.$cart.get()).toBeNull();
  });

  it('returns the field errors of a refused field change', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store } = setup({ api, cookie: cartId });
    await store.loadCart();
    api.failNext({
      status: 422,
      body: { failed: true, message: 'Controleer je gegevens.', errors: [{ field: 'floor', errorMessage: 'Kies een verdieping.' }] },
    });
    const result = await store.updateCartFields({ floor: 200 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.messagesFor('floor')).toEqual(['Kies een verdieping.']);
  });
});

describe('cart store: the badge count', () => {
  it('keeps the number of units in storage for the badge script', async () => {
    const storage = memoryStorage();
    const { store } = setup({ storage });
    await store.addToCart({ product: oven, qty: 2 });
    await store.addToCart({ product: pan, qty: 1 });
    expect(storage.map.get('app-local-cart-count')).toBe('3');
    store.resetCart();
    expect(storage.map.get('app-local-cart-count')).toBe('0');
  });
});

describe('cart store: loading', () => {
  it('says so in Dutch when the cart cannot be loaded (500), and keeps the cart id for a later try', async () => {
    const api = fakeApi();
    const cartId = api.seed(cartWith([oven, 1]));
    const { store, jar } = setup({ api, cookie: cartId });
    api.failNext({ status: 500 });
    await store.loadCart();
    expect(store.$cartError.get()).toBe(messages.loadFailed);
    expect(jar.value).toBe(cartId);
    await store.loadCart();
    expect(store.$cart.get()?.items['101']?.qty).toBe(1);
  });

  it('is ready with no cart when there is no cookie, without a request', async () => {
    const { store, api } = setup();
    await store.loadCart();
    expect(store.$cartStatus.get()).toBe('ready');
    expect(store.$cart.get()).toBeNull();
    expect(api.requests).toEqual([]);
  });
});

// Bad input, concurrency and crashes: hundreds of malformed requests get a 4xx and leave the cart as it was,
// concurrent changes are never lost, and acknowledged writes survive a SIGKILL of the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, inStockProduct, item } from './helpers/catalog.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await server.guestToken();
});
afterAll(() => server?.stop());

/** Deterministic random numbers (mulberry32), so a failing case can be reproduced. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Bad = { name: string; raw?: string; body?: unknown; headers?: Record<string, string> };

function nested(depth: number, leaf: unknown, key = 'a'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { [key]: value };
  return value;
}

/** At least 200 malformed PUT bodies for a cart that holds `key` (product `productId`). */
function malformedBodies(productId: number): Bad[] {
  const key = String(productId);
  const rnd = random(20261122);
  const bad: Bad[] = [];
  const wrongValues: unknown[] = ['2', '', 'tien', true, false, null, [], [1], {}, { qty: 1 }, 1.5, -1, 0, 11, 1e308, -0.5, 2 ** 53, 'NaN'];

  // Malformed JSON.
  for (const raw of [
    '{',
    '{"items":',
    '{"items":{}',
    "{'items':{}}",
    '{"items":{},}',
    '[1,2',
    'nul',
    'undefined',
    '{"a":1}}',
    '\u0000',
    '{"items":{"1":{"qty":01}}}',
    '{"notes":"\\x41"}',
    '{"items":NaN}',
    '{"items":Infinity}',
    '"',
    '{"a":"\ud800"',
    `{"items":{"${key}":{"productId":${key},"qty":2,}}}`,
  ])
    bad.push({ name: `malformed JSON ${JSON.stringify(raw).slice(0, 30)}`, raw });
  for (let i = 0; i < 10; i++) {
    const bytes = Array.from({ length: 20 + Math.floor(rnd() * 200) }, () => String.fromCharCode(33 + Math.floor(rnd() * 90))).join('');
    bad.push({ name: `random text ${i}`, raw: `{${bytes}` });
  }

  // Bodies that are not objects.
  for (const body of [[], [{ items: {} }], 'items', 42, true]) bad.push({ name: `top-level ${JSON.stringify(body)}`, body });

  // Wrong types for the quantity, the product id, the options, the item itself.
  for (const qty of wrongValues) bad.push({ name: `qty ${JSON.stringify(qty)}`, body: { items: { [key]: { productId, qty } } } });
  for (const id of ['1', -5, 0, 1.5, null, true, [], {}, 2 ** 40, 999_999_999])
    bad.push({ name: `productId ${JSON.stringify(id)}`, body: { items: { [key]: { productId: id, qty: 1 } } } });
  for (const options of ['assembly', [], 1, { assembly: 'yes' }, { extraService: 1 }, { pickUpDiscount: null }])
    bad.push({ name: `options ${JSON.stringify(options)}`, body: { items: { [key]: { productId, qty: 1, options } } } });
  for (const value of ['x', 1, true, [], [key]]) bad.push({ name: `item ${JSON.stringify(value)}`, body: { items: { [key]: value } } });
  for (const items of ['x', 1, true, [], [{ productId, qty: 1 }]]) bad.push({ name: `items ${JSON.stringify(items)}`, body: { items } });

  // Keys that are not item keys, or do not match the item.
  for (const k of ['abc', '-1', '1.5', '', '0', '01', 'x'.repeat(300), `${key}_`, `${key}_abc`, '123'])
    bad.push({ name: `item key ${JSON.stringify(k.slice(0, 20))}`, body: { items: { [k]: { productId, qty: 1 } } } });
  bad.push({ name: 'unknown product', body: { items: { 999999: { productId: 999999, qty: 1 } } } });
  bad.push({ name: 'unknown combination', body: { items: { [`${key}_4242`]: { productId, combinationId: 4242, qty: 1 } } } });
  bad.push({
    name: 'too many items',
    body: { items: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(100 + i), { productId: 100 + i, qty: 1 }])) },
  });

  // Wrong types and sizes of checkout fields.
  const fields: Record<string, unknown[]> = {
    firstName: [12, true, {}, ['Jan'], 'x'.repeat(101)],
    emailAddress: [1, 'x'.repeat(300)],
    notes: ['n'.repeat(2001), 5],
    deliveryDay: ['morgen', '2026-1-1', 20261124, '2026-11-24T00:00'],
    deliveryWeek: ['week 3', '2026-3', 3],
    paymentMethod: ['paypal', 'IDEAL', 1],
    shippingCountry: ['DE', 'nl', 'Nederland', 1],
    shippingHouseNumber: [true, -1, 1.5, {}, 'x'.repeat(20)],
    floor: ['2', 1.5, 1000, -10],
    acceptedTermsAndConditions: ['true', 1, 'ja'],
    deliveryOptionOrder: ['default', ['drone'], [1]],
    quoteRef: ['q1', { quoteId: 1 }, { quoteId: '../../etc' }, []],
    submit: ['yes', 1],
    discountExtra: [-1, 'veel', 1.5],
  };
  for (const [field, values] of Object.entries(fields))
    for (const value of values) bad.push({ name: `${field} ${JSON.stringify(value).slice(0, 30)}`, body: { [field]: value } });

  // Staff-only data from a guest.
  bad.push({
    name: 'item discount from a guest',
    body: { items: { [key]: { productId, qty: 1, itemDiscounts: { makeAmends: { price: 5000 } } } } },
  });
  bad.push({ name: 'extra discount from a guest', body: { discountExtra: 5000 } });
  bad.push({ name: 'quote of nobody', body: { quoteRef: { quoteId: 'AAAAAAAAAAAAAAAAAAAAAA' } } });

  // Huge strings and bodies.
  bad.push({ name: 'huge string', body: { notes: 'x'.repeat(60_000) } });
  bad.push({ name: 'body over 64 KB', body: { notes: 'x'.repeat(70_000) } });
  bad.push({ name: 'body over 64 KB, many keys', body: Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`k${i}`, 'vvvvvv'])) });
  bad.push({ name: 'huge number string', raw: `{"items":{"${key}":{"productId":${key},"qty":${'9'.repeat(5000)}}}}` });

  // Deep nesting.
  for (const depth of [20, 100, 1000]) {
    bad.push({ name: `nested objects ${depth}`, body: { items: { [key]: { productId, qty: 1, options: nested(depth, true) } } } });
    bad.push({ name: `nested in notes ${depth}`, body: { notes: nested(depth, 'x') } });
  }
  bad.push({ name: 'nested arrays 10000', raw: `{"items":${'['.repeat(10_000)}${']'.repeat(10_000)}}` });
  bad.push({ name: 'nested arrays unclosed', raw: '['.repeat(30_000) });

  // Prototype pollution.
  for (const raw of [
    '{"__proto__":{"locked":true}}',
    '{"__proto__":{"isAdmin":true},"notes":"x"}',
    '{"constructor":{"prototype":{"locked":true}}}',
    `{"items":{"__proto__":{"productId":${key},"qty":5}}}`,
    `{"items":{"${key}":{"productId":${key},"qty":3,"__proto__":{"qty":9}}}}`,
    `{"items":{"${key}":{"productId":${key},"qty":3,"options":{"__proto__":{"assembly":true}}}}}`,
    '{"items":{"constructor":{"productId":1,"qty":1}}}',
    '{"items":{"prototype":{"productId":1,"qty":1}}}',
    '{"notes":"x","prototype":{"a":1}}',
  ])
    bad.push({ name: `prototype key ${raw.slice(0, 40)}`, raw });

  // Random mutations of a valid change: one field set to a random wrong value.
  const valid = { items: { [key]: { productId, qty: 3, options: { assembly: false } } }, firstName: 'Jan', deliveryDay: '2026-11-24' };
  const paths = [
    ['items', key, 'qty'],
    ['items', key, 'productId'],
    ['items', key, 'options', 'assembly'],
    ['firstName'],
    ['deliveryDay'],
    ['items', key, 'options'],
  ];
  for (let i = 0; bad.length < 240; i++) {
    const body = structuredClone(valid) as Record<string, any>;
    const path = paths[i % paths.length]!;
    let target = body;
    for (const step of path.slice(0, -1)) target = target[step];
    const wrong = [
      { x: [1, { y: 'z' }] },
      ['a', 'b'],
      'x'.repeat(101 + Math.floor(rnd() * 3000)),
      -1 - Math.floor(rnd() * 1e6),
      rnd() + 0.5,
      null,
      Number.MAX_VALUE,
    ][Math.floor(rnd() * 7)];
    // null clears a checkout field, and unknown keys in an object are ignored by design: use a value that is wrong there.
    const clears = wrong === null && (path[0] === 'firstName' || path[0] === 'deliveryDay');
    const ignored = path.at(-1) === 'options' && wrong !== null && typeof wrong === 'object' && !Array.isArray(wrong);
    target[path.at(-1)!] = clears || ignored ? 12 : wrong;
    bad.push({ name: `mutation ${i} ${path.join('.')}`, body });
  }

  // Content types that are not JSON, without a same-origin Origin header.
  bad.push({ name: 'form-encoded body', raw: 'notes=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  bad.push({ name: 'text body', raw: '{"notes":"x"}', headers: { 'content-type': 'text/plain' } });
  return bad;
}

describe('malformed requests', () => {
  it('answers each of at least 200 malformed changes with a 4xx and never a 5xx, leaving the cart unchanged', async () => {
    const a = inStockProduct(0);
    const created = await server.call('POST', '/api/carts/', { token, body: { items: item(a, 2), firstName: 'Anna' } });
    const cartId = created.body.data.cartId;
    const before = (await server.call('GET', `/api/carts/${cartId}/`, { token })).body.data;
    const cases = malformedBodies(a.productId);
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const c of cases) {
      const reply = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: c.body, raw: c.raw, headers: c.headers });
      if (reply.status < 400 || reply.status >= 500) failures.push(`${c.name}: ${reply.status} ${reply.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    const after = (await server.call('GET', `/api/carts/${cartId}/`, { token })).body.data;
    expect(after).toEqual(before);
    expect(Object.prototype).not.toHaveProperty('locked');
  }, 120_000);

  it('answers malformed bodies on the other write routes with a 4xx, never a 5xx', async () => {
    const cases = malformedBodies(inStockProduct(0).productId);
    const routes = [
      '/api/carts/',
      '/api/carts/address/',
      '/api/quotes/',
      '/api/logger/',
      '/api/form-data/',
      '/api/newsletter-subscribers/',
    ];
    const failures: string[] = [];
    for (const route of routes) {
      for (const c of cases.filter((_, i) => i % 4 === 0)) {
        const reply = await server.call('POST', route, { token, body: c.body, raw: c.raw, headers: c.headers });
        if (reply.status >= 500) failures.push(`${route} ${c.name}: ${reply.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses malformed path parameters with a 4xx', async () => {
    for (const path of [
      '/api/carts/%E0%A4%A/',
      '/api/carts/..%2F..%2Fetc/',
      `/api/carts/${'a'.repeat(500)}/`,
      '/api/carts/%00/',
      '/api/products/%FF/',
      '/api/orders/non-web/%2e%2e/',
    ]) {
      const reply = await server.call('GET', path, { token });
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(reply.status, path).toBeLessThan(500);
    }
  });
});

describe('concurrency', () => {
  const products = () => [...catalog.summaries.values()].filter((p) => !p.expired).slice(0, 50);

  it('keeps all 50 products when 50 PUTs add one each at the same time', async () => {
    const cartId = (await server.call('POST', '/api/carts/', { token, body: { items: {} } })).body.data.cartId;
    const list = products();
    expect(list).toHaveLength(50);
    const replies = await Promise.all(list.map((p) => server.call('PUT', `/api/carts/${cartId}/`, { token, body: { items: item(p) } })));
    expect(replies.map((r) => r.status)).toEqual(list.map(() => 200));
    const cart = (await server.call('GET', `/api/carts/${cartId}/`, { token })).body.data;
    expect(Object.keys(cart.items).sort()).toEqual(list.map((p) => String(p.productId)).sort());
    expect(cart.version).toBe(51);
  });

  it('lets exactly one of 50 PUTs with the same If-Match version win; the others get 409', async () => {
    const cartId = (await server.call('POST', '/api/carts/', { token, body: { items: {} } })).body.data.cartId;
    const list = products();
    const replies = await Promise.all(
      list.map((p) => server.call('PUT', `/api/carts/${cartId}/`, { token, body: { items: item(p) }, headers: { 'if-match': '"v1"' } })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const cart = (await server.call('GET', `/api/carts/${cartId}/`, { token })).body.data;
    expect(Object.keys(cart.items)).toHaveLength(1);
  });
});

describe('crash safety', () => {
  it('keeps every acknowledged cart after a SIGKILL right after the writes', async () => {
    const first = await startServer();
    const guest = await first.guestToken();
    const list = [...catalog.summaries.values()].filter((p) => !p.expired).slice(0, 40);
    const acknowledged = new Map<string, Record<string, number>>();
    // 20 carts, each created and then changed twice, all at once; the server is killed the moment the last
    // write is acknowledged.
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const [p, q] = [list[i * 2]!, list[i * 2 + 1]!];
        const created = await first.call('POST', '/api/carts/', { token: guest, body: { items: item(p, 1) } });
        expect(created.status).toBe(201);
        const cartId = created.body.data.cartId as string;
        const second = await first.call('PUT', `/api/carts/${cartId}/`, {
          token: guest,
          body: { items: { ...item(q, 3), ...item(p, 2) } },
        });
        expect(second.status).toBe(200);
        acknowledged.set(cartId, { [p.productId]: 2, [q.productId]: 3 });
      }),
    );
    await first.kill();

    const restarted = await startServer({ dataDir: first.dataDir });
    try {
      for (const [cartId, expected] of acknowledged) {
        const reply = await restarted.call('GET', `/api/carts/${cartId}/`, { token: guest });
        expect(reply.status, cartId).toBe(200);
        const quantities = Object.fromEntries(
          Object.entries(reply.body.data.items as Record<string, { qty: number }>).map(([k, v]) => [k, v.qty]),
        );
        expect(quantities).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v])));
      }
    } finally {
      await restarted.stop(true);
    }
  }, 60_000);
});

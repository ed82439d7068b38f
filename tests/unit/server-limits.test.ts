// The limits read from the environment (src/server/runtime/limits.ts), the client address behind trusted proxies and the
// key an address is counted under (src/server/http/client-address.ts), the rate limiter's window (src/server/http/rate-limit.ts)
// and which strings the body check refuses (src/server/http/body.ts).
import { describe, expect, it } from 'vitest';
import { readJsonText } from '../../src/server/http/body.ts';
import { addressKey, clientAddress } from '../../src/server/http/client-address.ts';
import { parseQuotas, readLimits } from '../../src/server/runtime/limits.ts';
import { createRateLimiter } from '../../src/server/http/rate-limit.ts';
import { ApiError } from '../../src/domain/errors.ts';

describe('readLimits', () => {
  it('has the documented defaults', () => {
    const limits = readLimits({});
    expect(limits.server).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      socketTimeoutMs: 60_000,
      maxConnections: 1_000,
      maxHeadersCount: 100,
    });
    // 64 KB = 64 × 1024 = 65,536 bytes; 32 MB = 32 × 1024 × 1024 = 33,554,432 bytes.
    expect(limits.body).toEqual({ apiBytes: 65_536, pageFormBytes: 16_384, searchBytes: 65_536, searchImportBytes: 33_554_432 });
    expect(limits.cache.renderedCartBytes).toBe(33_554_432);
    expect(limits.trustProxy).toBe(0);
    expect(limits.quotas.carts).toEqual({ perToken: 30, perAddress: 300, windowMs: 3_600_000 });
    expect(limits.quotas.logger).toEqual({ perToken: 30, perAddress: 300, windowMs: 10_000 });
    // 15 minutes = 15 × 60,000 ms = 900,000 ms.
    expect(limits.kitchenLogin).toEqual({ perOrderNumber: 9, perAddress: 30, windowMs: 900_000 });
  });

  it.each([
    [{ SERVER_HEADERS_TIMEOUT_MS: '500', SERVER_REQUEST_TIMEOUT_MS: '1500' }, 'server', { headersTimeoutMs: 500, requestTimeoutMs: 1500 }],
    [{ SERVER_MAX_CONNECTIONS: ' 3 ' }, 'server', { maxConnections: 3 }],
    [{ CART_CACHE_BYTES: '0' }, 'cache', { renderedCartBytes: 0 }],
    [{ SQLITE_BUSY_TIMEOUT_MS: '200' }, 'storage', { busyTimeoutMs: 200 }],
    [{ TRUST_PROXY: '2' }, 'trustProxy', 2],
    [{ TRUST_PROXY: 'true' }, 'trustProxy', 1],
    [{ TRUST_PROXY: 'false' }, 'trustProxy', 0],
    [{ KITCHEN_LOGIN_ATTEMPTS: '3/5' }, 'kitchenLogin', { perOrderNumber: 3, perAddress: 5, windowMs: 900_000 }],
    [{ KITCHEN_LOGIN_ATTEMPTS: ' 3/5/60 ' }, 'kitchenLogin', { perOrderNumber: 3, perAddress: 5, windowMs: 60_000 }],
  ] as const)('reads %j', (env, part, expected) => {
    const value = readLimits(env)[part];
    if (typeof expected === 'object') expect(value).toMatchObject(expected);
    else expect(value).toBe(expected);
  });

  it.each([
    [{ SERVER_REQUEST_TIMEOUT_MS: 'soon' }, /SERVER_REQUEST_TIMEOUT_MS must be a whole number/],
    [{ SERVER_MAX_CONNECTIONS: '0' }, /SERVER_MAX_CONNECTIONS must be a whole number from 1/],
    [{ SERVER_KEEP_ALIVE_TIMEOUT_MS: '1.5' }, /SERVER_KEEP_ALIVE_TIMEOUT_MS/],
    [{ SERVER_HEADERS_TIMEOUT_MS: '40000' }, /must not exceed SERVER_REQUEST_TIMEOUT_MS/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ SHOP_QUOTAS: 'carts=10' }, /SHOP_QUOTAS: "carts=10"/],
    [{ SHOP_QUOTAS: 'baskets=1/2' }, /SHOP_QUOTAS: "baskets=1\/2"/],
    [{ SHOP_QUOTAS: 'carts=1/2/0' }, /at least 1 second/],
    [{ KITCHEN_LOGIN_ATTEMPTS: '9' }, /KITCHEN_LOGIN_ATTEMPTS must be perOrderNumber\/perAddress/],
    [{ KITCHEN_LOGIN_ATTEMPTS: '0/30' }, /KITCHEN_LOGIN_ATTEMPTS/],
    [{ KITCHEN_LOGIN_ATTEMPTS: '9/30/0' }, /KITCHEN_LOGIN_ATTEMPTS/],
  ])('refuses %j', (env, message) => {
    expect(() => readLimits(env)).toThrow(message);
  });
});

describe('parseQuotas', () => {
  it('overrides only the kinds named, keeping a window that is not given', () => {
    const quotas = parseQuotas(' carts=3/5 , logger=60/600/1');
    expect(quotas.carts).toEqual({ perToken: 3, perAddress: 5, windowMs: 3_600_000 });
    expect(quotas.logger).toEqual({ perToken: 60, perAddress: 600, windowMs: 1_000 });
    expect(quotas.quotes).toEqual({ perToken: 20, perAddress: 200, windowMs: 3_600_000 });
  });
});

describe('clientAddress', () => {
  it.each([
    // [socket, X-Forwarded-For, trusted proxies, expected]
    ['203.0.113.9', null, 0, '203.0.113.9'],
    ['::ffff:203.0.113.9', null, 0, '203.0.113.9'],
    ['10.0.0.2', '198.51.100.7', 0, '10.0.0.2'], // no trusted proxy: the header is anyone's word
    ['10.0.0.2', '198.51.100.7', 1, '198.51.100.7'],
    ['10.0.0.2', '1.1.1.1, 198.51.100.7', 1, '198.51.100.7'], // the client forged the first entry
    ['10.0.0.2', '1.1.1.1, 198.51.100.7, 10.0.0.1', 2, '198.51.100.7'],
    ['10.0.0.2', '198.51.100.7', 3, '198.51.100.7'], // fewer hops than proxies: the leftmost
    ['10.0.0.2', 'not-an-address', 1, '10.0.0.2'],
    ['10.0.0.2', '2001:DB8::1', 1, '2001:db8::1'],
    [undefined, null, 0, ''],
  ])('socket %s, X-Forwarded-For %s, %i trusted → %s', (socket, forwarded, trusted, expected) => {
    expect(clientAddress(socket, forwarded, trusted)).toBe(expected);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb::9', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:00aa:0000:ffff::1', '2001:db8:aa:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe('createRateLimiter', () => {
  it('allows `limit` hits per window, then says how long to wait, and starts over when the window ends', () => {
    const limiter = createRateLimiter(2, 10_000, 1024 * 1024);
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.hit('a', 1_000)).toBe(0);
    // Third hit at 2.5 s in a window that started at 0 and lasts 10 s: 7.5 s left, rounded up to 8.
    expect(limiter.hit('a', 2_500)).toBe(8);
    expect(limiter.hit('b', 2_500)).toBe(0);
    expect(limiter.hit('a', 10_000)).toBe(0);
  });

  it('tells the wait without counting', () => {
    const limiter = createRateLimiter(1, 10_000, 1024 * 1024);
    for (let i = 0; i < 3; i++) expect(limiter.wait('a', 0)).toBe(0);
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.wait('a', 4_000)).toBe(6); // 10 s window started at 0: 6 s left
    expect(limiter.wait('a', 4_000)).toBe(6);
  });

  it('counts several at once (the files of one upload): allowed only when all of them fit', () => {
    const limiter = createRateLimiter(5, 10_000, 1024 * 1024);
    expect(limiter.wait('a', 0, 5)).toBe(0); // 0 + 5 ≤ 5
    expect(limiter.wait('a', 0, 6)).toBe(10); // 0 + 6 > 5: a whole window (10 s) to wait, even before the first hit
    expect(limiter.hit('a', 0, 3)).toBe(0); // 3 used
    expect(limiter.wait('a', 1_000, 3)).toBe(9); // 3 + 3 > 5; the window started at 0: 9 s left
    expect(limiter.wait('a', 1_000, 2)).toBe(0); // 3 + 2 ≤ 5
    expect(limiter.hit('a', 1_000, 2)).toBe(0);
    expect(limiter.wait('a', 1_000)).toBe(9); // 5 used: not even one more
  });

  it('forgets the least recently used keys when its bytes are used up, never holding more', () => {
    // Each window costs 96 bytes plus 2 per key character: keys 'k0'…'k9' cost 100 bytes, so 1,000 bytes hold ten.
    const limiter = createRateLimiter(1, 60_000, 1_000);
    for (let i = 0; i < 10; i++) limiter.hit(`k${i}`, 0);
    expect(limiter.hit('k0', 1)).toBeGreaterThan(0); // still known: over its limit of one
    limiter.hit('new', 1); // 102 bytes: the least recently used (k1) goes
    expect(limiter.hit('k1', 2)).toBe(0); // forgotten, so a fresh window
  });
});

describe('readJsonText: text storage cannot keep', () => {
  const refused = (text: string) => {
    try {
      readJsonText(text);
    } catch (error) {
      if (error instanceof ApiError) return { code: error.code, fields: error.errors.map((e) => e.field) };
      throw error;
    }
    return null;
  };

  it.each([
    ['{"notes":"a\\u0000b"}', ['notes']],
    ['{"notes":"\\ud800"}', ['notes']],
    ['{"notes":"\\udc00x"}', ['notes']],
    ['{"items":{"1":{"label":"ok\\u0000"}}}', ['items.1.label']],
    ['{"fields":{"k\\u0000":"v"}}', ['fields.k\ufffd']],
    ['{"a\\ud800":1}', ['a\ufffd']],
    ['["x","\\u0000"]', ['1']],
  ])('refuses %s with 422 naming %j', (text, fields) => {
    expect(refused(text)).toEqual({ code: 422, fields });
  });

  it.each([
    '{"notes":"Graag bellen na 17:00 😀"}', // a surrogate pair is well-formed
    '{"notes":"\\ud83d\\ude00"}',
    '{"notes":"tab\\t en regel\\n"}',
    '{"notes":"\\u0001"}',
  ])('accepts %s', (text) => {
    expect(refused(text)).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  INSTANT_SEARCH_EVENT,
  LOCAL_EVENT_PREFIX,
  mergeLocalEvent,
  readLocalEvent,
  recordSearchClick,
  removeLocalEvent,
  writeLocalEvent,
  type StringStorage,
} from '../../src/client/local-events';
import { createFingerprint, FINGERPRINT_KEY, getFingerprint, type RandomSource } from '../../src/client/fingerprint';
import {
  CART_COOKIE_DAYS,
  CART_ID_COOKIE,
  cookieString,
  deleteCartId,
  readCartId,
  readCookie,
  writeCartId,
  writeCookie,
} from '../../src/client/cookies';

/** A Map-backed localStorage that throws QuotaExceededError once its text would pass `quota` characters. */
function fakeStorage(entries: Record<string, string> = {}, quota = Infinity) {
  const map = new Map(Object.entries(entries));
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  const storage: StringStorage & { map: Map<string, string> } = {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem(k, v) {
      const before = map.get(k);
      map.set(k, v);
      if (used() > quota) {
        if (before === undefined) map.delete(k);
        else map.set(k, before);
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    },
    removeItem: (k) => void map.delete(k),
  };
  return storage;
}

describe('local event storage (SPEC §5)', () => {
  const click = (id: string) => ({ objectIds: [id], indexName: 'v3_producten', queryId: `q-${id}` });

  it('stores JSON under the app-local-event- prefix and reads it back', () => {
    const storage = fakeStorage();
    expect(writeLocalEvent('x', { a: 1 }, storage)).toBe(true);
    expect(storage.map.get('app-local-event-x')).toBe('{"a":1}');
    expect(readLocalEvent('x', storage)).toEqual({ a: 1 });
    removeLocalEvent('x', storage);
    expect(readLocalEvent('x', storage)).toBeNull();
  });

  it('appends search clicks to the instant-search entry', () => {
    const storage = fakeStorage();
    recordSearchClick(click('1'), storage);
    recordSearchClick(click('2'), storage);
    expect(readLocalEvent(INSTANT_SEARCH_EVENT, storage)).toEqual([click('1'), click('2')]);
  });

  it.each([
    [[1], [2], [1, 2]],
    [{ a: 1, b: 1 }, { b: 2 }, { a: 1, b: 2 }],
    [null, { a: 1 }, { a: 1 }],
    [[1], { a: 1 }, { a: 1 }],
    ['x', 'y', 'y'],
  ])('merges %j with %j into %j', (old, next, merged) => {
    expect(mergeLocalEvent(old, next)).toEqual(merged);
  });

  it('reads unreadable JSON as nothing', () => {
    expect(readLocalEvent('x', fakeStorage({ 'app-local-event-x': '{oops' }))).toBeNull();
  });

  it('replaces the old data instead of merging when the result would pass 1 MB (2 × length > 1048576)', () => {
    // Merged: ["a…","b…"] = a + b + 7 characters; one character more than 524288 characters (1048576 bytes).
    const old = ['a'.repeat(524_288 - 7 - 100 + 1)];
    const storage = fakeStorage({ 'app-local-event-x': JSON.stringify(old) });
    writeLocalEvent('x', ['b'.repeat(100)], storage);
    expect(readLocalEvent('x', storage)).toEqual(['b'.repeat(100)]);
  });

  it('still merges when the result is exactly at the limit', () => {
    // Merged: ["a…","b…"] = a + b + 7 characters = 524288 characters = 1048576 bytes.
    const a = 'a'.repeat(524_288 - 7 - 10);
    const storage = fakeStorage({ 'app-local-event-x': JSON.stringify([a]) });
    writeLocalEvent('x', ['b'.repeat(10)], storage);
    expect(readLocalEvent<string[]>('x', storage)).toEqual([a, 'b'.repeat(10)]);
  });

  it('removes every other local event and tries once more when writing fails', () => {
    const storage = fakeStorage(
      {
        'app-local-event-old-1': 'x'.repeat(400),
        'app-local-event-old-2': 'y'.repeat(400),
        'app-local-cart-id': 'c1',
        'app-color-scheme': 'dark',
      },
      1_000,
    );
    expect(writeLocalEvent('new', ['z'.repeat(300)], storage)).toBe(true);
    expect([...storage.map.keys()].sort()).toEqual(['app-color-scheme', 'app-local-cart-id', 'app-local-event-new']);
  });

  it('reports failure when even the clean-up does not make room', () => {
    const storage = fakeStorage({ 'app-local-event-old': 'x' }, 50);
    expect(writeLocalEvent('new', ['z'.repeat(100)], storage)).toBe(false);
    expect(storage.map.has('app-local-event-old')).toBe(false);
  });

  it('does nothing without storage', () => {
    expect(writeLocalEvent('x', [1], null)).toBe(false);
    expect(readLocalEvent('x', null)).toBeNull();
  });

  it('uses the prefix app-local-event-', () => {
    expect(LOCAL_EVENT_PREFIX).toBe('app-local-event-');
  });
});

describe('fingerprint (SPEC §3, §9)', () => {
  /** Hands out the given bytes in order, then zeros. */
  const scripted = (bytes: number[]): RandomSource & { calls: number } => {
    let at = 0;
    const source = ((buffer: Uint8Array) => {
      source.calls++;
      for (let i = 0; i < buffer.length; i++) buffer[i] = at < bytes.length ? bytes[at++] : 0;
      return buffer;
    }) as RandomSource & { calls: number };
    source.calls = 0;
    return source;
  };

  it('is 28 letters and digits', () => {
    for (let i = 0; i < 50; i++) expect(createFingerprint()).toMatch(/^[A-Za-z0-9]{28}$/);
  });

  it('takes its randomness from crypto.getRandomValues by default', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    try {
      createFingerprint();
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('maps bytes onto the alphabet A-Z, a-z, 0-9', () => {
    const bytes = [0, 25, 26, 51, 52, 61, 62, 123];
    expect(createFingerprint(scripted(bytes)).slice(0, 8)).toBe('AZaz09A9');
  });

  it('throws away bytes of 248 and up, so no character is more likely than another', () => {
    const source = scripted([248, 255, 250, 61, ...Array(27).fill(0)]);
    const fingerprint = createFingerprint(source);
    expect(fingerprint[0]).toBe('9');
    expect(fingerprint).toBe(`9${'A'.repeat(27)}`);
  });

  it('asks for more bytes when too many were thrown away', () => {
    const source = scripted(Array(28).fill(255));
    expect(createFingerprint(source)).toBe('A'.repeat(28));
    expect(source.calls).toBe(2);
  });

  it('gives every character the same chance over the bytes it keeps (0-247)', () => {
    let next = 0;
    const cycling: RandomSource = (buffer) => buffer.map(() => next++ % 248);
    const counts = new Map<string, number>();
    // 62 fingerprints of 28 characters use the 248 kept byte values exactly 7 times.
    for (let i = 0; i < 62; i++) for (const ch of createFingerprint(cycling)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    expect(new Set(counts.values())).toEqual(new Set([28]));
  });

  it('is made once and kept in localStorage under app-local-fingerprint', () => {
    const storage = fakeStorage();
    const first = getFingerprint(storage);
    expect(storage.map.get(FINGERPRINT_KEY)).toBe(first);
    expect(getFingerprint(storage)).toBe(first);
  });

  it('replaces a stored value that is not a fingerprint', () => {
    const storage = fakeStorage({ [FINGERPRINT_KEY]: 'too-short' });
    expect(getFingerprint(storage)).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(storage.map.get(FINGERPRINT_KEY)).not.toBe('too-short');
  });
});

describe('cookies', () => {
  it('keeps the cart id in app-local-cart-id for 31 days', () => {
    expect(CART_ID_COOKIE).toBe('app-local-cart-id');
    expect(CART_COOKIE_DAYS).toBe(31);
    const jar = { cookie: '' };
    writeCartId('c-123', jar);
    expect(jar.cookie).toBe('app-local-cart-id=c-123; Path=/; SameSite=Lax; Max-Age=2678400');
  });

  it.each([
    [{ secure: true }, 'a=b; Path=/; SameSite=Lax; Secure'],
    [{ secure: false }, 'a=b; Path=/; SameSite=Lax'],
    [{ secure: false, sameSite: 'None' as const }, 'a=b; Path=/; SameSite=None; Secure'],
    [
      { secure: false, path: '/winkelwagen/', sameSite: 'Strict' as const, maxAgeDays: 1 },
      'a=b; Path=/winkelwagen/; SameSite=Strict; Max-Age=86400',
    ],
  ])('writes the attributes of %j', (options, text) => {
    expect(cookieString('a', 'b', options)).toBe(text);
  });

  it('is Secure by default on https pages only', () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, 'location');
    try {
      Object.defineProperty(globalThis, 'location', { value: { protocol: 'https:' }, configurable: true });
      expect(cookieString('a', 'b')).toMatch(/; Secure$/);
      Object.defineProperty(globalThis, 'location', { value: { protocol: 'http:' }, configurable: true });
      expect(cookieString('a', 'b')).not.toMatch(/Secure/);
    } finally {
      if (had) Object.defineProperty(globalThis, 'location', had);
      else delete (globalThis as Record<string, unknown>).location;
    }
  });

  it('encodes values and reads them back', () => {
    const jar = { cookie: '' };
    writeCookie('note', 'a b;c=d', { secure: false }, jar);
    expect(jar.cookie.startsWith('note=a%20b%3Bc%3Dd;')).toBe(true);
    expect(readCookie('note', 'x=1; note=a%20b%3Bc%3Dd; y=2')).toBe('a b;c=d');
  });

  it.each([
    ['app-local-cart-id=c1', 'c1'],
    ['a=1; app-local-cart-id=c2; b=2', 'c2'],
    ['xapp-local-cart-id=c3', null],
    ['', null],
    ['app-local-cart-id=%E0%A4%A', '%E0%A4%A'],
  ])('reads the cart id from "%s" as %s', (cookies, id) => {
    expect(readCartId(cookies)).toBe(id);
  });

  it('deletes a cookie by expiring it', () => {
    const jar = { cookie: '' };
    deleteCartId(jar);
    expect(jar.cookie).toMatch(/^app-local-cart-id=; Path=\/; SameSite=Lax; Max-Age=0/);
  });
});

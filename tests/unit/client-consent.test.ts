import { afterEach, describe, expect, it, vi } from 'vitest';
import consentBannerScript from '../../src/client/inline/consent-banner.ts?inline-script';
import { CONSENT_KEY, consentExpiry, hasAnalyticsConsent, parseConsent, readConsent } from '../../src/client/consent';

const now = new Date('2026-11-24T12:00:00Z');
const choice = (analytics: boolean, at: string) => JSON.stringify({ v: 1, analytics, at });
const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === CONSENT_KEY ? value : null) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the stored choice', () => {
  it.each([
    ['made today', '2026-11-24T11:00:00Z', true],
    ['made 11 months ago', '2025-12-25T12:00:00Z', true],
    ['made just under 12 months ago', '2025-11-24T12:00:01Z', true],
    ['made exactly 12 months ago', '2025-11-24T12:00:00Z', false],
    ['made 13 months ago', '2025-10-24T12:00:00Z', false],
    ['dated two days ahead', '2026-11-26T12:00:00Z', false],
  ])('counts when %s: %s', (_, at, valid) => {
    expect(parseConsent(choice(true, at), now) !== null).toBe(valid);
  });

  it('expires 12 calendar months after it was made', () => {
    expect(consentExpiry(new Date('2026-01-31T08:00:00Z')).toISOString()).toBe('2027-01-31T08:00:00.000Z');
  });

  it.each([
    [null],
    [''],
    ['ja'],
    ['null'],
    ['[]'],
    ['{"v":2,"analytics":true,"at":"2026-11-01T00:00:00Z"}'],
    ['{"v":1,"analytics":"true","at":"2026-11-01T00:00:00Z"}'],
    ['{"v":1,"analytics":true}'],
    ['{"v":1,"analytics":true,"at":"gisteren"}'],
  ])('ignores the malformed value %j', (raw) => {
    expect(parseConsent(raw, now)).toBeNull();
  });

  it('keeps both answers', () => {
    expect(parseConsent(choice(false, '2026-11-01T00:00:00Z'), now)).toEqual({ v: 1, analytics: false, at: '2026-11-01T00:00:00Z' });
    expect(parseConsent(choice(true, '2026-11-01T00:00:00Z'), now)?.analytics).toBe(true);
  });

  it('reads localStorage first, then the cookie', () => {
    const yes = choice(true, '2026-11-01T00:00:00Z');
    const no = choice(false, '2026-11-01T00:00:00Z');
    const cookie = `app-local-cart-id=abc; ${CONSENT_KEY}=${encodeURIComponent(no)}`;
    expect(readConsent({ storage: storageWith(yes), cookie }, now)?.analytics).toBe(true);
    expect(readConsent({ storage: storageWith(null), cookie }, now)?.analytics).toBe(false);
    expect(readConsent({ storage: storageWith('kapot'), cookie }, now)?.analytics).toBe(false);
    expect(readConsent({ storage: null, cookie: '' }, now)).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(hasAnalyticsConsent({ storage: throwing, cookie }, now)).toBe(false);
    expect(hasAnalyticsConsent({ storage: throwing, cookie: `${CONSENT_KEY}=${encodeURIComponent(yes)}` }, now)).toBe(true);
  });
});

describe('the banner script', () => {
  type Listener = (event: { target: unknown }) => void;
  /** A page with the banner, its two buttons and the footer's reopen button, just enough for the script. */
  function page(stored: string | null, cookie = '') {
    const store = new Map<string, string>(stored === null ? [] : [[CONSENT_KEY, stored]]);
    const listeners: { document?: Listener } = {};
    const events: string[] = [];
    const button = (consent?: string) => ({
      dataset: consent ? { consent } : {},
      focus: vi.fn(),
      closest(selector: string) {
        if (selector === '[data-consent]') return consent ? this : null;
        if (selector === '[data-consent-open]') return consent ? null : this;
        return null;
      },
    });
    const accept = button('yes');
    const refuse = button('no');
    const reopen = button();
    const banner: { hidden: boolean; onclick: Listener | null; querySelector: () => typeof accept } = {
      hidden: true,
      onclick: null,
      querySelector: () => accept,
    };
    const doc = {
      cookie,
      getElementById: (id: string) => (id === 'consent' ? banner : null),
      addEventListener: (_: string, fn: Listener) => void (listeners.document = fn),
    };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
    vi.stubGlobal('location', { protocol: 'http:' });
    vi.stubGlobal('dispatchEvent', (e: { type: string }) => events.push(e.type));
    new Function(consentBannerScript)();
    return {
      banner,
      store,
      doc,
      events,
      click: (target: ReturnType<typeof button>) => {
        banner.onclick?.({ target });
        listeners.document?.({ target });
      },
      accept,
      refuse,
      reopen,
    };
  }

  it('shows the banner without a choice, and stores "Accepteren" in both places', () => {
    const p = page(null);
    expect(p.banner.hidden).toBe(false);
    p.click(p.accept);
    expect(p.banner.hidden).toBe(true);
    expect(parseConsent(p.store.get(CONSENT_KEY))?.analytics).toBe(true);
    expect(p.doc.cookie).toMatch(/^app-consent=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(readConsent({ storage: null, cookie: p.doc.cookie })?.analytics).toBe(true);
    expect(p.events).toEqual([CONSENT_KEY]);
  });

  it('stores "Weigeren" as no analytics', () => {
    const p = page(null);
    p.click(p.refuse);
    expect(p.banner.hidden).toBe(true);
    expect(parseConsent(p.store.get(CONSENT_KEY))?.analytics).toBe(false);
  });

  it.each([
    ['a choice in localStorage', choice(false, new Date().toISOString()), '', true],
    ['a choice only in the cookie', null, `${CONSENT_KEY}=${encodeURIComponent(choice(true, new Date().toISOString()))}`, true],
    ['an expired choice', choice(true, new Date(Date.now() - 370 * 86_400_000).toISOString()), '', false],
    ['a malformed choice', '{"v":1}', `${CONSENT_KEY}=%E0%A4%A`, false],
  ])('with %s, hides the banner: %s', (_, stored, cookie, hidden) => {
    expect(page(stored, cookie).banner.hidden).toBe(hidden);
  });

  it('stays under 1 KB, the limit for an inline script (routes.spec.ts)', () => {
    expect(consentBannerScript.length).toBeLessThan(1024);
  });

  it('reopens from the footer button and moves focus into the banner', () => {
    const p = page(choice(false, new Date().toISOString()));
    expect(p.banner.hidden).toBe(true);
    p.click(p.reopen);
    expect(p.banner.hidden).toBe(false);
    expect(p.accept.focus).toHaveBeenCalled();
  });
});

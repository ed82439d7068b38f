import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ecommerceEvent,
  startAnalyticsTrimmer,
  trackAddToCart,
  trackRemoveFromCart,
  trimPending,
  type DataLayerHost,
} from '../../src/client/analytics';

const yes = () => true;
/** A browser's stored consent (src/client/consent.ts), or none. */
function stubStoredConsent(analytics: boolean | null, at = new Date().toISOString()) {
  const value = analytics === null ? null : JSON.stringify({ v: 1, analytics, at });
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'app-consent' ? value : null) });
}

const oven = { productId: 10423, name: 'Inbouw combi-oven 45 cm', brand: 'Bosch', category: 'Ovens', price: 89_900, qty: 1 };
const hood = { productId: 'k-77', name: 'Wandschouwkap 90 cm', brand: 'Atag', price: 42_995, qty: 2 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cart events in the GA4 e-commerce shape', () => {
  it('pushes add_to_cart with euros, after clearing the previous e-commerce object', () => {
    const host: DataLayerHost = {};
    trackAddToCart(oven, 'EUR', host, yes);
    expect(host.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          value: 899,
          items: [
            {
              item_id: '10423',
              item_name: 'Inbouw combi-oven 45 cm',
              item_brand: 'Bosch',
              item_category: 'Ovens',
              price: 899,
              quantity: 1,
            },
          ],
        },
      },
    ]);
  });

  it('pushes remove_from_cart with the value of all units', () => {
    const host: DataLayerHost = { dataLayer: [{ event: 'gtm.js' }] };
    trackRemoveFromCart(hood, undefined, host, yes);
    expect(host.dataLayer).toHaveLength(3);
    expect(host.dataLayer![2]).toEqual({
      event: 'remove_from_cart',
      ecommerce: {
        currency: 'EUR',
        value: 859.9,
        items: [{ item_id: 'k-77', item_name: 'Wandschouwkap 90 cm', item_brand: 'Atag', price: 429.95, quantity: 2 }],
      },
    });
  });

  it.each([
    [[{ price: 1, qty: 1 }], 0.01],
    [[{ price: 129_900, qty: 3 }], 3897],
    [
      [
        { price: 995, qty: 1 },
        { price: 1_005, qty: 2 },
      ],
      30.05,
    ],
  ])('adds up %j to %s euros', (lines, value) => {
    const items = lines.map((line, i) => ({ productId: i, name: `p${i}`, ...line }));
    expect(ecommerceEvent('add_to_cart', items).ecommerce.value).toBe(value);
  });

  it('uses window.dataLayer in the browser, creating it when missing', () => {
    const win: DataLayerHost = {};
    vi.stubGlobal('window', win);
    stubStoredConsent(true);
    trackAddToCart([oven, hood]);
    expect(win.dataLayer).toHaveLength(2);
    expect((win.dataLayer![1] as { ecommerce: { items: unknown[] } }).ecommerce.items).toHaveLength(2);
  });

  it('does nothing outside the browser', () => {
    expect(() => trackAddToCart(oven)).not.toThrow();
  });
});

describe('consent (issue 12)', () => {
  it('pushes nothing before the visitor has chosen, and does not push those events later', () => {
    const win: DataLayerHost = {};
    vi.stubGlobal('window', win);
    stubStoredConsent(null);
    trackAddToCart(oven);
    trackRemoveFromCart(oven);
    expect(win.dataLayer).toBeUndefined();
    stubStoredConsent(true);
    trackAddToCart(hood);
    expect(win.dataLayer).toHaveLength(2);
    expect((win.dataLayer![1] as { ecommerce: { items: { item_id: string }[] } }).ecommerce.items[0]!.item_id).toBe('k-77');
  });

  it('pushes nothing after "Weigeren"', () => {
    const win: DataLayerHost = { dataLayer: [{ event: 'gtm.js' }] };
    vi.stubGlobal('window', win);
    stubStoredConsent(false);
    trackAddToCart(oven);
    trackRemoveFromCart(oven);
    expect(win.dataLayer).toEqual([{ event: 'gtm.js' }]);
  });

  it('pushes after "Accepteren"', () => {
    const win: DataLayerHost = {};
    vi.stubGlobal('window', win);
    stubStoredConsent(true);
    trackRemoveFromCart(oven);
    expect(win.dataLayer).toHaveLength(2);
  });

  it('treats an expired or malformed choice as none', () => {
    const win: DataLayerHost = {};
    vi.stubGlobal('window', win);
    stubStoredConsent(true, new Date(Date.now() - 400 * 86_400_000).toISOString());
    trackAddToCart(oven);
    vi.stubGlobal('localStorage', { getItem: () => '{"v":1,"analytics":"yes"}' });
    trackAddToCart(oven);
    expect(win.dataLayer).toBeUndefined();
  });

  it('asks the check passed in instead of the stored choice', () => {
    const host: DataLayerHost = {};
    trackAddToCart(oven, 'EUR', host, () => false);
    expect(host.dataLayer).toBeUndefined();
  });
});

describe('trimming pending events (SPEC §9)', () => {
  const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));

  it.each([
    [100, 100],
    [101, 50],
    [250, 50],
    [10, 10],
  ])('keeps %i pending events as %i', (n, kept) => {
    const list = entries(n);
    trimPending(list);
    expect(list).toHaveLength(kept);
    expect(list.at(-1)).toEqual({ i: n - 1 });
  });

  it('trims 101 events to the newest 50 on the 30-second tick, not before', () => {
    const host: DataLayerHost = {};
    const dataLayer = entries(101);
    host.dataLayer = dataLayer;
    const stop = startAnalyticsTrimmer({ host });
    vi.advanceTimersByTime(29_999);
    expect(dataLayer).toHaveLength(101);
    vi.advanceTimersByTime(1);
    expect(dataLayer).toHaveLength(50);
    expect(host.dataLayer).toBe(dataLayer);
    expect(dataLayer[0]).toEqual({ i: 51 });
    dataLayer.push(...entries(60));
    vi.advanceTimersByTime(30_000);
    expect(dataLayer).toHaveLength(50);
    stop();
    dataLayer.push(...entries(60));
    vi.advanceTimersByTime(60_000);
    expect(dataLayer).toHaveLength(110);
  });

  it('starts trimming window.dataLayer with the first cart event in the browser', async () => {
    vi.resetModules();
    const fresh = await import('../../src/client/analytics');
    const win: DataLayerHost = { dataLayer: entries(99) };
    vi.stubGlobal('window', win);
    stubStoredConsent(true);
    fresh.trackAddToCart(oven);
    fresh.trackRemoveFromCart(oven);
    expect(vi.getTimerCount()).toBe(1);
    expect(win.dataLayer).toHaveLength(103);
    vi.advanceTimersByTime(30_000);
    expect(win.dataLayer).toHaveLength(50);
  });
});

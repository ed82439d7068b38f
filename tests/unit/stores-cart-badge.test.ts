import { describe, expect, it } from 'vitest';
import { badgeText, CART_COUNT_EVENT, CART_COUNT_KEY } from '../../src/client/cart-badge';
import cartBadgeScript from '../../src/client/inline/cart-badge.ts?inline-script';
import earlyBuyScript from '../../src/client/inline/early-buy.ts?inline-script';
import { readBuyFields, takeEarlyBuys } from '../../src/stores/early-buy';

type Listener = (event: any) => void;

/** Runs the inline badge script against a fake page with the given cookie and stored count. */
function runBadge(cookie: string, stored: string | null) {
  const badge = { textContent: '' };
  const listeners = new Map<string, Listener>();
  const storage = new Map<string, string>(stored === null ? [] : [[CART_COUNT_KEY, stored]]);
  const document = { cookie, querySelector: (s: string) => (s === '[data-cart-badge]' ? badge : null) };
  const localStorage = { getItem: (k: string) => storage.get(k) ?? null };
  const addEventListener = (type: string, fn: Listener) => listeners.set(type, fn);
  new Function('document', 'localStorage', 'addEventListener', cartBadgeScript)(document, localStorage, addEventListener);
  return { badge, listeners, storage, document };
}

describe('cart badge script', () => {
  it('stays under 1 KB, so it can be inline on every page', () => {
    expect(new TextEncoder().encode(cartBadgeScript).length).toBeLessThan(1024);
    expect(new TextEncoder().encode(earlyBuyScript).length).toBeLessThan(1024);
  });

  it('shows the stored count while the cart cookie exists', () => {
    expect(runBadge('a=1; app-local-cart-id=abc', '3').badge.textContent).toBe('3');
  });

  it('shows nothing without a cart cookie, whatever is stored', () => {
    expect(runBadge('a=1', '3').badge.textContent).toBe('');
    expect(runBadge('app-local-cart-id=', '3').badge.textContent).toBe('');
  });

  it('follows the count the cart store announces on this page, and storage changes of other tabs', () => {
    const page = runBadge('app-local-cart-id=abc', '1');
    page.listeners.get(CART_COUNT_EVENT)!({ detail: 4 });
    expect(page.badge.textContent).toBe('4');
    page.storage.set(CART_COUNT_KEY, '0');
    page.listeners.get('storage')!({ key: CART_COUNT_KEY });
    expect(page.badge.textContent).toBe('');
  });

  it.each([
    [0, ''],
    [1, '1'],
    [10, '10'],
    [120, '99+'],
    ['x', ''],
  ])('badge text of %s is %j', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe('early clicks on the buy button', () => {
  it('reads quantity and the one exclusive option, ignoring anything else', () => {
    expect(
      readBuyFields([
        ['add', '5'],
        ['qty', '3'],
        ['opt', 'assembly'],
      ]),
    ).toEqual({ qty: 3, options: { assembly: true }, combinationId: null });
    expect(
      readBuyFields([
        ['opt', ''],
        ['opt', 'extraWarranty'],
      ]),
    ).toEqual({ qty: 1, options: {}, combinationId: null });
  });

  it('reads the set of a "Vaak samen gekocht" form (add and set), and ignores a set that is not an id', () => {
    expect(
      readBuyFields([
        ['add', '100020'],
        ['set', '11'],
      ]),
    ).toEqual({ qty: 1, options: {}, combinationId: 11 });
    for (const set of ['0', '-3', '1.5', 'abc', '']) expect(readBuyFields([['set', set]]).combinationId, `set=${set}`).toBeNull();
  });

  it('hands the captured submits to the island once, and none after the page gave up and sent the form', () => {
    const win = { __buyQueue: [[['qty', '2']]] as [string, string][][] };
    expect(takeEarlyBuys(win)).toEqual([{ qty: 2, options: {}, combinationId: null }]);
    expect(takeEarlyBuys(win)).toEqual([]);
    expect(takeEarlyBuys({ __buyQueue: [[['qty', '2']]], __buyGaveUp: true })).toEqual([]);
  });
});

// The last order placed in this tab (src/client/last-order.ts): written by the checkout, read back by the checkout
// and the confirmation. What is read back is parsed; what does not parse is dropped, never thrown.
import { describe, expect, it } from 'vitest';
import { forgetLastOrder, LAST_ORDER_KEY, readLastOrder, writeLastOrder } from '../../src/client/last-order';
import type { StringStorage } from '../../src/client/local-events';
import { memoryStorage } from './helpers/memory-storage.ts';

const order = { orderId: 'o-1', orderRef: 'KH-2026-ABCDEFGH', paymentUrl: '/betalen/test/o-1/?t=x' };

describe('the last order of this tab', () => {
  it('reads back what was written, also without a payment page', () => {
    const storage = memoryStorage();
    writeLastOrder(order, storage);
    expect(readLastOrder(storage)).toEqual(order);
    writeLastOrder({ ...order, paymentUrl: null }, storage);
    expect(readLastOrder(storage)).toEqual({ ...order, paymentUrl: null });
  });

  it.each([
    ['not JSON', '{"orderId":'],
    ['null', 'null'],
    ['a string', '"KH-2026-ABCDEFGH"'],
    ['no order id', JSON.stringify({ orderRef: 'KH-1', paymentUrl: null })],
    ['an empty order reference', JSON.stringify({ orderId: 'o-1', orderRef: '', paymentUrl: null })],
    ['a payment URL that is not text', JSON.stringify({ orderId: 'o-1', orderRef: 'KH-1', paymentUrl: 12 })],
    ['far too long', JSON.stringify({ ...order, padding: 'x'.repeat(3000) })],
  ])('drops %s and answers nothing', (_name, raw) => {
    const storage = memoryStorage([[LAST_ORDER_KEY, raw]]);
    expect(readLastOrder(storage)).toBeNull();
    expect(storage.map.has(LAST_ORDER_KEY)).toBe(false);
  });

  it('is nothing when storage is blocked', () => {
    const blocked: StringStorage = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readLastOrder(blocked)).toBeNull();
    expect(() => writeLastOrder(order, blocked)).not.toThrow();
    expect(() => forgetLastOrder('o-1', blocked)).not.toThrow();
  });

  it('forgets only the order it is told about', () => {
    const storage = memoryStorage();
    writeLastOrder(order, storage);
    forgetLastOrder('o-2', storage);
    expect(readLastOrder(storage)).toEqual(order);
    forgetLastOrder('o-1', storage);
    expect(readLastOrder(storage)).toBeNull();
  });
});

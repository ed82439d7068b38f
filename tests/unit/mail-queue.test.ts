// The mail system's pure rules: the wait between attempts, and the public address links in e-mails point to.
import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from '../../src/server/mail/context.ts';
import { retryDelayMs } from '../../src/server/mail/worker.ts';

describe('retry delay', () => {
  // Base 30 s, doubling per failed attempt, at most an hour (3,600,000 ms).
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [4, 240_000],
    [7, 1_920_000], // 30 s × 2^6
    [8, 3_600_000], // 30 s × 2^7 = 3,840,000, capped at an hour
    [20, 3_600_000],
  ])('after %i failed attempt(s): %i ms', (attempts, delay) => {
    expect(retryDelayMs(attempts, 30_000, 3_600_000)).toBe(delay);
  });
});

describe('public base URL for links in e-mails', () => {
  it.each([
    [undefined, 'https://www.keukenhuys.nl'],
    ['', 'https://www.keukenhuys.nl'],
    ['http://127.0.0.1:4421', 'http://127.0.0.1:4421'],
    ['https://shop.example/', 'https://shop.example'],
  ])('SHOP_PUBLIC_URL=%s → %s', (value, expected) => {
    expect(publicBaseUrl('www.keukenhuys.nl', { SHOP_PUBLIC_URL: value })).toBe(expected);
  });

  it.each(['shop.example', 'ftp://shop.example', 'https://shop.example/winkel/'])('refuses %s', (value) => {
    expect(() => publicBaseUrl('www.keukenhuys.nl', { SHOP_PUBLIC_URL: value })).toThrow(/SHOP_PUBLIC_URL/);
  });
});

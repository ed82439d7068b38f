import { describe, expect, it } from 'vitest';
import { LOSS_CODE, marginCode, marginPercent } from '../../src/domain/margin-code.ts';

// Worked by hand: margin % = floor((price − purchase) × 100 / price); digits through W I N K E L S T O F (0..9).
describe('marginCode', () => {
  it.each([
    // (100000 − 66000) × 100 / 100000 = 34      → 3 K, 4 E
    [100000, 66000, 34, 'KE'],
    // (129900 − 85000) × 100 / 129900 = 34.56…  → 34 → KE
    [129900, 85000, 34, 'KE'],
    // (10000 − 9300) × 100 / 10000 = 7          → 0 W, 7 T
    [10000, 9300, 7, 'WT'],
    // (4999 − 4999) = 0                          → WW
    [4999, 4999, 0, 'WW'],
    // (89900 − 40000) × 100 / 89900 = 55.50…    → 55 → LL
    [89900, 40000, 55, 'LL'],
    // purchase 0: 100% → kept at 99              → FF
    [50000, 0, 100, 'FF'],
    // (1000 − 1) × 100 / 1000 = 99.9             → 99 → FF
    [1000, 1, 99, 'FF'],
    // (20000 − 17900) × 100 / 20000 = 10.5       → 10 → IW
    [20000, 17900, 10, 'IW'],
  ])('price %i, purchase %i: %i%% is %s', (price, purchase, percent, code) => {
    expect(marginPercent(price, purchase)).toBe(percent);
    expect(marginCode(price, purchase)).toBe(code);
  });

  it('a loss is a code outside the key', () => {
    // (10000 − 12000) × 100 / 10000 = −20
    expect(marginPercent(10000, 12000)).toBe(-20);
    expect(marginCode(10000, 12000)).toBe(LOSS_CODE);
  });

  it('has no code without a purchase price or a price', () => {
    expect(marginCode(10000, undefined)).toBeNull();
    expect(marginCode(10000, null)).toBeNull();
    expect(marginCode(0, 500)).toBeNull();
    expect(marginCode(10000, -1)).toBeNull();
  });
});

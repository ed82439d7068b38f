// nDCG@k and first-hit relevance on small examples worked out by hand.
import { describe, expect, it } from 'vitest';
import { dcg, firstHitRelevant, ndcgAt } from './ndcg';

describe('nDCG', () => {
  it('sums the gains 2^rel − 1 discounted by log2(rank + 1)', () => {
    // Grades 2, 0, 1: 3/log2(2) + 0/log2(3) + 1/log2(4) = 3 + 0 + 0.5 = 3.5.
    expect(dcg([2, 0, 1], 10)).toBeCloseTo(3.5, 10);
    // Only the first k ranks count: 3/1 + 0 = 3.
    expect(dcg([2, 0, 1], 2)).toBeCloseTo(3, 10);
  });

  it('divides by the DCG of the ideal order of every judged product', () => {
    // Judged a: 2, b: 1, c: 1. Returned c, x, a (x unjudged).
    // DCG = 1/log2(2) + 0 + 3/log2(4) = 1 + 1.5 = 2.5.
    // Ideal 2, 1, 1: 3/1 + 1/log2(3) + 1/2 = 3 + 0.630930 + 0.5 = 4.130930. nDCG = 2.5 / 4.130930 = 0.605191.
    expect(ndcgAt(10, ['c', 'x', 'a'], { a: 2, b: 1, c: 1 })).toBeCloseTo(0.605191, 5);
    expect(ndcgAt(10, ['a', 'b', 'c'], { a: 2, b: 1, c: 1 })).toBeCloseTo(1, 10);
  });

  it('cuts the ideal ranking at k too', () => {
    // Three products of grade 2, k = 2: ideal 3 + 3/log2(3) = 4.892789; returned a, x: 3 / 4.892789 = 0.613147.
    expect(ndcgAt(2, ['a', 'x', 'b'], { a: 2, b: 2, c: 2 })).toBeCloseTo(0.613147, 5);
  });

  it('scores a query without relevant products by whether it found nothing', () => {
    expect(ndcgAt(10, [], {})).toBe(1);
    expect(ndcgAt(10, ['a'], {})).toBe(0);
    expect(ndcgAt(10, [], { a: 2 })).toBe(0);
  });
});

describe('first hit', () => {
  it('is relevant when its grade is at least 1', () => {
    expect(firstHitRelevant(['b', 'a'], { a: 2, b: 1 })).toBe(true);
    expect(firstHitRelevant(['x', 'a'], { a: 2 })).toBe(false);
    expect(firstHitRelevant([], { a: 2 })).toBe(false);
  });
});

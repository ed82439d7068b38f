// The relevance measures of the search tests: nDCG@k with graded relevance (gain 2^rel − 1, discount log2(rank + 1))
// and whether the first hit is relevant. Pure functions of a ranked list of ids and the judged grades.

/** Judged grades per product id: 2 exactly what was asked, 1 partially; ids not listed are 0. */
export type Judgements = Readonly<Record<string, number>>;

const gain = (grade: number) => 2 ** grade - 1;
/** Rank 1 is not discounted, rank 2 by log2(3), … */
const discount = (rank: number) => Math.log2(rank + 1);

/** DCG@k of grades in ranked order: Σ (2^rel_i − 1) / log2(i + 1) over the first k ranks (i from 1). */
export function dcg(grades: readonly number[], k: number): number {
  let sum = 0;
  grades.slice(0, k).forEach((grade, i) => {
    sum += gain(grade) / discount(i + 1);
  });
  return sum;
}

/**
 * nDCG@k: DCG of the ranked ids divided by the DCG of the ideal ranking (every judged product, best grades first).
 * A query with no relevant product has no ideal DCG; it scores 1 when nothing was returned and 0 otherwise.
 */
export function ndcgAt(k: number, rankedIds: readonly string[], judged: Judgements): number {
  const ideal = dcg(
    Object.values(judged)
      .filter((g) => g > 0)
      .sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return rankedIds.length === 0 ? 1 : 0;
  return (
    dcg(
      rankedIds.map((id) => judged[id] ?? 0),
      k,
    ) / ideal
  );
}

/** Whether the first hit has a grade of at least 1. */
export function firstHitRelevant(rankedIds: readonly string[], judged: Judgements): boolean {
  return rankedIds.length > 0 && (judged[rankedIds[0]] ?? 0) >= 1;
}

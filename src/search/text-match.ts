// text_match, the ranking score of a matched document, and the text_match_info a hit reports. The score packs
// Typesense's order of criteria into one number: tokens matched, then fewer typos, a field equal to the whole
// query, whole words over prefixes, then field weight. When tokens were dropped, each document counts the tokens of
// the subset that found it (a token it did not match has quality -1).
import type { FormMatch, TextIndex } from './text-index.ts';
import { isPrefixOf, typosOf, weightOf, type TextMatch } from './match.ts';
import type { QueryField } from './match-options.ts';

/** text_match per document position (only the matched positions are filled). */
export function textMatchScores(result: TextMatch, fields: QueryField[]): Float64Array {
  const tokens = result.tokens.map((t) => t.token);
  // Documents come in ascending order, so the last is the largest position.
  const score = new Float64Array(result.docs.length ? result.docs[result.docs.length - 1]! + 1 : 0);
  const queryKeys = fields.map((f) => tokens.map((t) => f.text.key(t)).join(' '));
  for (const d of result.docs) {
    let typos = 0;
    let prefixes = 0;
    let weights = 0;
    let matched = 0;
    for (const { match } of result.tokens) {
      const q = match.quality[d]!;
      if (q < 0) continue;
      matched++;
      typos += typosOf(q);
      prefixes += isPrefixOf(q) ? 1 : 0;
      weights += weightOf(q);
    }
    let exact = 0;
    if (matched === result.total)
      fields.forEach((f, i) => {
        if (f.text.exactKeys[d] === queryKeys[i]) exact = 1;
      });
    score[d] =
      matched * 2 ** 44 +
      (63 - Math.min(typos, 63)) * 2 ** 38 +
      exact * 2 ** 37 +
      (31 - Math.min(prefixes, 31)) * 2 ** 32 +
      Math.min(weights, 2 ** 32 - 1);
  }
  return score;
}

/** text_match_info of one hit, as Typesense reports it. */
export function textMatchInfo(result: TextMatch, score: Float64Array, fields: QueryField[], d: number) {
  let typos = 0;
  let prefixes = 0;
  let bestWeight = 0;
  let matched = 0;
  for (const { match } of result.tokens) {
    const q = match.quality[d]!;
    if (q < 0) continue;
    matched++;
    typos += typosOf(q);
    prefixes += isPrefixOf(q) ? 1 : 0;
    bestWeight = Math.max(bestWeight, weightOf(q));
  }
  const fieldsMatched = fields.filter((f) =>
    result.tokens.some(({ match }) => match.quality[d]! >= 0 && fieldHas(f.text, d, match.forms.get(f.name) ?? new Map())),
  ).length;
  const value = score[d]!;
  return {
    best_field_score: String(Math.floor(value / 2 ** 32)),
    best_field_weight: bestWeight,
    fields_matched: fieldsMatched,
    num_tokens_dropped: result.total - matched,
    score: String(value),
    tokens_matched: matched,
    typo_prefix_score: typos * 2 + prefixes,
  };
}

function fieldHas(text: TextIndex, d: number, forms: Map<string, FormMatch>): boolean {
  for (const form of forms.keys()) {
    const id = text.formId.get(form);
    if (id !== undefined && binaryHas(text.postings[id]!, d)) return true;
  }
  return false;
}

function binaryHas(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

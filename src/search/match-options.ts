// The match stage's parameters of a search: the `query_by` fields checked against the collection's schema with
// their text indexes and weights, and `prefix`, `infix`, the typo rules and `enable_synonyms`. Apart from
// query-params.ts because it needs the collection and its index, which the plain parameter readers do not.
import type { Collection, IndexGeneration } from './collection.ts';
import { int, list, str, type SearchParams } from './query-params.ts';
import { TypesenseError } from './schema.ts';
import type { TextIndex } from './text-index.ts';
import { DEFAULT_TYPO_RULES, type TypoRules } from './text.ts';

type InfixMode = 'off' | 'always' | 'fallback';

/** One `query_by` field: its text index, its weight in text_match, and its infix mode for this search. */
export type QueryField = { name: string; text: TextIndex; weight: number; infix: InfixMode };

/** How the query's tokens match: the fields, prefix on the last token, and the typo budget. */
export type MatchOptions = { fields: QueryField[]; prefixLast: boolean; typoRules: TypoRules; synonyms: boolean };

/**
 * `query_by` (checked against the schema), `query_by_weights`, `prefix`, `infix` and the typo rules. Weights
 * follow the `query_by` order (first field heaviest) unless `query_by_weights` gives one per field. A wildcard
 * search builds no text index, so its fields carry none.
 */
export function readMatchOptions(collection: Collection, gen: IndexGeneration, params: SearchParams, wildcard: boolean): MatchOptions {
  const queryBy = list(str(params, 'query_by'));
  const weightsParam = list(str(params, 'query_by_weights')).map(Number);
  if (!wildcard && queryBy.length === 0) throw new TypesenseError(400, 'No search fields specified for the query.');
  const fields: QueryField[] = queryBy.map((name, i) => {
    const field = collection.fieldFor(name);
    if (!field) throw new TypesenseError(404, `Could not find a field named \`${name}\` in the schema.`);
    if (!field.type.startsWith('string')) throw new TypesenseError(400, `Field \`${name}\` should be a string or a string array.`);
    const text = wildcard ? null : gen.text(name);
    if (!wildcard && !text) throw new TypesenseError(400, `Field \`${name}\` is marked as a non-indexed field in the schema.`);
    const weight =
      weightsParam.length === queryBy.length && Number.isFinite(weightsParam[i])
        ? Math.max(0, Math.round(weightsParam[i]!))
        : queryBy.length - i;
    return { name, text: text as TextIndex, weight: Math.min(weight, 0x7fffff), infix: 'off' };
  });
  const prefixParam = list(str(params, 'prefix'));
  const prefixLast = prefixParam.length === 0 ? true : prefixParam[0] !== 'false';
  // One infix mode per field; the last one given holds for the remaining fields. Only fields with infix: true
  // in the schema have the infix index to honour it.
  const infixParam = list(str(params, 'infix'));
  for (const [i, f] of fields.entries()) {
    const mode = infixParam[Math.min(i, infixParam.length - 1)] ?? 'off';
    if (mode !== 'off' && mode !== 'always' && mode !== 'fallback')
      throw new TypesenseError(400, 'Parameter `infix` must be one of: off, always, fallback.');
    f.infix = mode !== 'off' && collection.fieldFor(f.name)?.infix ? mode : 'off';
  }
  const typoRules: TypoRules = {
    numTypos: Math.min(2, int(params, 'num_typos', DEFAULT_TYPO_RULES.numTypos)),
    minLen1Typo: int(params, 'min_len_1typo', DEFAULT_TYPO_RULES.minLen1Typo),
    minLen2Typo: int(params, 'min_len_2typo', DEFAULT_TYPO_RULES.minLen2Typo),
  };
  const synonyms = list(str(params, 'enable_synonyms'))[0] !== 'false';
  return { fields, prefixLast, typoRules, synonyms };
}

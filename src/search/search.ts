// One Typesense search against a collection's index, in stages: parameters (query-params.ts) → filter
// (filtering.ts) → text match and its score (match.ts, text-match.ts) → sort and page (sort.ts) → facets
// (facets.ts) → hits with highlights (hits.ts, highlight.ts). Each stage reads its own parameters when it runs,
// so the first error Typesense would report is the one reported. The answer has Typesense's shape (hits: [] and
// highlight: {} always present).
import type { Collection } from './collection.ts';
import { facetCounts, readFacetRequest } from './facets.ts';
import { filterDocuments } from './filtering.ts';
import { buildHits, readHitOptions } from './hits.ts';
import { everyDocument, matchText } from './match.ts';
import { readMatchOptions, readPaging, readQuery, readThresholds, rejectUnsupported, str, type SearchParams } from './query-params.ts';
import { compareBy, pageOf, readSortKeys } from './sort.ts';
import { textMatchScores } from './text-match.ts';
import { tokenize } from './text.ts';

export type SearchResponse = Record<string, unknown>;

/** Typesense uses at most this many query tokens. */
const MAX_QUERY_TOKENS = 32;

export function search(collection: Collection, params: SearchParams): SearchResponse {
  const started = performance.now();
  const gen = collection.index();
  const query = readQuery(params);
  const paging = readPaging(params);
  const matching = readMatchOptions(collection, gen, params, query.wildcard);
  rejectUnsupported(params);

  const filter = filterDocuments(gen, str(params, 'filter_by'));

  const tokens = query.wildcard ? [] : tokenize(query.q, gen.options).slice(0, MAX_QUERY_TOKENS);
  const text = tokens.length > 0 ? matchText(gen, tokens, matching, filter, readThresholds(params)) : null;
  const docs = text ? text.docs : everyDocument(gen.n, filter);
  const score = text && docs.length > 0 ? textMatchScores(text, matching.fields) : null;

  const keys = readSortKeys(collection, gen, str(params, 'sort_by'), tokens.length > 0);
  const pageDocs = pageOf(docs, compareBy(keys, score), paging);

  const facet_counts = facetCounts(gen, docs, readFacetRequest(collection, gen, params));

  const hits = buildHits(pageDocs, { collection, gen, fields: matching.fields, text, score }, readHitOptions(params, matching.fields));

  return {
    facet_counts,
    found: docs.length,
    hits,
    out_of: gen.n,
    page: paging.page,
    request_params: { collection_name: collection.name, first_q: query.q, per_page: paging.perPage, q: query.q },
    search_cutoff: false,
    search_time_ms: Math.round(performance.now() - started),
  };
}

// One Typesense search against a collection's index, in stages: parameters (query-params.ts) → filter
// (filtering.ts) → text match and its score (match.ts, text-match.ts) → sort and page (sort.ts) → facets
// (facets.ts) → hits with highlights (hits.ts, highlight.ts). Each stage reads its own parameters when it runs,
// so the first error Typesense would report is the one reported. The answer has Typesense's shape (hits: [] and
// highlight: {} always present).
import { hasBit } from './bitset.ts';
import type { Collection } from './collection.ts';
import { facetCounts, readFacetRequest } from './facets.ts';
import { filterDocuments } from './filtering.ts';
import { buildHits, readHitOptions } from './hits.ts';
import { everyDocument, matchText } from './match.ts';
import { readMatchOptions } from './match-options.ts';
import { readPaging, readQuery, readThresholds, rejectUnsupported, str, type SearchParams } from './query-params.ts';
import { placeholderValues } from './rule-match.ts';
import { compareBy, pageOf, readSortKeys, topK } from './sort.ts';
import { textMatchScores } from './text-match.ts';
import { tokenize } from './text.ts';

export type SearchResponse = Record<string, unknown>;

/** Typesense uses at most this many query tokens. */
const MAX_QUERY_TOKENS = 32;

export function search(collection: Collection, params: SearchParams): SearchResponse {
  const started = performance.now();
  const gen = collection.index();
  const asked = readQuery(params);
  // Curations first (Typesense: overrides before synonyms), as they may change the query and add a filter.
  const curation = collection.overrides.curate(asked.q, params, Math.floor(Date.now() / 1000), placeholderValues(collection, gen));
  const query = curation.q === asked.q ? asked : readQuery({ q: curation.q });
  const paging = readPaging(params);
  const matching = readMatchOptions(collection, gen, params, query.wildcard);
  rejectUnsupported(params);

  const own = str(params, 'filter_by')?.trim();
  const filterBy = curation.filterBy ? (own ? `(${own}) && (${curation.filterBy})` : curation.filterBy) : own;
  const filter = filterDocuments(gen, filterBy);

  const tokens = query.wildcard ? [] : tokenize(query.q, gen.options).slice(0, MAX_QUERY_TOKENS);
  const text = tokens.length > 0 ? matchText(gen, tokens, matching, filter, readThresholds(params)) : null;
  let docs = text ? text.docs : everyDocument(gen.n, filter);
  const score = text && docs.length > 0 ? textMatchScores(text, matching.fields) : null;

  // Pinned documents (found or not, and past the filter unless filter_curated_hits) and hidden ones.
  const pinned: { d: number; position: number }[] = [];
  for (const { id, position } of curation.pinned) {
    const d = gen.position(id);
    if (d !== undefined && (!curation.filterCurated || !filter || hasBit(filter, d))) pinned.push({ d, position });
  }
  const curated = new Set(pinned.map((p) => p.d));
  if (curated.size > 0 || curation.hidden.size > 0) docs = docs.filter((d) => !curated.has(d) && !curation.hidden.has(gen.ids[d]!));

  const keys = readSortKeys(collection, gen, str(params, 'sort_by'), tokens.length > 0);
  const compare = compareBy(keys, score);
  let pageDocs: number[];
  if (pinned.length === 0) pageDocs = pageOf(docs, compare, paging);
  else {
    const ranked = topK(docs, paging.offset + paging.perPage, compare);
    for (const { d, position } of pinned) ranked.splice(Math.min(position - 1, ranked.length), 0, d);
    pageDocs = ranked.slice(paging.offset, paging.offset + paging.perPage);
  }
  const all = pinned.length ? [...docs, ...curated].sort((a, b) => a - b) : docs;

  const facet_counts = facetCounts(gen, all, readFacetRequest(collection, gen, params));

  const hits = buildHits(
    pageDocs,
    { collection, gen, fields: matching.fields, text, score, curated },
    readHitOptions(params, matching.fields),
  );

  return {
    facet_counts,
    found: all.length,
    hits,
    ...(curation.metadata ? { metadata: curation.metadata } : {}),
    out_of: gen.n,
    page: paging.page,
    request_params: { collection_name: collection.name, first_q: asked.q, per_page: paging.perPage, q: query.q },
    search_cutoff: false,
    search_time_ms: Math.round(performance.now() - started),
  };
}

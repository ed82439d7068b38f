// Search tracking (SPEC §3). The adapter gives no queryID, so every result set gets its own query id here; a click
// on a hit stores the instant-search entry (objectIds, indexName, queryId) in local event storage, keeps the
// tracking record { index_name, query_id, position, item_ids } there too, and pushes it to window.dataLayer as a
// 'search_click' event for the tag manager.
import { indexName as buildIndexName } from '../../domain/search-index-names.ts';
import { recordSearchClick, writeLocalEvent, type StringStorage } from '../../client/local-events.ts';

export type TrackingRecord = { index_name: string; query_id: string; position: number; item_ids: string };

/** Local event key of the last search click's tracking record. */
const SEARCH_CLICK_EVENT = 'search-click';
export const SEARCH_CLICK_DATALAYER_EVENT = 'search_click';

type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;
const cryptoRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** A fresh query id: 32 hexadecimal characters (128 random bits), like a Typesense/Algolia query id. */
export function newQueryId(random: RandomSource = cryptoRandom): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What makes a result set: the index (with its sort), the query, the filters and the page. */
function resultSetKey(parts: { index: string; query?: string; filters?: unknown; page?: number }): string {
  return JSON.stringify([parts.index, (parts.query ?? '').trim(), parts.filters ?? null, parts.page ?? 0]);
}

/**
 * Query ids per result set: the same result set (e.g. re-rendered, or shown again after a facet count update) keeps
 * its id; a new query, filter, sort or page gets a new one. Only the last few sets are remembered.
 */
export class QueryIds {
  private ids = new Map<string, string>();
  private readonly random: RandomSource;
  private readonly keep: number;

  constructor(random: RandomSource = cryptoRandom, keep = 20) {
    this.random = random;
    this.keep = keep;
  }

  idFor(key: string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = newQueryId(this.random);
      this.ids.set(key, id);
      if (this.ids.size > this.keep) this.ids.delete(this.ids.keys().next().value!);
    }
    return id;
  }
}

/** What the islands read from InstantSearch's SearchResults. */
export type ResultsLike = {
  index?: string;
  query?: string;
  page: number;
  hitsPerPage: number;
  _state?: {
    index?: string;
    disjunctiveFacetsRefinements?: unknown;
    facetsRefinements?: unknown;
    numericRefinements?: unknown;
    filters?: unknown;
  };
};

/** The tracked result set of an answer: its index (the adapter's answer has none, the search state has), query id, page. */
export function resultSetOf(results: ResultsLike, queryIds: QueryIds): Pick<ClickContext, 'index' | 'queryId' | 'page' | 'hitsPerPage'> {
  const state = results._state ?? {};
  const index = results.index || state.index || '';
  const query = results.query === '*' ? '' : results.query;
  const filters = [
    state.disjunctiveFacetsRefinements ?? null,
    state.facetsRefinements ?? null,
    state.numericRefinements ?? null,
    state.filters ?? null,
  ];
  return {
    index,
    queryId: queryIds.idFor(resultSetKey({ index, query, filters, page: results.page })),
    page: results.page,
    hitsPerPage: results.hitsPerPage,
  };
}

/**
 * The index name for tracking, in the SPEC §9 form: a sorted view the adapter calls 'v3_producten/sort/price:asc'
 * is recorded as the sort variant 'v3_producten_price_asc'; a plain collection stays as it is.
 */
export function trackingIndexName(index: string): string {
  const match = /^(.+?)\/sort\/([^:]+):(asc|desc)$/.exec(index);
  if (!match) return index;
  return buildIndexName(match[1]!, { sort: match[2]!, order: match[3] as 'asc' | 'desc' });
}

export type ClickContext = {
  /** The index searched, as InstantSearch names it (results.index). */
  index: string;
  queryId: string;
  /** 0-based page and hits per page of the result set. */
  page: number;
  hitsPerPage: number;
  /** 0-based place of the clicked hit on its page. */
  indexOnPage: number;
  /** Ids of the hits of the result set, in order. */
  itemIds: readonly string[];
};

/** The tracking record of a click: position is 1-based and counts across pages. */
export function buildTrackingRecord(click: ClickContext): TrackingRecord {
  return {
    index_name: trackingIndexName(click.index),
    query_id: click.queryId,
    position: click.page * click.hitsPerPage + click.indexOnPage + 1,
    item_ids: click.itemIds.join(','),
  };
}

export type TrackingHost = { dataLayer?: unknown[] };

/** Records a click on a hit (see the module comment); returns the tracking record. */
export function trackSearchClick(
  click: ClickContext & { objectId: string },
  host: TrackingHost | undefined = globalThis as TrackingHost,
  storage?: StringStorage | null,
): TrackingRecord {
  const record = buildTrackingRecord(click);
  recordSearchClick({ objectIds: [click.objectId], indexName: record.index_name, queryId: click.queryId }, storage);
  writeLocalEvent(SEARCH_CLICK_EVENT, record, storage);
  if (host) (host.dataLayer ??= []).push({ event: SEARCH_CLICK_DATALAYER_EVENT, ...record });
  return record;
}

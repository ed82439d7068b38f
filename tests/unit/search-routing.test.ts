import { describe, expect, it } from 'vitest';
import {
  paramToRange,
  paramsToSearch,
  paramsToState,
  productScheme,
  rangeToParam,
  showroomScheme,
  stateToParams,
  type SearchUiState,
} from '../../src/islands/search/routing';
import {
  buildTrackingRecord,
  newQueryId,
  QueryIds,
  resultSetOf,
  SEARCH_CLICK_DATALAYER_EVENT,
  trackingIndexName,
  trackSearchClick,
} from '../../src/islands/search/tracking';
import { LOCAL_EVENT_PREFIX } from '../../src/client/local-events';
import { memoryStorage } from './helpers/memory-storage.ts';

const products = productScheme('v3_producten');
const showroom = showroomScheme('v3_keukens');
const url = (state: SearchUiState, scheme = products) => paramsToSearch(stateToParams(scheme, state));
const parse = (search: string, scheme = products) => paramsToState(scheme, new URLSearchParams(search));

describe('the search address: UI state ↔ readable Dutch query string', () => {
  it.each<[string, SearchUiState, string]>([
    ['nothing', {}, ''],
    ['a query', { query: 'vaatwasser' }, '?q=vaatwasser'],
    ['a query with spaces', { query: 'miele vaatwasser' }, '?q=miele+vaatwasser'],
    ['brands in order', { query: 'vaatwasser', refinementList: { brand: ['Bosch', 'Siemens'] } }, '?q=vaatwasser&merk=Bosch&merk=Siemens'],
    ['a category', { refinementList: { category: ['Inbouwvaatwassers'] } }, '?categorie=Inbouwvaatwassers'],
    ['stock states in Dutch', { refinementList: { stockState: ['inStock', 'backorder'] } }, '?voorraad=op-voorraad&voorraad=op-bestelling'],
    ['energy classes', { refinementList: { energyLabel: ['A', 'B'] } }, '?energieklasse=A&energieklasse=B'],
    ['an oven’s energy class, its plus signs encoded', { refinementList: { energyLabel: ['A+++'] } }, '?energieklasse=A%2B%2B%2B'],
    ['a product tag', { refinementList: { tags: ['Stil'] } }, '?kenmerk=Stil'],
    ['a price range in euros', { range: { price: '40000:80000' } }, '?prijs=400-800'],
    ['a price floor only', { range: { price: '45050:' } }, '?prijs=450.5-'],
    ['a price ceiling only', { range: { price: ':80000' } }, '?prijs=-800'],
    ['sorted by price, low to high', { sortBy: 'v3_producten/sort/price:asc' }, '?sortering=prijs-oplopend'],
    ['sorted by price, high to low', { sortBy: 'v3_producten/sort/price:desc' }, '?sortering=prijs-aflopend'],
    ['newest first', { sortBy: 'v3_producten/sort/releaseDate:desc' }, '?sortering=nieuwste'],
    ['relevance is the default (no parameter)', { sortBy: 'v3_producten' }, ''],
    ['page 2', { query: 'oven', page: 2 }, '?q=oven&pagina=2'],
    ['page 1 is the default', { query: 'oven', page: 1 }, '?q=oven'],
    ['the shop-only toggle', { toggle: { shopOnly: true } }, '?winkel=alleen'],
    [
      'everything in a fixed order',
      {
        page: 3,
        sortBy: 'v3_producten/sort/price:asc',
        range: { price: ':80000' },
        refinementList: { brand: ['Bosch'] },
        query: 'vaatwaser',
      },
      '?q=vaatwaser&merk=Bosch&prijs=-800&sortering=prijs-oplopend&pagina=3',
    ],
  ])('%s', (_name, state, search) => {
    expect(url(state)).toBe(search);
    // And back: the address gives the same state (page 1 and relevance are the absence of a parameter).
    const back = parse(search);
    const expected: SearchUiState = { ...state };
    if (expected.page === 1) delete expected.page;
    if (expected.sortBy === 'v3_producten') delete expected.sortBy;
    expect(back).toEqual(expected);
  });

  it.each<[string, string, SearchUiState]>([
    ['unknown parameters', '?utm_source=mail&q=oven', { query: 'oven' }],
    ['an empty query', '?q=%20%20', {}],
    ['an unknown stock value', '?voorraad=misschien&voorraad=op-voorraad', { refinementList: { stockState: ['inStock'] } }],
    ['an unknown sort', '?sortering=alfabetisch', {}],
    ['page 0, a negative, a fraction or a huge page', '?pagina=0&pagina=-2', {}],
    ['a fractional page', '?pagina=2.5', {}],
    ['a price range the wrong way round', '?prijs=800-400', {}],
    ['a price range that is not a range', '?prijs=goedkoop', {}],
    ['a price range without ends', '?prijs=-', {}],
    ['repeated brands once', '?merk=Bosch&merk=Bosch', { refinementList: { brand: ['Bosch'] } }],
    ['a Dutch decimal comma in a price', '?prijs=99,95-', { range: { price: '9995:' } }],
    ['the toggle with another value', '?winkel=ja', {}],
  ])('ignores or repairs %s', (_name, search, state) => {
    expect(parse(search)).toEqual(state);
  });

  it('the showroom search has style and colour, and no price, sort or toggle', () => {
    expect(url({ query: 'eiken', refinementList: { style: ['landelijk'], colour: ['taupe mat'] } }, showroom)).toBe(
      '?q=eiken&stijl=landelijk&kleur=taupe+mat',
    );
    expect(parse('?stijl=landelijk&kleur=taupe+mat&prijs=1-2&sortering=nieuwste&winkel=alleen', showroom)).toEqual({
      refinementList: { style: ['landelijk'], colour: ['taupe mat'] },
    });
  });

  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['', undefined],
    [':', undefined],
    ['0:100', '0-1'],
    ['abc:100', undefined],
  ])('rangeToParam(%j) is %j', (range, param) => {
    expect(rangeToParam(range)).toBe(param);
  });

  it.each<[string, string | undefined]>([
    ['400-800', '40000:80000'],
    ['400-', '40000:'],
    ['-800', ':80000'],
    ['400.5-800.25', '40050:80025'],
    ['400-400', '40000:40000'],
    ['1.2.3-4', undefined],
    ['99999999-', undefined],
  ])('paramToRange(%j) is %j', (param, range) => {
    expect(paramToRange(param)).toBe(range);
  });
});

describe('search tracking (SPEC §3)', () => {
  const counter = () => {
    let n = 0;
    return (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(++n);
  };

  it('a query id is 32 hexadecimal characters', () => {
    expect(newQueryId(counter())).toBe('01'.repeat(16));
    expect(newQueryId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the same result set keeps its query id; a new query, filter, sort or page gets a new one', () => {
    const ids = new QueryIds(counter());
    const base = {
      index: 'v3_producten',
      query: 'oven',
      page: 0,
      hitsPerPage: 12,
      _state: { disjunctiveFacetsRefinements: { brand: ['Bosch'] } },
    };
    const first = resultSetOf(base, ids);
    expect(resultSetOf({ ...base }, ids).queryId).toBe(first.queryId);
    const others = [
      resultSetOf({ ...base, query: 'ovens' }, ids),
      resultSetOf({ ...base, page: 1 }, ids),
      resultSetOf({ ...base, index: 'v3_producten/sort/price:asc' }, ids),
      resultSetOf({ ...base, _state: { disjunctiveFacetsRefinements: { brand: ['Miele'] } } }, ids),
    ].map((set) => set.queryId);
    expect(new Set([first.queryId, ...others]).size).toBe(5);
  });

  it('the index comes from the search state when the answer has none, and "*" counts as no query', () => {
    const ids = new QueryIds(counter());
    const set = resultSetOf({ query: '*', page: 2, hitsPerPage: 12, _state: { index: 'v3_keukens' } }, ids);
    expect(set).toMatchObject({ index: 'v3_keukens', page: 2, hitsPerPage: 12 });
    expect(resultSetOf({ query: '', page: 2, hitsPerPage: 12, _state: { index: 'v3_keukens' } }, ids).queryId).toBe(set.queryId);
  });

  it('only the last few result sets are remembered', () => {
    const ids = new QueryIds(counter(), 2);
    const a = ids.idFor('a');
    ids.idFor('b');
    ids.idFor('c');
    expect(ids.idFor('a')).not.toBe(a);
  });

  it.each([
    ['v3_producten', 'v3_producten'],
    ['v3_producten/sort/price:asc', 'v3_producten_price_asc'],
    ['v3_producten/sort/price:desc', 'v3_producten_price_desc'],
    ['v3_producten/sort/releaseDate:desc', 'v3_producten_releaseDate_desc'],
    ['v3_keukens_staging', 'v3_keukens_staging'],
  ])('tracks the index %s as %s', (index, name) => {
    expect(trackingIndexName(index)).toBe(name);
  });

  it.each([
    [0, 0, 1],
    [0, 11, 12],
    [1, 0, 13],
    [3, 4, 41],
  ])('page %i, place %i on the page is position %i (1-based, across pages of 12)', (page, indexOnPage, position) => {
    const record = buildTrackingRecord({
      index: 'v3_producten',
      queryId: 'q1',
      page,
      hitsPerPage: 12,
      indexOnPage,
      itemIds: ['7', '8', '9'],
    });
    expect(record).toEqual({ index_name: 'v3_producten', query_id: 'q1', position, item_ids: '7,8,9' });
  });

  it('a click stores the instant-search entry and the record, and pushes a search_click event', () => {
    const storage = memoryStorage();
    const host: { dataLayer?: unknown[] } = {};
    const click = {
      index: 'v3_producten/sort/price:asc',
      queryId: 'abc',
      page: 1,
      hitsPerPage: 12,
      indexOnPage: 2,
      itemIds: ['100075', '100076', '100077'],
      objectId: '100077',
    };
    const record = trackSearchClick(click, host, storage);
    expect(record).toEqual({ index_name: 'v3_producten_price_asc', query_id: 'abc', position: 15, item_ids: '100075,100076,100077' });
    expect(host.dataLayer).toEqual([{ event: SEARCH_CLICK_DATALAYER_EVENT, ...record }]);
    expect(JSON.parse(storage.map.get(`${LOCAL_EVENT_PREFIX}instant-search`)!)).toEqual([
      { objectIds: ['100077'], indexName: 'v3_producten_price_asc', queryId: 'abc' },
    ]);
    expect(JSON.parse(storage.map.get(`${LOCAL_EVENT_PREFIX}search-click`)!)).toEqual(record);

    // A second click adds an entry and replaces the record.
    trackSearchClick({ ...click, indexOnPage: 0, objectId: '100075' }, host, storage);
    expect(JSON.parse(storage.map.get(`${LOCAL_EVENT_PREFIX}instant-search`)!)).toHaveLength(2);
    expect(JSON.parse(storage.map.get(`${LOCAL_EVENT_PREFIX}search-click`)!)).toMatchObject({ position: 13 });
    expect(host.dataLayer).toHaveLength(2);
  });
});

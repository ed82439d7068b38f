// Instant search over v3_producten with facets for brand, category and stock, a price range, sorting, pages, active
// filters, and the SPEC §8 empty state: the search page /zoeken/ (SearchPage.tsx), and a category page's filters with
// the category fixed (src/client/category-filters.tsx). The state lives in the address (routing.ts), so results are
// shareable and the back button returns to the same refined state. Clicks on hits are tracked (tracking.ts). Staff
// with the shop flags get a shop-only filter and shop prices (staff.ts).
import { useEffect, useMemo, useState } from 'react';
import { Configure, Highlight, InstantSearch, useHits, useInstantSearchContext, useQueryRules } from 'react-instantsearch';
import type { Hit } from 'instantsearch.js';
import { formatEuro } from '../../domain/money.ts';
import { stockStateLabel } from '../../domain/stock.ts';
import { ENERGY_CLASSES } from '../../domain/energy-label.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { createSearchClient, makeRouting, type SearchIslandConfig } from './client.ts';
import { productScheme, sortIndex, specAttribute, STOCK_VALUES, type SpecFilter } from './routing.ts';
import type { StaffView } from './staff.ts';
import { QueryIds, resultSetOf, trackSearchClick, type ResultsLike } from './tracking.ts';
import {
  ActiveFilters,
  FacetList,
  FilterDrawer,
  FiltersButton,
  Pages,
  PriceRange,
  SearchFailed,
  SearchField,
  SortSelect,
  StatsLine,
  ToggleFacet,
  useResultState,
  type FacetLabels,
} from './widgets.tsx';
import { EnergyArrow, type EnergyFields } from '../EnergyArrow.tsx';
import { useLivePrices, type LiveHit } from './live-prices.ts';
import { renderInTransitions, type Patchable } from './render-in-transitions.ts';
import { ENERGY_FACET_LIMIT, HITS_PER_PAGE, SEARCH_FIELD } from './page-layout.ts';
import './search.css';

type ProductDoc = {
  name: string;
  brand: string;
  productType: string;
  price: number;
  listPrice: number;
  discounted: boolean;
  stockState: 'inStock' | 'backorder' | 'outOfStock';
  image?: string;
  url?: string;
} & EnergyFields;

/** The stock states' labels for the current-refinements chips. */
const STOCK_FACET_LABELS: Record<string, string> = Object.fromEntries(
  Object.keys(STOCK_VALUES).map((state) => [state, stockStateLabel(state)]),
);
/** Until the app state says otherwise (staff.ts is loaded on demand, so it is not imported here). */
const GUEST_VIEW: StaffView = { shopOnlyFilter: false, shopPrices: null };
const NO_FILTERS: readonly SpecFilter[] = [];
const LABELS: FacetLabels = {
  attributes: {
    brand: 'Merk',
    category: 'Categorie',
    stockState: 'Voorraad',
    tags: 'Kenmerk',
    energyLabel: 'Energieklasse',
    price: 'Prijs',
    shopOnly: 'Alleen in de winkel',
  },
  values: { stockState: STOCK_FACET_LABELS, shopOnly: { true: 'ja' } },
};

/** Energy classes in the label's order, best first (A+++ … G), not by count or alphabet. */
const bestClassFirst = (a: { name: string }, b: { name: string }) =>
  (ENERGY_CLASSES as readonly string[]).indexOf(a.name) - (ENERGY_CLASSES as readonly string[]).indexOf(b.name);

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Price and stock are the live ones once known (live-prices.ts); an old price gone since indexing keeps its box.
function ProductCard({ hit, live, shopPrice, onOpen }: { hit: Hit<ProductDoc>; live?: LiveHit; shopPrice?: number; onOpen: () => void }) {
  const oldPrice = hit.listPrice > hit.price ? hit.listPrice : undefined;
  const price = live?.price ?? hit.price;
  const stockState = live?.stockState ?? hit.stockState;
  const oldGone = live !== undefined && live.listPrice <= live.price;
  return (
    <article className="card search-hit">
      <img
        src={hit.image ?? '/images/products/placeholder.svg'}
        width={200}
        height={200}
        alt={`${capital(hit.productType)} van ${hit.brand}`}
        loading="lazy"
        decoding="async"
      />
      <h3>
        <a href={hit.url} onClick={onOpen} onAuxClick={onOpen}>
          <Highlight attribute="brand" hit={hit} /> <Highlight attribute="name" hit={hit} />
        </a>
      </h3>
      <p className="card-price">
        {hit.discounted && (
          <>
            <span className="tag">Actie</span>{' '}
          </>
        )}
        {oldPrice !== undefined && (
          <>
            <span className="price-old" style={oldGone ? { visibility: 'hidden' } : undefined}>
              <span className="sr-only">Van </span>
              {formatEuro(live?.listPrice ?? oldPrice)}
            </span>{' '}
            <span className="sr-only">voor </span>
          </>
        )}
        <span className="price">{formatEuro(price)}</span>
      </p>
      <EnergyArrow doc={hit} />
      {shopPrice !== undefined && <p className="card-note shop-price">Winkelprijs {formatEuro(shopPrice)}</p>}
      <p className={`card-stock ${stockState === 'inStock' ? 'ok' : 'warn'}`}>{live?.stockLabel ?? stockStateLabel(stockState)}</p>
    </article>
  );
}

function ProductHits({ staff, queryIds }: { staff: StaffView; queryIds: QueryIds }) {
  const { items, results } = useHits<ProductDoc>();
  const itemIds = items.map((hit) => hit.objectID);
  const live = useLivePrices(itemIds);
  if (!results || items.length === 0) return null;
  const set = resultSetOf(results as ResultsLike, queryIds);
  return (
    <>
      <h2 className="sr-only">Resultaten</h2>
      <ol className="grid search-hits">
        {items.map((hit, indexOnPage) => (
          <li key={hit.objectID}>
            <ProductCard
              hit={hit}
              live={live.get(hit.objectID)}
              shopPrice={staff.shopPrices?.get(hit.objectID)}
              onOpen={() => trackSearchClick({ ...set, indexOnPage, itemIds, objectId: hit.objectID })}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

/** An editor's banner for this search (content/search/curations.yaml `metadata.banner`, returned by the engine). */
function CurationBanner() {
  const { items } = useQueryRules();
  const banners = items
    .map((item) => (item as { banner?: unknown }).banner)
    .filter((banner): banner is string => typeof banner === 'string' && banner !== '');
  if (banners.length === 0) return null;
  return (
    <div className="panel search-banner" role="note">
      {banners.map((banner) => (
        <p key={banner}>{banner}</p>
      ))}
    </div>
  );
}

/** SPEC §8: no results for the search term, with hints and ways on. */
function NoResults({ query }: { query: string }) {
  return (
    <div className="panel search-empty">
      <h2>{query ? `Geen resultaten voor “${query}”` : 'Geen resultaten gevonden'}</h2>
      <p>We konden niets vinden dat past bij je zoekopdracht. Misschien helpt een van deze tips:</p>
      <ul>
        <li>Controleer of alle woorden goed gespeld zijn.</li>
        <li>Maak je zoekterm minder specifiek, bijvoorbeeld “vaatwasser” in plaats van een typenummer.</li>
        <li>Wis een of meer filters, als je die hebt gekozen.</li>
      </ul>
      <p className="btns">
        <a className="btn" href="/productgroepen/">
          Bekijk alle apparatuur
        </a>
        <a className="btn secondary" href="/">
          Naar de homepage
        </a>
      </p>
    </div>
  );
}

function Results({ staff, queryIds }: { staff: StaffView; queryIds: QueryIds }) {
  const { loaded, empty, failed, query } = useResultState();
  if (failed) return <SearchFailed />;
  if (!loaded) return <p className="search-loading">Zoeken…</p>;
  if (empty) return <NoResults query={query} />;
  return <ProductHits staff={staff} queryIds={queryIds} />;
}

/** Placed first inside <InstantSearch>: its answers render in transitions (render-in-transitions.ts). */
function RenderAnswersInTransitions() {
  const search = useInstantSearchContext() as unknown as Patchable;
  useState(() => renderInTransitions(search));
  return null;
}

/** Calls `onAnswer` once the first answer is on screen (the search page swaps its first answer for the widgets then). */
function FirstAnswer({ onAnswer }: { onAnswer: () => void }) {
  const { loaded, failed } = useResultState();
  useEffect(() => {
    if (loaded || failed) onAnswer();
  }, [loaded, failed, onAnswer]);
  return null;
}

/**
 * A category whose products alone are searched (a category page's filters): no category facet then, and its own
 * specification filters (categories.yaml `filters`) after the brand.
 */
export type FixedCategory = { slug: string; name: string; filters?: readonly SpecFilter[] };

export default function ProductSearch({
  config,
  category,
  onFirstAnswer,
}: {
  config: SearchIslandConfig;
  category?: FixedCategory;
  /** Called once the widgets show their first answer (or its error). */
  onFirstAnswer?: () => void;
}) {
  const searchClient = useMemo(() => createSearchClient(config), [config]);
  const specFilters = category?.filters ?? NO_FILTERS;
  const scheme = useMemo(() => productScheme(config.collection, specFilters), [config.collection, specFilters]);
  const labels = useMemo(
    () => ({
      ...LABELS,
      attributes: { ...LABELS.attributes, ...Object.fromEntries(specFilters.map((f) => [specAttribute(f.key), f.title])) },
    }),
    [specFilters],
  );
  const routing = useMemo(() => makeRouting(scheme), [scheme]);
  const sorts = useMemo(
    () => scheme.sorts!.map((s) => ({ value: sortIndex(config.collection, s), label: s.label })),
    [scheme, config.collection],
  );
  const [queryIds] = useState(() => new QueryIds());
  const [staff, setStaff] = useState<StaffView>(GUEST_VIEW);

  useEffect(() => {
    let live = true;
    // After the first render and off the critical path: the app state (and, for staff, shop prices).
    void import('./staff.ts')
      .then(({ loadStaffView }) => loadStaffView())
      .then((view) => live && setStaff(view))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  return (
    <IslandBoundary>
      <InstantSearch
        searchClient={searchClient}
        indexName={config.collection}
        routing={routing}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <RenderAnswersInTransitions />
        {/* `filters` (Typesense's filter_by syntax) stays under every refinement, unlike facetFilters, which they replace. */}
        <Configure hitsPerPage={HITS_PER_PAGE} {...(category ? { filters: `categorySlug:=[\`${category.slug}\`]` } : {})} />
        <SearchField
          label={category ? `Zoek in ${category.name.toLowerCase()}` : SEARCH_FIELD.label}
          placeholder={category ? 'Bijvoorbeeld een merk of typenummer' : SEARCH_FIELD.placeholder}
        />
        <div className="search-layout">
          <FilterDrawer>
            <FacetList attribute="brand" title="Merk" />
            {specFilters.map((f) => (
              <FacetList key={f.key} attribute={specAttribute(f.key)} title={f.title} />
            ))}
            {!category && <FacetList attribute="category" title="Categorie" />}
            <FacetList attribute="stockState" title="Voorraad" format={(state) => stockStateLabel(state) || state} />
            <FacetList attribute="tags" title="Kenmerken" />
            <FacetList attribute="energyLabel" title="Energieklasse" limit={ENERGY_FACET_LIMIT} sortBy={bestClassFirst} />
            <PriceRange attribute="price" title="Prijs" />
            <ToggleFacet attribute="shopOnly" title="Winkel" label="Alleen in de winkel" visible={staff.shopOnlyFilter} />
          </FilterDrawer>
          <section className="search-results" aria-label="Zoekresultaten">
            <div className="search-toolbar">
              <StatsLine />
              <FiltersButton />
              <SortSelect items={sorts} />
            </div>
            <ActiveFilters labels={labels} />
            <CurationBanner />
            <Results staff={staff} queryIds={queryIds} />
            <Pages />
          </section>
        </div>
        {onFirstAnswer && <FirstAnswer onAnswer={onFirstAnswer} />}
      </InstantSearch>
    </IslandBoundary>
  );
}

// Showroom kitchens on /keukens/showroomkeukens/ (client:only; the page's server HTML lists them for visitors
// without JavaScript): instant search over v3_keukens limited to showroom kitchens, with style and colour
// filters, the state in the address (?stijl=…&kleur=…), and the SPEC §8 showroom empty state when nothing is for
// sale or nothing matches.
import { useMemo, useState } from 'react';
import { Configure, Highlight, InstantSearch, useHits } from 'react-instantsearch';
import type { Hit } from 'instantsearch.js';
import { formatEuro } from '../../domain/money.ts';
import { kitchenImageAlt } from '../../lib/kitchen-style.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';
import { createSearchClient, makeRouting, type SearchIslandConfig } from './client.ts';
import { showroomScheme } from './routing.ts';
import { QueryIds, resultSetOf, trackSearchClick, type ResultsLike } from './tracking.ts';
import {
  ActiveFilters,
  FacetList,
  FilterDrawer,
  FiltersButton,
  Pages,
  SearchFailed,
  SearchField,
  StatsLine,
  useResultState,
  type FacetLabels,
} from './widgets.tsx';
import './search.css';

const HITS_PER_PAGE = 12;
const SHOWROOM_FILTER = 'showroom:=true';

type KitchenDoc = {
  name: string;
  style: string;
  layout: string;
  colour: string;
  price: number;
  oldPrice?: number;
  newPrice?: number;
  discountPercent?: number;
  image?: string;
  url?: string;
};

const LABELS: FacetLabels = { attributes: { style: 'Stijl', colour: 'Kleur' } };
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** SPEC §8: no showroom kitchens on sale (or none that match), come back later, large discounts. */
function ShowroomEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className="panel search-empty">
      <h2>{filtered ? 'Geen showroomkeuken gevonden die hierbij past' : 'Op dit moment geen showroomkeukens in de uitverkoop'}</h2>
      <p>
        {filtered ? 'Er is nu geen showroomkeuken in de uitverkoop die bij je keuze past. ' : ''}
        Onze showrooms worden regelmatig vernieuwd, dus kom gerust vaker terug: showroomkeukens gaan vaak weg met kortingen tot 70% of zelfs
        meer.
      </p>
      <p className="btns">
        <a className="btn" href="/keukens/">
          Bekijk al onze keukens
        </a>
      </p>
    </div>
  );
}

function KitchenCard({ hit, onOpen }: { hit: Hit<KitchenDoc>; onOpen: () => void }) {
  const onSale = hit.oldPrice !== undefined && hit.newPrice !== undefined;
  return (
    <article className="card search-hit">
      <img
        src={hit.image ?? `/images/kitchens/${hit.style}.svg`}
        alt={kitchenImageAlt(hit as Parameters<typeof kitchenImageAlt>[0])}
        width={400}
        height={260}
        loading="lazy"
        decoding="async"
      />
      <h3>
        <a href={hit.url} onClick={onOpen} onAuxClick={onOpen}>
          <Highlight attribute="name" hit={hit} />
        </a>
      </h3>
      <p>
        {capital(hit.layout)} · {hit.colour}
      </p>
      {onSale ? (
        <p className="card-price">
          {hit.discountPercent !== undefined && <span className="tag">-{hit.discountPercent}%</span>}{' '}
          <span className="price-old">
            <span className="sr-only">Van </span>
            {formatEuro(hit.oldPrice!)}
          </span>{' '}
          <span className="sr-only">voor </span>
          <span className="price">{formatEuro(hit.newPrice!)}</span>
        </p>
      ) : (
        <p className="card-price">
          Vanaf <span className="price">{formatEuro(hit.price)}</span>
        </p>
      )}
    </article>
  );
}

function KitchenHits({ queryIds }: { queryIds: QueryIds }) {
  const { items, results } = useHits<KitchenDoc>();
  if (!results || items.length === 0) return null;
  const set = resultSetOf(results as ResultsLike, queryIds);
  const itemIds = items.map((hit) => hit.objectID);
  return (
    <>
      <h2 className="sr-only">Showroomkeukens</h2>
      <ol className="grid search-hits kitchens">
        {items.map((hit, indexOnPage) => (
          <li key={hit.objectID}>
            <KitchenCard hit={hit} onOpen={() => trackSearchClick({ ...set, indexOnPage, itemIds, objectId: hit.objectID })} />
          </li>
        ))}
      </ol>
    </>
  );
}

function Results({ queryIds }: { queryIds: QueryIds }) {
  const { loaded, empty, failed, query } = useResultState();
  const { results } = useHits<KitchenDoc>();
  if (failed) return <SearchFailed />;
  if (!loaded) return <p className="search-loading">Showroomkeukens laden…</p>;
  if (empty) {
    const state = results?._state as { disjunctiveFacetsRefinements?: Record<string, string[]> } | undefined;
    const refined = Object.values(state?.disjunctiveFacetsRefinements ?? {}).some((values) => values.length > 0);
    return <ShowroomEmpty filtered={!!query || refined} />;
  }
  return <KitchenHits queryIds={queryIds} />;
}

export default function ShowroomSearch({ config }: { config: SearchIslandConfig }) {
  const searchClient = useMemo(() => createSearchClient(config), [config]);
  const routing = useMemo(() => makeRouting(showroomScheme(config.collection)), [config.collection]);
  const [queryIds] = useState(() => new QueryIds());
  return (
    <IslandBoundary>
      <InstantSearch
        searchClient={searchClient}
        indexName={config.collection}
        routing={routing}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <Configure hitsPerPage={HITS_PER_PAGE} filters={SHOWROOM_FILTER} />
        <SearchField label="Zoek in de showroomkeukens" placeholder="Bijvoorbeeld eiken, greeploos of Delft" />
        <div className="search-layout">
          <FilterDrawer>
            <FacetList attribute="style" title="Stijl" format={capital} />
            <FacetList attribute="colour" title="Kleur" format={capital} />
          </FilterDrawer>
          <section className="search-results" aria-label="Showroomkeukens in de uitverkoop">
            <div className="search-toolbar">
              <StatsLine one="showroomkeuken" many="showroomkeukens" />
              <FiltersButton />
            </div>
            <ActiveFilters labels={LABELS} />
            <Results queryIds={queryIds} />
            <Pages />
          </section>
        </div>
      </InstantSearch>
    </IslandBoundary>
  );
}

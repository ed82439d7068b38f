// Building blocks shared by the search islands: search field, result count, sort select, price range, active
// filters, facet lists, the filter drawer (a native <dialog> on small screens, a side column from md up), the
// result-set query ids and the state of the last answer. Dutch texts and labels throughout.
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import {
  Pagination,
  RefinementList,
  useToggleRefinement,
  useClearRefinements,
  useCurrentRefinements,
  useInstantSearch,
  useRange,
  useSearchBox,
  useSortBy,
  useStats,
} from 'react-instantsearch';
import { formatEuro, parseEuro, plainEuros } from '../../domain/money.ts';
import { formatCount as count } from '../../domain/count.ts';
import { FACET_LIMIT, priceLimits } from './page-layout.ts';

const FILTERS_DIALOG_ID = 'zoekfilters';

/** The island's own search field: instant results as you type; Enter only closes the keyboard. */
export function SearchField({ label, placeholder }: { label: string; placeholder: string }) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // Follow changes made elsewhere (back button, clearing), but never while the shopper is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setValue(query);
  }, [query]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is announced as a search landmark everywhere; <search> is not yet
    <form
      className="search-field"
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        refine(value);
        input.current?.blur();
      }}
    >
      <label htmlFor={id}>{label}</label>
      <div className="search-field-row">
        <input
          ref={input}
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            refine(event.currentTarget.value);
          }}
        />
        <button type="submit" className="btn">
          Zoeken
        </button>
      </div>
    </form>
  );
}

/** Whether there is an answer yet, whether it is empty, and whether the last search failed. */
export function useResultState() {
  const { results, status } = useInstantSearch({ catchError: true });
  const loaded = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  const query = results?.query && results.query !== '*' ? results.query : '';
  return { loaded, empty: loaded && results.nbHits === 0, failed: status === 'error', query };
}

/** '38 resultaten voor "vaatwasser"', read out when it changes. */
export function StatsLine({ one = 'resultaat', many = 'resultaten' }: { one?: string; many?: string }) {
  const { nbHits } = useStats();
  const { loaded, query } = useResultState();
  return (
    <p className="search-stats" role="status">
      {loaded ? `${count(nbHits, one, many)}${query ? ` voor “${query}”` : ''}` : ''}
    </p>
  );
}

export function SortSelect({ items }: { items: { value: string; label: string }[] }) {
  const { currentRefinement, options, refine } = useSortBy({ items });
  const id = useId();
  return (
    <div className="search-sort">
      <label htmlFor={id}>Sorteren op</label>
      <select id={id} value={currentRefinement} onChange={(event) => refine(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A number field's euros ("800", "99.95") as cents; empty or no amount is no limit. */
const centsOf = (text: string): number | undefined => parseEuro(text, { point: 'decimal' }) ?? undefined;

/** A price range in whole euros over a facet in cents; values outside the results' range mean "no limit". */
export function PriceRange({ attribute, title }: { attribute: string; title: string }) {
  const { start, range, refine, canRefine } = useRange({ attribute });
  const [lo, hi] = start;
  const [from, setFrom] = useState(plainEuros(lo));
  const [to, setTo] = useState(plainEuros(hi));
  useEffect(() => {
    setFrom(plainEuros(lo));
    setTo(plainEuros(hi));
  }, [lo, hi]);
  const id = useId();
  const min = range.min ?? 0;
  const max = range.max ?? 0;
  return (
    <section className="facet" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="facet-title">
        {title}
      </h2>
      <form
        className="price-range"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          refine(priceLimits(centsOf(from), centsOf(to), min, max));
        }}
      >
        <label>
          <span>Van €</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={1}
            value={from}
            placeholder={plainEuros(min)}
            aria-label="Minimale prijs in euro"
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </label>
        <label>
          <span>tot €</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={1}
            value={to}
            placeholder={plainEuros(max)}
            aria-label="Maximale prijs in euro"
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </label>
        <button type="submit" className="btn secondary" disabled={!canRefine && lo === undefined && hi === undefined}>
          Prijs toepassen
        </button>
      </form>
    </section>
  );
}

export type FacetLabels = {
  attributes: Readonly<Record<string, string>>;
  /** Labels of facet values per attribute (e.g. stock states). */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

function refinementLabel(
  labels: FacetLabels,
  r: { attribute: string; type: string; value: string | number; label: string; operator?: string },
): string {
  if (r.type === 'numeric' && typeof r.value === 'number') {
    return `${r.operator === '<=' ? 'tot en met' : r.operator === '>=' ? 'vanaf' : (r.operator ?? '')} ${formatEuro(r.value)}`;
  }
  if (r.type === 'disjunctive' || r.type === 'facet') return labels.values?.[r.attribute]?.[String(r.value)] ?? r.label;
  if (r.type === 'tag' || String(r.value) === 'true') return 'ja';
  return r.label;
}

/** The active filters as buttons that remove them, and a button that removes them all (the query stays). */
export function ActiveFilters({ labels }: { labels: FacetLabels }) {
  const { items, refine } = useCurrentRefinements();
  const { canRefine, refine: clearAll } = useClearRefinements();
  if (!canRefine) return null;
  return (
    <div className="active-filters">
      <h2 className="sr-only">Actieve filters</h2>
      <ul>
        {items.flatMap((item) =>
          item.refinements.map((r) => {
            const what = `${labels.attributes[item.attribute] ?? item.label}: ${refinementLabel(labels, r)}`;
            return (
              <li key={`${item.attribute}-${r.operator ?? ''}-${String(r.value)}`}>
                <button type="button" className="chip" onClick={() => refine(r)}>
                  {what}
                  <span aria-hidden="true"> ×</span>
                  <span className="sr-only"> (filter verwijderen)</span>
                </button>
              </li>
            );
          }),
        )}
      </ul>
      <button type="button" className="link-button" onClick={clearAll}>
        Alle filters wissen
      </button>
    </div>
  );
}

/** One facet as a list of checkboxes with counts. */
export function FacetList({
  attribute,
  title,
  format,
  limit = FACET_LIMIT,
  sortBy = ['count:desc', 'name:asc'],
}: {
  attribute: string;
  title: string;
  format?: (value: string) => string;
  limit?: number;
  /** The order of the values: by count by default, or a comparison of their own (energy classes best first). */
  sortBy?: ComponentProps<typeof RefinementList>['sortBy'];
}) {
  const id = useId();
  return (
    <section className="facet" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="facet-title">
        {title}
      </h2>
      <RefinementList
        attribute={attribute}
        limit={limit}
        showMore
        showMoreLimit={50}
        sortBy={sortBy}
        transformItems={format ? (items) => items.map((item) => ({ ...item, label: format(item.value) })) : undefined}
        translations={{ showMoreButtonText: ({ isShowingMore }) => (isShowingMore ? 'Minder tonen' : 'Meer tonen') }}
      />
    </section>
  );
}

/** The filters: a side column from md up, a modal drawer below (opened by FiltersButton; Escape closes). */
export function FilterDrawer({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { nbHits } = useStats();
  const { loaded } = useResultState();
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      id={FILTERS_DIALOG_ID}
      className="search-filters"
      // Until the first answer the facets stay out of sight (mounted, so they keep the address's refinements): shown
      // one by one as their values arrive, the ones below would move (layout shift).
      data-loading={loaded ? undefined : ''}
      aria-labelledby={`${FILTERS_DIALOG_ID}-title`}
      // Back to the button that opened the drawer (also after Escape).
      onClose={() => document.querySelector<HTMLElement>(`[aria-controls="${FILTERS_DIALOG_ID}"]`)?.focus()}
    >
      <div className="filters-head">
        <h2 id={`${FILTERS_DIALOG_ID}-title`}>Filters</h2>
        <button type="button" className="filters-close" onClick={close}>
          Sluiten
        </button>
      </div>
      {children}
      <button type="button" className="btn filters-done" onClick={close}>
        Toon {count(nbHits, 'resultaat', 'resultaten')}
      </button>
    </dialog>
  );
}

export function FiltersButton() {
  return (
    <button
      type="button"
      className="btn secondary filters-open"
      aria-haspopup="dialog"
      aria-controls={FILTERS_DIALOG_ID}
      onClick={() => (document.getElementById(FILTERS_DIALOG_ID) as HTMLDialogElement | null)?.showModal()}
    >
      Filters
    </button>
  );
}

export function SearchFailed() {
  return (
    <p className="island-error" role="alert">
      Zoeken lukt op dit moment niet. Probeer het over een paar seconden nog eens.
    </p>
  );
}

/**
 * A yes/no facet (e.g. shop-only products). The refinement is always registered, so a state from the address
 * (?winkel=alleen) is kept while the permission is still loading; the checkbox shows only when `visible`.
 */
export function ToggleFacet({ attribute, title, label, visible }: { attribute: string; title: string; label: string; visible: boolean }) {
  const { value, refine } = useToggleRefinement({ attribute, on: true });
  const id = useId();
  if (!visible) return null;
  return (
    <section className="facet" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="facet-title">
        {title}
      </h2>
      <label>
        <input type="checkbox" checked={value.isRefined} onChange={() => refine({ isRefined: value.isRefined })} />
        <span>{label}</span>
      </label>
    </section>
  );
}

/**
 * The page links, a navigation landmark of their own; the current page's link has aria-current="page". Always
 * mounted, also while loading or empty (then hidden): a page from the address (?pagina=2) only takes effect when
 * the pagination widget is there for the first search.
 */
export function Pages() {
  const { loaded, empty, failed } = useResultState();
  return (
    <nav aria-label="Pagina's" hidden={!loaded || empty || failed}>
      <Pagination
        className="search-pages"
        padding={2}
        translations={{
          firstPageItemText: '«',
          previousPageItemText: '‹',
          nextPageItemText: '›',
          lastPageItemText: '»',
          pageItemText: ({ currentPage }) => String(currentPage),
          firstPageItemAriaLabel: 'Eerste pagina',
          previousPageItemAriaLabel: 'Vorige pagina',
          nextPageItemAriaLabel: 'Volgende pagina',
          lastPageItemAriaLabel: 'Laatste pagina',
          pageItemAriaLabel: ({ currentPage }) => `Pagina ${currentPage}`,
        }}
      />
    </nav>
  );
}

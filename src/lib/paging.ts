// Long lists (a category's products, a brand's, the offers) as static pages of PAGE_SIZE: the first at the list's own
// path, the next ones at {path}pagina/{n}/. Pure, so pages, the sitemap and tests agree on every path.
export const PAGE_SIZE = 48;

export type Paged<T> = {
  items: readonly T[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
  /** The path of each page, index 0 for page 1. */
  path: (page: number) => string;
};

/** The path of page `page` of the list at `base` (which ends in '/'). */
export function pagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}pagina/${page}/`;
}

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Page `page` of `items`; an out-of-range page throws, since the build only makes the pages that exist. */
export function pageOf<T>(items: readonly T[], page: number, base: string, size = PAGE_SIZE): Paged<T> {
  const pages = pageCount(items.length, size);
  if (!Number.isInteger(page) || page < 1 || page > pages) throw new RangeError(`page ${page} of ${base} does not exist (${pages} pages)`);
  return { items: items.slice((page - 1) * size, page * size), page, pages, total: items.length, path: (n) => pagePath(base, n) };
}

/** The follow-up pages (2 and up) of a list, for getStaticPaths. */
export function followUpPages(total: number, size = PAGE_SIZE): number[] {
  return Array.from({ length: pageCount(total, size) - 1 }, (_, i) => i + 2);
}

/** A page's title and meta description: the list's own on page 1, with the page number after it on the others. */
export function pageTitle(title: string, paged: Pick<Paged<unknown>, 'page' | 'pages'>): string {
  return paged.page === 1 ? title : `${title} – pagina ${paged.page} van ${paged.pages}`;
}

// The Cache-Control policies of the shop's answers, in one place. What a CDN in front of the shop may keep follows
// from these (docs/cdn.md); change them here, not in the handlers.

/** How long a CDN may serve a prerendered page (or other unhashed static file) without asking the shop again. */
const CDN_FRESH_SECONDS = 300;
/**
 * After that, how long a CDN may still serve its copy while it revalidates in the background: a day, so a page stays
 * fast (and up) when the shop is slow or briefly down, and a new build reaches every visitor within a request or two.
 */
const CDN_STALE_SECONDS = 86_400;

export const CACHE_CONTROL = Object.freeze({
  /** Files whose name carries a hash of their content (/_astro/…): a new build gives a new name. */
  immutable: 'public, max-age=31536000, immutable',
  /**
   * Prerendered pages and other unhashed static files (/_app/…, images, robots.txt, sitemaps): browsers revalidate
   * on every use (a 304 when nothing changed), CDNs keep them CDN_FRESH_SECONDS and then revalidate, serving the
   * stale copy meanwhile.
   */
  revalidated: `public, max-age=0, s-maxage=${CDN_FRESH_SECONDS}, stale-while-revalidate=${CDN_STALE_SECONDS}`,
  /** API answers by default, pages rendered on demand (orders, payments, the back office): never kept anywhere. */
  noStore: 'no-store',
  /** Answers about one person (staff lists, downloads): never kept, and never by a shared cache. */
  privateNoStore: 'private, no-store',
  /** Catalogue answers of the API: briefly, by browsers and CDNs alike. */
  catalogue: 'public, max-age=60',
  /** A rewrite of an old address (301): an editor may change it, so browsers ask again after an hour, CDNs keep a day. */
  rewrite: 'public, max-age=3600, s-maxage=86400',
  /** Stock and other figures that change often. */
  catalogueShort: 'public, max-age=10',
});

/** The policy of a static file of the build, by its URL path. */
export function staticCacheControl(urlPath: string): string {
  return urlPath.startsWith('/_astro/') ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidated;
}

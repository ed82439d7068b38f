// The Cache-Control policies of the shop's answers, in one place. What a CDN in front of the shop may keep follows
// from these (docs/cdn.md, tested behind Varnish by tests/api/edge-cache.test.ts); change them here, not in the
// handlers.

/** How long a CDN may serve a prerendered page (or other unhashed static file) without asking the shop again. */
const CDN_FRESH_SECONDS = 300;
/**
 * After that, how long a CDN may still serve its copy while it revalidates in the background: a minute, so a page
 * visited once in a while is fetched anew rather than shown with old prices (a day here would show a rarely visited
 * product page a day late to its first visitor).
 */
const CDN_REVALIDATE_SECONDS = 60;
/** How long a CDN may serve its copy while the shop answers errors or not at all: a day, so the shop stays browsable. */
const CDN_STALE_IF_ERROR_SECONDS = 86_400;
/** How long a CDN may keep the 404 page of an address: a minute, so a page published since soon stops being "not found". */
const CDN_NOT_FOUND_SECONDS = 60;

export const CACHE_CONTROL = Object.freeze({
  /** Files whose name carries a hash of their content (/_astro/…, /_app/…-HASH.js): a new build gives a new name. */
  immutable: 'public, max-age=31536000, immutable',
  /**
   * Prerendered pages and other unhashed static files (/_app/…, images, robots.txt, sitemaps): browsers revalidate
   * on every use (a 304 when nothing changed), CDNs keep them CDN_FRESH_SECONDS, may serve them stale a little
   * longer while they revalidate, and a day longer while the shop is down.
   */
  revalidated: `public, max-age=0, s-maxage=${CDN_FRESH_SECONDS}, stale-while-revalidate=${CDN_REVALIDATE_SECONDS}, stale-if-error=${CDN_STALE_IF_ERROR_SECONDS}`,
  /** The 404 page: browsers ask again every time, CDNs keep it a minute (the same for everyone, so cheap to share). */
  notFound: `public, max-age=0, s-maxage=${CDN_NOT_FOUND_SECONDS}`,
  /** API answers by default, pages rendered on demand (orders, payments, the back office): never kept anywhere. */
  noStore: 'no-store',
  /** Answers about one person (staff lists, downloads): never kept, and never by a shared cache. */
  privateNoStore: 'private, no-store',
  /** Catalogue answers of the API: briefly, by browsers and CDNs alike. */
  catalogue: 'public, max-age=60',
  /** A rewrite of an old address (301): an editor may change it, so browsers ask again after an hour, CDNs keep a day. */
  rewrite: 'public, max-age=3600, s-maxage=86400',
  /**
   * Price, stock and first delivery day that pages fetch after load: browsers keep them 10 s, a CDN a minute and then
   * serves its copy for another minute while it asks again, so the edge carries the load of every page view.
   */
  timeSensitive: 'public, max-age=10, s-maxage=60, stale-while-revalidate=60',
});

/**
 * A file under /_app/ named by esbuild's `[name]-[hash]` (the search's chunks, src/integrations/typesense-dev.ts):
 * eight characters of its hash alphabet (upper-case letters and digits) before the extension. The entry scripts
 * there (/_app/overlays/mega-menu.js, /_app/media/gallery.js, …) keep one name across builds and are revalidated.
 */
const HASHED_APP_FILE = /^\/_app\/(?:[^/]+\/)*[^/]+-[A-Z0-9]{8}\.(?:js|css)$/;

/** The policy of a static file of the build, by its URL path. */
export function staticCacheControl(urlPath: string): string {
  return urlPath.startsWith('/_astro/') || HASHED_APP_FILE.test(urlPath) ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidated;
}

/**
 * A page or endpoint rendered on demand (src/middleware.ts) that names no policy of its own: `no-store`. Such an
 * answer is made per request, for one visitor (a redirect after a back-office form, a Mijn keuken log-in), so a
 * shared cache must never keep it; a page that may be shared says so itself.
 */
export function withOnDemandPolicy(response: Response): Response {
  if (response.headers.has('cache-control')) return response;
  try {
    response.headers.set('cache-control', CACHE_CONTROL.noStore);
    return response;
  } catch {
    // Headers of Response.redirect() are immutable: the same answer with a copy of them.
    const headers = new Headers(response.headers);
    headers.set('cache-control', CACHE_CONTROL.noStore);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

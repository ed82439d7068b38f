// PUT /api/catalog/feed/ (docs/api.md): an integration (X-Integration-Key) or an admin sends a catalogue feed, a JSON
// array in the API's shapes (integer cents) or a CSV file (decimal euros). The whole feed is checked first; one
// problem refuses it (422, each problem naming its row and field in Dutch) and nothing is stored. `?dryRun=true`
// checks only. Otherwise it is stored in chunks and merged into this process's catalogue at once; the other instances
// read it within about a second (live.ts).
import { FEED_LIMITS } from '../../domain/catalog-feed.ts';
import { ApiError } from '../../domain/errors.ts';
import type { Handler } from '../http/context.ts';
import { integrationOrStaff } from '../http/integration-keys.ts';
import { json } from '../http/reply.ts';
import { now } from '../runtime/clock.ts';
import { getStorage } from '../storage/index.ts';
import { applyFeed, changesOf } from './feed.ts';
import { feedFormatOf, readFeedBody } from './feed-body.ts';
import { checkFeed, feedContext } from './feed-parse.ts';
import { type CatalogAccess, currentCatalog, liveFieldsOf, refreshLiveCatalog, setCatalogAccess } from './live.ts';

/** How long the body of a feed may take to arrive (20 MB on a slow line). */
const FEED_BODY_TIMEOUT_MS = 120_000;

function dryRunOf(value: string | null): boolean {
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw new ApiError(422, 'Niet alle gegevens zijn juist ingevuld.', [{ field: 'dryRun', errorMessage: 'Kies true of false.' }]);
}

/** The handler, with the catalogue it checks against and merges into (content/catalog.ts, handed over by routes.ts). */
export function catalogFeed(catalog: CatalogAccess): Handler {
  setCatalogAccess(catalog);
  return async (request) => {
    const caller = integrationOrStaff(request, 'feedCatalog');
    const dryRun = dryRunOf(request.url.searchParams.get('dryRun'));
    const format = feedFormatOf(request.headers.get('content-type'));
    const bytes = await readFeedBody(request.bodyStream, request.headers.get('content-length'), FEED_LIMITS.apiBytes, FEED_BODY_TIMEOUT_MS);
    // Other instances' feeds first: the checks (discounts below the price) compare with what the shop shows.
    await refreshLiveCatalog();
    const check = await checkFeed(bytes, format, feedContext(currentCatalog(), now()));
    if (check.problems.length > 0) {
      const count = check.problems.length;
      throw new ApiError(
        422,
        `De feed is geweigerd (${count}${count === FEED_LIMITS.problems ? ' of meer' : ''} ${count === 1 ? 'probleem' : 'problemen'}); er is niets opgeslagen.`,
        check.problems.map((p) => ({ field: p.field, errorMessage: p.message })),
      );
    }
    const rows = check.rows.length;
    if (dryRun) return json({ feedId: null, rows, changed: changesOf(check.rows, liveFieldsOf), dryRun });
    const by = caller.kind === 'integration' ? `integration:${caller.name}` : `staff:${caller.sub}`;
    const { feedId, changed } = await applyFeed(getStorage(), check.rows, by, now);
    await refreshLiveCatalog();
    return json({ feedId, rows, changed, dryRun });
  };
}

// Applies a catalogue feed (prices, discounts, stock, expired, shopOnly; format in docs/api.md, "Catalogue feed")
// from a file to the shop's database, as PUT /api/catalog/feed/ does:
//
//   npm run catalog:feed -- FILE.csv|FILE.json [--dry-run]
//
// The whole file is checked first; one problem refuses it (the problems, in Dutch, name line and field) and nothing
// is stored. Otherwise the rows are written in short transactions of 1,000; running servers pick the values up within
// a few seconds (they read on from the last change they saw). The values are absolute: after a crash half-way, run
// the same file again. Uses DATABASE_URL, or SQLite in $SHOP_DATA_DIR, and the catalogue of CONTENT_DIR (CATALOG_DIR).
// Progress on stderr (rows checked, rows applied), a summary at the end. Exit code 0: applied (or, with --dry-run,
// valid); 1: refused; 2: wrong arguments.
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { FEED_LIMITS } from '../src/domain/catalog-feed.ts';
import { applyFeed, changesOf } from '../src/server/catalog/feed.ts';
import { checkFeed, feedContext } from '../src/server/catalog/feed-parse.ts';
import { currentCatalog, liveFieldsOf, refreshLiveCatalog, setCatalogAccess } from '../src/server/catalog/live.ts';
import { getCatalog, replaceCatalogProducts } from '../src/server/content/catalog.ts';
import { closeStorage, getStorage } from '../src/server/storage/index.ts';
import { fileCommand, refuse } from './lib/file-command.ts';
import { progress } from './lib/progress.ts';

const USAGE = 'Usage: npm run catalog:feed -- FILE.csv|FILE.json [--dry-run]';
const number = new Intl.NumberFormat('nl-NL');

const heading = (count: number) => `Er is niets opgeslagen: ${count} ${count === 1 ? 'probleem' : 'problemen'} in de feed.`;
const { file, format, dryRun } = await fileCommand(FEED_LIMITS.fileBytes, {
  usage: USAGE,
  heading,
  missing: (name) => `${name}: dit bestand bestaat niet`,
  tooLarge: (name, megabytes) => `${name}: groter dan ${megabytes} MB; splits de feed`,
});

const bar = progress();
try {
  setCatalogAccess({ current: getCatalog, replaceProducts: replaceCatalogProducts });
  // The values stored already count for the checks (discounts below the price) and for what changes.
  await refreshLiveCatalog();
  const check = await checkFeed(await readFile(file), format, feedContext(currentCatalog(), new Date()), (done) =>
    bar.update('Gecontroleerd', done, null),
  );
  bar.finish([]);
  if (check.problems.length > 0) {
    await closeStorage();
    refuse(
      heading(check.problems.length),
      check.problems.map((p) => p.message),
    );
  }
  const rows = check.rows.length;
  if (dryRun) {
    const changed = changesOf(check.rows, liveFieldsOf);
    bar.finish([
      `${number.format(rows)} regels zijn in orde; ${number.format(changed)} artikelen zouden veranderen. Niets opgeslagen (--dry-run).`,
    ]);
  } else {
    const started = performance.now();
    const { feedId, changed } = await applyFeed(
      getStorage(),
      check.rows,
      `cli:${userInfo().username}`,
      () => new Date(),
      (done) => bar.update('Toegepast', done, rows),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    bar.finish([
      `Feed ${feedId}: ${number.format(rows)} regels, ${number.format(changed)} artikelen gewijzigd, in ${seconds} s.`,
      'Draaiende servers nemen de nieuwe waarden binnen enkele seconden over.',
    ]);
  }
} finally {
  await closeStorage();
}

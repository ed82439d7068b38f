// Switches the shop between live and maintenance for every instance (docs/operations.md, "Maintenance mode"):
//
//   npm run shop-mode                  prints the mode
//   npm run shop-mode -- maintenance   cart and order writes get 503 with Retry-After, the pages say so
//   npm run shop-mode -- live          back to normal
//
// Uses the shop's storage (DATABASE_URL, or SQLite in $SHOP_DATA_DIR), as the running instances do; they follow
// within a few seconds. Exit code 0: done; 2: wrong arguments.
import { SHOP_MODES, type ShopMode } from '../src/domain/shop-mode.ts';
import { currentShopMode, SHOP_MODE_CACHE_MS, switchShopMode } from '../src/server/content/shop-mode.ts';
import { closeStorage } from '../src/server/storage/index.ts';

const [argument, ...rest] = process.argv.slice(2);
const isMode = (value: string): value is ShopMode => (SHOP_MODES as readonly string[]).includes(value);
if (rest.length > 0 || (argument !== undefined && !isMode(argument))) {
  console.error('Usage: npm run shop-mode -- [live|maintenance]');
  process.exit(2);
}
try {
  if (argument !== undefined && isMode(argument)) {
    const mode = await switchShopMode(argument);
    console.log(`The shop is ${mode}; every instance follows within ${SHOP_MODE_CACHE_MS / 1000} s.`);
  } else console.log(`The shop is ${await currentShopMode()}.`);
} finally {
  await closeStorage();
}

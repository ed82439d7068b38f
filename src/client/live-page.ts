// Built into /_app/live/prices.js (src/integrations/overlays.ts): loaded by a listing page's inline script
// (src/client/inline/live-prices.ts) only when a card's live values differ from the build's, it swaps the texts of
// those cards in place (src/client/live-dom.ts).
import { applyLiveAll } from './live-dom.ts';
import { liveProducts } from './live-prices.ts';

/** Shows the answers `items` of the batch route on the page's cards. */
export function show(items: readonly unknown[]): void {
  applyLiveAll(liveProducts(items));
}

// Inline after the product cards of a listing page (src/components/ProductGrid.astro): asks once for the
// time-sensitive data of every card on the page ([data-product-id]: the batch route, in chunks of 100) and
// swaps the texts that changed in place (src/client/live-dom.ts), so nothing moves. The static HTML is the first
// render; a failed request leaves it. (The product page does the same from its buy box, src/islands/BuyBox.tsx.)
import { fetchLive } from '../live-prices.ts';
import { applyLiveAll } from '../live-dom.ts';

const ids = Array.from(document.querySelectorAll<HTMLElement>('[data-product-id]'), (element) => Number(element.dataset.productId));
if (ids.length > 0) fetchLive(ids).then((found) => applyLiveAll(found));

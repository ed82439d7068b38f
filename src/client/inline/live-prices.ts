// Inline after the product cards of a listing page (src/components/ProductGrid.astro): asks once for the
// time-sensitive data of every card on the page ([data-product-id]: the batch route, in chunks of 100), and only when
// an answer differs from what the card was built with (data-live, src/client/live-fingerprint.ts) loads the code that
// swaps those texts in place (/_app/live/prices.js, src/client/live-page.ts), so nothing moves and a page whose
// prices did not change loads no script file. The static HTML is the first render; a failed request leaves it. (The
// product page does the same from its buy box, src/islands/BuyBox.tsx.)
import { liveFingerprint } from '../live-fingerprint.ts';
import type * as LivePage from '../live-page.ts';

type Answer = { data?: { items?: (Parameters<typeof liveFingerprint>[0] & { productId: number })[] } };

/** A module by its address under /_app/ (not bundled: a file of its own). */
const load = <T>(url: string): Promise<T> => import(url);

const cards = new Map<string, string | undefined>();
for (const card of document.querySelectorAll<HTMLElement>('[data-product-id]')) cards.set(card.dataset.productId!, card.dataset.live);
const ids = [...cards.keys()];
for (let at = 0; at < ids.length; at += 100)
  fetch(`/api/products/time-sensitive/?ids=${ids.slice(at, at + 100).join(',')}`, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  })
    .then((response) => (response.ok ? (response.json() as Promise<Answer>) : null))
    .then((answer) => {
      const changed = (answer?.data?.items ?? []).filter((item) => cards.get(String(item.productId)) !== liveFingerprint(item));
      if (changed.length > 0) load<typeof LivePage>('/_app/live/prices.js').then((page) => page.show(changed));
    })
    .catch(() => {});

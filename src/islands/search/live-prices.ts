// The live price and stock of a page of search hits: the index is as fresh as its last update, the time-sensitive
// route is the catalogue of the moment (src/client/live-prices.ts). One batch request per page of hits, keyed on
// their ids; answers are kept for the pages already seen. A failed request leaves the hits as the index has them.
import { useEffect, useState } from 'react';
import { fetchLive, type LiveProduct } from '../../client/live-prices.ts';
import { priceAfterCashDesk } from '../../domain/pricing.ts';

export type LiveHit = { price: number; listPrice: number; stockState: LiveProduct['stock']['state']; stockLabel: string };

/** The live values by hit id (the product id as a string) of the hits asked for and of earlier pages. */
export function useLivePrices(hitIds: readonly string[]): ReadonlyMap<string, LiveHit> {
  const [known, setKnown] = useState<ReadonlyMap<string, LiveHit>>(() => new Map());
  const key = hitIds.join(',');
  useEffect(() => {
    const ids = key
      .split(',')
      .filter((id) => /^[1-9]\d{0,9}$/.test(id))
      .map(Number);
    if (ids.length === 0) return;
    const controller = new AbortController();
    void fetchLive(ids, controller.signal).then((found) => {
      if (controller.signal.aborted || found.size === 0) return;
      setKnown((before) => {
        const next = new Map(before);
        for (const [id, live] of found)
          next.set(String(id), {
            price: priceAfterCashDesk(live),
            listPrice: live.price,
            stockState: live.stock.state,
            stockLabel: live.stock.label,
          });
        return next;
      });
    });
    return () => controller.abort();
  }, [key]);
  return known;
}

// Within one process: who wants to hear that live catalogue values (prices, discounts, stock, expired, shopOnly from
// the catalogue feed) were merged into getCatalog(). The live catalogue (live.ts) tells the listeners with the ids of
// the products that changed, after the merge; the search engine updates those documents. Listeners must not throw
// (a throw is logged by the caller and the others still run).
type Listener = (productIds: readonly number[]) => void;

const listeners = new Set<Listener>();

/** Calls `listener` after every merge of changed products; returns the function that stops it. */
export function onLiveCatalogChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; errors of one listener are handed to `onError` and do not stop the others. */
export function announceLiveCatalogChange(productIds: readonly number[], onError: (error: unknown) => void): void {
  for (const listener of listeners) {
    try {
      listener(productIds);
    } catch (error) {
      onError(error);
    }
  }
}

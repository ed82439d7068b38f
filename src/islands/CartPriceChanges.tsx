// "De prijs van … is gewijzigd van € 549,00 naar € 449,00.": the items of the cart whose price changed since the
// shopper was shown it (the cart answer's priceChanges, src/domain/price-changes.ts), on the cart page and in the
// checkout. Phrasing content for the page's own polite live region (the cart message), which is always in the page, so
// a change that appears is announced; the words say it, not a colour. While changes wait for the server the cart as
// shown has no priceChanges: the last ones stay.
import { useRef } from 'react';
import { priceChangeText, type PriceChange } from '../domain/price-changes.ts';

/** The changes to show now: the cart's, or while a change is on its way the last ones shown. */
export function useShownPriceChanges(changes: readonly PriceChange[] | undefined, pending: boolean): readonly PriceChange[] {
  const last = useRef<readonly PriceChange[]>([]);
  if (changes !== undefined || !pending) last.current = changes ?? [];
  return last.current;
}

export default function CartPriceChanges({ changes }: { changes: readonly PriceChange[] }) {
  if (changes.length === 0) return null;
  return (
    <span className="price-changes warn" data-price-changes={changes.length}>
      <strong>Prijswijziging:</strong> {changes.map(priceChangeText).join(' ')} Je betaalt de nieuwe prijs; het totaal is aangepast.
    </span>
  );
}

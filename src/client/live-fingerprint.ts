// What a product card shows that the live catalogue can change, as one short string: price, the three discounts,
// stock state and expected date, expired. The card carries the build's (data-live, ProductCard.astro); the listing
// page's inline script computes the same from the time-sensitive answer and loads the code that swaps texts only for
// a card whose string differs, so a page whose prices did not change loads no script file at all.
type Fingerprinted = {
  price: number;
  discounts: { cashDesk?: { price: number } | null; cashback?: { price: number } | null; makeAmends?: { price: number } | null };
  stock: { state: string; expectedDate?: string | null };
  expired: boolean;
};

export function liveFingerprint({ price, discounts: d, stock, expired }: Fingerprinted): string {
  return [
    price,
    d.cashDesk?.price ?? 0,
    d.cashback?.price ?? 0,
    d.makeAmends?.price ?? 0,
    stock.state,
    stock.expectedDate ?? '',
    +expired,
  ].join(' ');
}

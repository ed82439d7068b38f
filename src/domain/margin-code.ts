// The margin code staff read aloud in the store (marginCodeShow, admins only): the gross margin of a product as two
// letters that mean nothing to a customer standing next to them.
//
// Margin % = (price − purchasePrice) / price, floored to a whole percent and kept within 0..99. Each of its two
// digits becomes the letter at that position of the key word WINKELSTOF (ten different letters):
//
//   digit  0 1 2 3 4 5 6 7 8 9
//   letter W I N K E L S T O F
//
// So 34% is "KE", 7% is "WT" and 0% is "WW". A purchase price above the price (a loss) is "XX", a letter outside
// the key, so it can never be read as a margin. Without a purchase price or a price there is no code (null).
const KEY = 'WINKELSTOF';
export const LOSS_CODE = 'XX';

/** Whole margin percent (floored), or null when it cannot be computed. May be negative (a loss). */
export function marginPercent(price: number, purchasePrice: number | null | undefined): number | null {
  if (purchasePrice === null || purchasePrice === undefined || !(price > 0) || purchasePrice < 0) return null;
  return Math.floor(((price - purchasePrice) * 100) / price);
}

/** The two-letter code of a product's margin (see the table above), or null without a purchase price. */
export function marginCode(price: number, purchasePrice: number | null | undefined): string | null {
  const percent = marginPercent(price, purchasePrice);
  if (percent === null) return null;
  if (percent < 0) return LOSS_CODE;
  const kept = Math.min(99, percent);
  return KEY[Math.floor(kept / 10)] + KEY[kept % 10];
}

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
//
// A set (a combination: the main product and the set's other products, sold together at the set's price) is bought
// as its parts, so its purchase price is the sum of its parts' purchase prices; a part without one leaves the set
// without one (no code).
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

/** A set's purchase price: the sum of its parts' (the main product's and the set's other products'), or null when a part has none. */
export function setPurchasePrice(partPurchasePrices: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  for (const price of partPurchasePrices) {
    if (price === null || price === undefined || price < 0) return null;
    sum += price;
  }
  return partPurchasePrices.length > 0 ? sum : null;
}

// Plain helpers of the cart's staff options, apart from React so they can be tested on their own.

/**
 * The stores staff may choose for pick-up, as in content/stores (kind: store). Repeated here because the cart
 * island cannot read the content files; the server checks the choice against them (pickupStores in
 * src/server/cart-change.ts), and tests/unit/staff-cart.test.ts checks that both lists agree.
 */
export const PICKUP_STORES = [
  { storeId: 'keukens-cruquius', title: 'Keukenhuys Cruquius' },
  { storeId: 'keukens-den-haag', title: 'Keukenhuys Den Haag' },
  { storeId: 'keukens-zoeterwoude', title: 'Keukenhuys Zoeterwoude' },
] as const;

/** "25", "25,5", "1.299,00" or "" (nothing: 0) as cents; null for anything else. */
export function parseEuros(text: string): number | null {
  const trimmed = text.trim().replace(/^€\s*/, '');
  if (trimmed === '') return 0;
  if (!/^\d{1,3}(\.?\d{3})*(,\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.replaceAll('.', '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

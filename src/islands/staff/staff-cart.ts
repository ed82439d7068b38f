// Plain helpers of the cart's staff options, apart from React so they can be tested on their own.

/** "25", "25,5", "1.299,00" or "" (nothing: 0) as cents; null for anything else. */
export function parseEuros(text: string): number | null {
  const trimmed = text.trim().replace(/^€\s*/, '');
  if (trimmed === '') return 0;
  if (!/^\d{1,3}(\.?\d{3})*(,\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.replaceAll('.', '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// Review ratings from the rating sites, as shown to shoppers.

/** A rating such as 9.2 as Dutch text: '9,2'. */
export function formatRating(n: number): string {
  return n.toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

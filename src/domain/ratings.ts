// Review ratings from the rating sites, as shown to shoppers. The formatters are made once: every page shows the
// ratings, and a toLocaleString call builds a new formatter each time (a measurable part of a large build).
const ratingFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat('nl-NL');

/** A rating such as 9.2 as Dutch text: '9,2'. */
export function formatRating(n: number): string {
  return ratingFormat.format(n);
}

/** A number of reviews as Dutch text: '26.391'. */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

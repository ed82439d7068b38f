// A count of things as a shopper reads it: '1.234 resultaten', '1 resultaat' (a point between groups of three, as
// nl-NL writes it; without Intl, see formatEuro in money.ts).

export function formatCount(n: number, one: string, many: string): string {
  return `${String(n).replace(/\B(?=(\d{3})+$)/g, '.')} ${n === 1 ? one : many}`;
}

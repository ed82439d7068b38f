// Formatting of money amounts. Amounts are integer cents everywhere in data and code; these functions are the
// only place where they become text for a shopper (`€ 1.299,00`) or for schema.org (`1299.00`).

// Pure: a page that imports one of these functions does not carry the other's formatter.
const euro = /* @__PURE__ */ new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const wholeEuro = /* @__PURE__ */ new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** The no-break space that always separates the euro sign from the amount. */
const EURO_SPACE = '\u00A0';

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Money amounts are integer cents, got ${cents}`);
}

/**
 * ICU versions differ in the space they put after the euro sign (a no-break space, a narrow no-break space, or
 * a plain space). We always use one U+00A0 so that server-rendered HTML, the browser and tests agree and the
 * sign never wraps onto a line of its own. A negative amount keeps what Intl gives for nl-NL: `€ -4,95`.
 */
function normaliseSpace(text: string): string {
  return text.replace(/€[\s\u00A0\u202F\u2009]*/u, `€${EURO_SPACE}`);
}

/** `129900` → `€ 1.299,00` (with a no-break space after the euro sign). */
export function formatEuro(cents: number): string {
  assertCents(cents);
  return normaliseSpace(euro.format(cents / 100));
}

/** Whole euros the Dutch shop way, `129900` → `€ 1.299,-`; any other amount as {@link formatEuro}. */
export function formatEuroShort(cents: number): string {
  assertCents(cents);
  if (cents % 100 !== 0) return formatEuro(cents);
  return `${normaliseSpace(wholeEuro.format(cents / 100))},-`;
}

/** A price for schema.org `price`: a dot as decimal separator, two decimals, no grouping: `129900` → `1299.00`. */
export function centsToSchemaPrice(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${euros}.${rest}`;
}

/**
 * An amount typed in euros as a Dutch person types it ("1.234,56", "1234,5", "€ 75", or with a decimal point:
 * "1234.56") in cents; null when it is not an amount of at most two decimals.
 */
export function parseEuro(text: string): number | null {
  let value = text.replace(/[€\s]/g, '');
  if (!value) return null;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(value)) value = value.replace(/\./g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

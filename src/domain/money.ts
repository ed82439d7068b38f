// Formatting of money amounts. Amounts are integer cents everywhere in data and code; these functions are the
// only place where they become text for a shopper (`€ 1.299,00`) or for schema.org (`1299.00`).

/** The no-break space that always separates the euro sign from the amount. */
const EURO_SPACE = '\u00A0';

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Money amounts are integer cents, got ${cents}`);
}

/** Whole euros with a point between groups of three, as nl-NL writes them: `1299` → `1.299`. */
const groupThousands = (euros: number) => String(euros).replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * What Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }) writes, without Intl: the first Intl
 * formatter of a page loads the browser's locale data, a task of tens of milliseconds (more on a phone) that the
 * search page paid on every visit (issue 24). One U+00A0 after the sign (ICU versions differ in the space they put
 * there), so that server-rendered HTML, the browser and tests agree and the sign never wraps onto a line of its own.
 * A negative amount as Intl gives it for nl-NL: `€ -4,95`.
 */
function euroText(cents: number, wholeOnly: boolean): string {
  const abs = Math.abs(cents);
  const euros = groupThousands(Math.floor(abs / 100));
  const rest = wholeOnly ? '' : `,${String(abs % 100).padStart(2, '0')}`;
  return `€${EURO_SPACE}${cents < 0 ? '-' : ''}${euros}${rest}`;
}

/** `129900` → `€ 1.299,00` (with a no-break space after the euro sign). */
export function formatEuro(cents: number): string {
  assertCents(cents);
  return euroText(cents, false);
}

/** Whole euros the Dutch shop way, `129900` → `€ 1.299,-`; any other amount as {@link formatEuro}. */
export function formatEuroShort(cents: number): string {
  assertCents(cents);
  if (cents % 100 !== 0) return formatEuro(cents);
  return `${euroText(cents, true)},-`;
}

/** A price for schema.org `price`: a dot as decimal separator, two decimals, no grouping: `129900` → `1299.00`. */
export function centsToSchemaPrice(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${euros}.${rest}`;
}

/** An amount as a plain number of euros with a decimal point, as a number field or an address holds it: `40050` →
 * `400.5`; an empty text for no amount. */
export function plainEuros(cents: number | undefined): string {
  return cents === undefined || !Number.isFinite(cents) ? '' : String(Math.round(cents) / 100);
}

/** What a point means in a typed amount; a comma is always the decimal comma. */
type EuroPoint =
  /** A decimal point ("1234.56"), unless the amount is in groups of three ("1.234" is € 1.234,00). */
  | 'either'
  /** Only a thousands separator, as Dutch writes it: "1.299,00"; "12.5" is no amount. */
  | 'thousands'
  /** Only a decimal point, as a number field or an address writes it: "400.5"; "1.299" is no amount. */
  | 'decimal';

export type ParseEuroOptions = {
  /** What a point means; 'either' unless said. */
  point?: EuroPoint;
  /** The largest amount accepted (cents); € 999.999.999,99 unless said. */
  max?: number;
};

/** Digits grouped by thousands points: "1.234.567". */
const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/**
 * An amount typed in euros (a euro sign and spaces allowed) in cents, or null when it is not an amount of at most
 * two decimals within `max`. A Dutch person types "1.234,56", "1234,5" or "€ 75"; what a point means is
 * `options.point` (by default both "1.234" and "1234.56" read as a Dutch person means them).
 */
export function parseEuro(text: string, options: ParseEuroOptions = {}): number | null {
  const { point = 'either', max = 99_999_999_999 } = options;
  const value = text.replace(/[€\s]/g, '');
  const pointGroups = point === 'thousands' || (point === 'either' && (value.includes(',') || GROUPED.test(value)));
  const match = pointGroups ? /^([\d.]+)(?:,(\d{1,2}))?$/.exec(value) : /^(\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const whole = match[1]!;
  if (whole.includes('.') && !GROUPED.test(whole)) return null;
  const digits = whole.replace(/\./g, '');
  if (digits.length > 12) return null;
  const cents = Number(digits) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= max ? cents : null;
}

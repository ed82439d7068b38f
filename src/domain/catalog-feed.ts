// The catalogue feed (issue 21): rows of live values for products (price, discounts, stock, expired, shopOnly), as
// JSON in the API's own shapes (integer cents) or as CSV with a header row (decimal euros). This file checks a whole
// feed row by row and stays pure: the server (src/server/catalog/feed-parse.ts) and the CLI read the bytes and hand
// each row to a FeedCheck; nothing is stored unless the whole feed is free of problems. Every problem names its row
// (1-based: the position in the JSON list, the line number in a CSV file) and field, in Dutch.
import { z } from '../schemas/zod.ts';
import { productSummarySchema, type Product } from '../schemas/catalog.ts';

const MB = 1024 * 1024;

export const FEED_LIMITS = {
  /** Bytes of a feed sent to PUT /api/catalog/feed/ (read as a stream, refused past this before parsing). */
  apiBytes: 20 * MB,
  /** Bytes of a feed file read by `npm run catalog:feed`. */
  fileBytes: 200 * MB,
  /** Rows of one feed. */
  rows: 200_000,
  /** Problems reported at most; checking stops there. */
  problems: 100,
} as const;

const stockModel = productSummarySchema.shape.stock;
const discountsModel = productSummarySchema.shape.discounts.unwrap();
const STOCK_STATES = stockModel.shape.state.options;

/** One row of a JSON feed: the product and at least one value to set (a whole value: stock and discounts too). */
const feedRowSchema = z.strictObject({
  productId: z.number().int().positive(),
  price: productSummarySchema.shape.price.optional(),
  discounts: z.strictObject(discountsModel.shape).optional(),
  stock: z.strictObject(stockModel.shape).optional(),
  expired: z.boolean().optional(),
  shopOnly: z.boolean().optional(),
});

/** The live values of a product as stored (src/server/storage/catalog-live.ts) and merged over the catalogue. */
export const liveFieldsSchema = feedRowSchema.omit({ productId: true });
export type LiveFields = z.infer<typeof liveFieldsSchema>;
const LIVE_FIELDS = ['price', 'discounts', 'stock', 'expired', 'shopOnly'] as const;

export type FeedRow = { productId: number; fields: LiveFields };
/** `row` 0 is the feed as a whole; `field` reads like 'rows[12].price'. */
export type FeedProblem = { row: number; field: string; message: string };

export type FeedContext = {
  /** The product's current values (live values included), or undefined when the catalogue has no such product. */
  productOf(productId: number): Pick<Product, 'price' | 'discounts'> | undefined;
  /** Today in Europe/Amsterdam, 'YYYY-MM-DD': an expected date before it is in the past. */
  today: string;
};

const number = new Intl.NumberFormat('nl-NL');
const fieldOf = (row: number, path: string) => (row === 0 ? path || 'feed' : `rows[${row}]${path ? `.${path}` : ''}`);

type Issue = z.core.$ZodIssue & { input?: unknown };

function typeText(expected: string, path: string): string {
  if (expected === 'int') return /price|discounts/.test(path) ? 'moet een geheel aantal centen zijn' : 'moet een geheel getal zijn';
  if (expected === 'number') return /price|discounts/.test(path) ? 'moet een bedrag in centen zijn (een getal)' : 'moet een getal zijn';
  if (expected === 'boolean') return 'moet true of false zijn';
  if (expected === 'object') return 'moet een object zijn';
  if (expected === 'string') return 'moet tekst zijn';
  return 'heeft een ongeldig type';
}

function issueText(issue: Issue, path: string): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'ontbreekt' : typeText(issue.expected, path);
    case 'too_small':
      return path === 'productId' ? 'moet een positief getal zijn' : 'mag niet negatief zijn';
    case 'too_big':
      return 'is te groot';
    case 'invalid_value':
      return path === 'stock.state'
        ? `${JSON.stringify(issue.input)} is geen voorraadstatus; kies ${STOCK_STATES.join(', ')}`
        : 'heeft een ongeldige waarde';
    case 'invalid_format':
      return 'moet een datum zijn als JJJJ-MM-DD';
    case 'unrecognized_keys':
      return 'is geen veld van de feed';
    case 'custom':
      return 'een korting moet meer dan 0 cent zijn';
    default:
      return 'is ongeldig';
  }
}

/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Collects the rows of one feed and its problems (the first FEED_LIMITS.problems). */
export class FeedCheck {
  readonly rows: FeedRow[] = [];
  readonly problems: FeedProblem[] = [];
  readonly #context: FeedContext;
  readonly #seen = new Map<number, number>();
  #count = 0;
  #stopped = false;

  constructor(context: FeedContext) {
    this.#context = context;
  }

  /** Enough problems (or too many rows) to stop reading. */
  get full(): boolean {
    return this.#stopped || this.problems.length >= FEED_LIMITS.problems;
  }

  /** Records a problem of `row` (0: the whole feed) in `field` ('' for the row itself). */
  problem(row: number, field: string, text: string, productId?: number): void {
    if (this.problems.length >= FEED_LIMITS.problems) return;
    const message =
      row === 0
        ? `De feed ${text}.`
        : `Regel ${row}${productId ? ` (artikel ${productId})` : ''}${field ? `, veld ${field}` : ''}: ${text}.`;
    this.problems.push({ row, field: fieldOf(row, field), message });
  }

  /** Refuses the feed as a whole and stops reading (unreadable, too large). */
  refuse(field: string, text: string): void {
    this.problem(0, field, text);
    this.#stopped = true;
  }

  /** Checks one row (`row` is its number for messages) and keeps it when it has no problem. */
  add(raw: unknown, row: number): void {
    if (++this.#count > FEED_LIMITS.rows) {
      this.refuse('', `heeft meer dan ${number.format(FEED_LIMITS.rows)} regels; splits hem in kleinere feeds`);
      return;
    }
    const parsed = feedRowSchema.safeParse(raw, { reportInput: true });
    const rawId = (raw as { productId?: unknown } | null)?.productId;
    const idOf = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? rawId : undefined;
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 5) as Issue[]) {
        const path = issue.path.map(String);
        if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path.push(issue.keys[0]!);
        const field = path.join('.');
        this.problem(row, field, issueText(issue, field), idOf);
      }
      return;
    }
    const { productId, ...fields } = parsed.data;
    const before = this.problems.length;
    if (Object.keys(fields).length === 0)
      this.problem(row, '', `deze regel verandert niets; geef ten minste een van ${LIVE_FIELDS.join(', ')}`, productId);
    const first = this.#seen.get(productId);
    if (first !== undefined) this.problem(row, 'productId', `artikel ${productId} staat al in regel ${first}`, productId);
    else this.#seen.set(productId, row);
    const product = this.#context.productOf(productId);
    if (!product) this.problem(row, 'productId', `artikel ${productId} bestaat niet in de catalogus`, productId);
    const expected = fields.stock?.expectedDate;
    if (expected !== undefined && !isCalendarDate(expected))
      this.problem(row, 'stock.expectedDate', `${expected} is geen bestaande datum`, productId);
    else if (expected !== undefined && expected < this.#context.today)
      this.problem(row, 'stock.expectedDate', `de verwachte datum ${expected} ligt in het verleden`, productId);
    if (product && (fields.price !== undefined || fields.discounts !== undefined)) {
      const price = fields.price ?? product.price;
      const discounts = fields.discounts ?? product.discounts;
      if ((discounts.cashDesk?.price ?? 0) + (discounts.makeAmends?.price ?? 0) >= price)
        this.problem(
          row,
          fields.discounts ? 'discounts' : 'price',
          'de kassakorting en de coulancekorting samen moeten onder de prijs blijven',
          productId,
        );
    }
    if (this.problems.length === before) this.rows.push({ productId, fields });
  }
}

// CSV: a header row naming the columns (the JSON fields, nested ones with a dot), amounts in decimal euros.

const CSV_COLUMNS = [
  'productId',
  'price',
  'discounts.cashback',
  'discounts.cashDesk',
  'discounts.makeAmends',
  'stock.state',
  'stock.quantity',
  'stock.expectedDate',
  'expired',
  'shopOnly',
] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** Decimal euros ('449,00', '449.00', '449', '€ 449,5') in cents, or why not. */
export function eurosToCents(text: string): number | string {
  const match = /^(-?)\s*(?:€\s*)?(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return 'moet een bedrag in euro zijn, zoals 449,00';
  const decimals = match[3] ?? '';
  if (decimals.length > 2) return 'heeft meer dan twee decimalen';
  const cents = Number(match[2]) * 100 + Number(decimals.padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, ja: true, nee: false, '1': true, '0': false };

/** The header's columns, or null (with problems on line 1) when one is unknown, doubled or productId is missing. */
export function csvColumns(header: readonly string[], check: FeedCheck): Column[] | null {
  const known = new Set<string>(CSV_COLUMNS);
  const before = check.problems.length;
  header.forEach((name, index) => {
    if (!known.has(name)) check.problem(1, name || `kolom ${index + 1}`, `onbekende kolom; gebruik ${CSV_COLUMNS.join(', ')}`);
    else if (header.indexOf(name) !== index) check.problem(1, name, 'deze kolom staat twee keer in de kopregel');
  });
  if (!header.includes('productId')) check.problem(1, 'productId', 'de kopregel mist de kolom productId');
  return check.problems.length === before ? (header as Column[]) : null;
}

/** One CSV line as a JSON row for `check.add`, or null when a cell cannot be read (the problem is recorded). */
export function csvRow(
  columns: readonly Column[],
  cells: readonly string[],
  line: number,
  check: FeedCheck,
): Record<string, unknown> | null {
  if (cells.length !== columns.length) {
    check.problem(line, '', `heeft ${cells.length} velden, de kopregel ${columns.length}`);
    return null;
  }
  const row: Record<string, unknown> = {};
  const stock: Record<string, unknown> = {};
  const discounts: Record<string, { price: number }> = {};
  let hasDiscounts = false;
  let readable = true;
  const bad = (column: string, text: string) => {
    check.problem(line, column, text, typeof row.productId === 'number' ? row.productId : undefined);
    readable = false;
  };
  columns.forEach((column, index) => {
    const cell = cells[index]!.trim();
    if (cell === '') return;
    if (column === 'productId') row.productId = /^\d{1,15}$/.test(cell) ? Number(cell) : cell;
    else if (column === 'price' || column.startsWith('discounts.')) {
      const cents = eurosToCents(cell);
      if (typeof cents === 'string') bad(column, cents);
      else if (column === 'price') row.price = cents;
      else {
        hasDiscounts = true;
        // 0 is no discount of this kind: a row that fills any discount column gives all of the product's discounts.
        if (cents !== 0) discounts[column.slice('discounts.'.length)] = { price: cents };
      }
    } else if (column === 'stock.quantity') {
      if (/^-?\d{1,9}$/.test(cell)) stock.quantity = Number(cell);
      else bad(column, 'moet een geheel getal zijn');
    } else if (column === 'stock.state' || column === 'stock.expectedDate') stock[column.slice('stock.'.length)] = cell;
    else {
      const value = BOOLEANS[cell.toLowerCase()];
      if (value === undefined) bad(column, 'moet ja of nee zijn (of true/false, 1/0)');
      else row[column] = value;
    }
  });
  if (!readable) return null;
  if (Object.keys(stock).length > 0) row.stock = stock;
  if (hasDiscounts) row.discounts = discounts;
  return row;
}

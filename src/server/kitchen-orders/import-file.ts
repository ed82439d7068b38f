// Reads an ERP export of kitchen orders (JSON or CSV, one row per order with the stage dates as columns; the
// format is in docs/kitchen-orders.md) into kitchen orders of the model in src/domain/kitchen-order.ts. Every row
// is checked and every problem is reported with its row and column, so the import can refuse the whole file
// before anything is stored. Pure: the caller reads the file and the catalogue and checks the documents.
import { parse as parseCsv } from 'csv-parse/sync';
import type { z } from 'zod';
import { normalizePostalCode } from '../../domain/address.ts';
import { normalizePhoneNumber } from '../../domain/checkout.ts';
import {
  kitchenOrderSchema,
  normalizeOrderNumber,
  type KitchenDocument,
  type KitchenOrder,
  type KitchenOrderInput,
} from '../../domain/kitchen-order.ts';

/** The columns of a row, in the order an export has them. */
export const IMPORT_COLUMNS = [
  'order_number',
  'customer_name',
  'email',
  'phone',
  'country',
  'postal_code',
  'store_id',
  'kitchen_id',
  'kitchen_description',
  'order_confirmed',
  'final_measurement_planned',
  'final_measurement_done',
  'design_final_planned',
  'design_final_done',
  'production_planned',
  'production_done',
  'delivery_week',
  'delivered_on',
  'installation_date',
  'installed_on',
  'completed_on',
  'notes',
  'order_confirmation_pdf',
  'drawing_pdfs',
] as const;

/** At most this many orders per file: an export of one store's open orders is a few hundred. */
const MAX_IMPORT_ROWS = 5000;
/** Documents per order: an order confirmation and a handful of drawings. */
const MAX_DOCUMENTS = 20;
/** At most this many problems are listed; the file is refused either way. */
const MAX_REPORTED_PROBLEMS = 100;

/** Where the model's fields come from, so that a problem names the column the ERP wrote. */
const COLUMN_OF_PATH: Readonly<Record<string, string>> = {
  orderNumber: 'order_number',
  'customer.name': 'customer_name',
  'customer.email': 'email',
  'customer.phone': 'phone',
  country: 'country',
  postalCode: 'postal_code',
  storeId: 'store_id',
  kitchen: 'kitchen_id or kitchen_description',
  'kitchen.kitchenId': 'kitchen_id',
  'kitchen.description': 'kitchen_description',
  'stages.orderConfirmed.done': 'order_confirmed',
  'stages.finalMeasurement.planned': 'final_measurement_planned',
  'stages.finalMeasurement.done': 'final_measurement_done',
  'stages.designFinal.planned': 'design_final_planned',
  'stages.designFinal.done': 'design_final_done',
  'stages.production.planned': 'production_planned',
  'stages.production.done': 'production_done',
  deliveryWeek: 'delivery_week',
  'stages.delivery.done': 'delivered_on',
  installationDate: 'installation_date',
  'stages.installation.done': 'installed_on',
  'stages.completed.done': 'completed_on',
  notes: 'notes',
};

export type ImportContext = {
  /** Stores that sell kitchens (content/stores/ of kind 'store'). */
  storeIds: ReadonlySet<string>;
  /** Kitchens of the catalogue. */
  kitchenIds: ReadonlySet<number>;
};

/** A document an export lists: its kind, and where the file is (relative to the export's directory). */
export type ListedDocument = { kind: KitchenDocument['kind']; fileName: string; path: string };

/** One order of the file, with where it came from (for the report) and its documents, not yet stored. */
export type ImportedOrder = { row: number; order: KitchenOrder; documents: ListedDocument[] };

export type ImportResult = { orders: ImportedOrder[]; problems: string[] };

type RawRow = { row: number; line: number | null; values: Record<string, unknown> };

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
};

/** 'YYYY-MM-DD' as it is; 'DD-MM-YYYY' (a Dutch export) turned around. Anything else stays for the schema to refuse. */
function isoDate(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const dutch = /^(\d{2})-(\d{2})-(\d{4})$/.exec(raw);
  return dutch ? `${dutch[3]}-${dutch[2]}-${dutch[1]}` : raw;
}

/** The drawings: a JSON array, or one CSV cell with the paths separated by '|'. */
function drawingPaths(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter((path): path is string => path !== null);
  return (text(value) ?? '')
    .split('|')
    .map((path) => path.trim())
    .filter(Boolean);
}

const fileNameOf = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** The documents a row lists. */
function listedDocuments(values: Record<string, unknown>): ListedDocument[] {
  const confirmation = text(values.order_confirmation_pdf);
  return [
    ...(confirmation ? [{ kind: 'orderConfirmation' as const, fileName: fileNameOf(confirmation), path: confirmation }] : []),
    ...drawingPaths(values.drawing_pdfs).map((path) => ({ kind: 'drawing' as const, fileName: fileNameOf(path), path })),
  ];
}

/**
 * The model's input from one row; values are tidied (order number, phone, postal code) but not yet judged. Its
 * documents are empty: they are stored (and then filled in) only once the whole file has passed.
 */
function orderInput(values: Record<string, unknown>): KitchenOrderInput {
  const country = text(values.country)?.toUpperCase() ?? '';
  const isCountry = country === 'NL' || country === 'BE';
  const postal = text(values.postal_code) ?? '';
  const phone = text(values.phone) ?? '';
  const kitchenId = text(values.kitchen_id);
  return {
    orderNumber: normalizeOrderNumber(text(values.order_number)) ?? text(values.order_number) ?? '',
    customer: {
      name: text(values.customer_name) ?? '',
      email: text(values.email) ?? '',
      phone: (isCountry && normalizePhoneNumber(phone, country)) || phone,
    },
    country: country as 'NL' | 'BE',
    postalCode: (isCountry && normalizePostalCode(country, postal)) || postal,
    kitchen: {
      // Not a number: left as text, so the schema names it.
      kitchenId: kitchenId === null ? null : /^\d{1,9}$/.test(kitchenId) ? Number(kitchenId) : (kitchenId as unknown as number),
      description: text(values.kitchen_description),
    },
    storeId: text(values.store_id) ?? '',
    stages: {
      orderConfirmed: { done: isoDate(values.order_confirmed) ?? '' },
      finalMeasurement: { planned: isoDate(values.final_measurement_planned), done: isoDate(values.final_measurement_done) },
      designFinal: { planned: isoDate(values.design_final_planned), done: isoDate(values.design_final_done) },
      production: { planned: isoDate(values.production_planned), done: isoDate(values.production_done) },
      delivery: { done: isoDate(values.delivered_on) },
      installation: { done: isoDate(values.installed_on) },
      completed: { done: isoDate(values.completed_on) },
    },
    deliveryWeek: text(values.delivery_week)?.toUpperCase() ?? null,
    installationDate: isoDate(values.installation_date),
    notes: text(values.notes) ?? '',
    documents: [],
  };
}

function columnOf(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  return COLUMN_OF_PATH[key] ?? (key || '(row)');
}

function where(raw: RawRow): string {
  return raw.line === null ? `row ${raw.row}` : `row ${raw.row} (line ${raw.line})`;
}

function readRows(content: string, format: 'json' | 'csv'): { rows: RawRow[]; problems: string[] } {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (error) {
      return { rows: [], problems: [`the file is not valid JSON: ${(error as Error).message}`] };
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { orders?: unknown } | null)?.orders;
    if (!Array.isArray(list)) return { rows: [], problems: ['a JSON file holds an array of orders, or an object with an "orders" array'] };
    if (list.length > MAX_IMPORT_ROWS) return { rows: [], problems: [`more than ${MAX_IMPORT_ROWS} orders in one file`] };
    const rows: RawRow[] = [];
    const problems: string[] = [];
    list.forEach((value, index) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) problems.push(`row ${index + 1}: not an object`);
      else rows.push({ row: index + 1, line: null, values: value as Record<string, unknown> });
    });
    return { rows, problems };
  }
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(content, {
      columns: true,
      bom: true,
      // Dutch spreadsheets write ';', others ','.
      delimiter: [',', ';'],
      skip_empty_lines: true,
      info: true,
      to: MAX_IMPORT_ROWS + 1,
    });
  } catch (error) {
    return { rows: [], problems: [`the file is not valid CSV: ${(error as Error).message}`] };
  }
  if (records.length > MAX_IMPORT_ROWS) return { rows: [], problems: [`more than ${MAX_IMPORT_ROWS} orders in one file`] };
  return { rows: records.map(({ record, info }, index) => ({ row: index + 1, line: info.lines, values: record })), problems: [] };
}

/**
 * The orders of an export, or the problems that refuse it: unknown or missing columns, values the model does not
 * accept, stores and kitchens that do not exist, and an order number that appears twice.
 */
export function readKitchenOrderFile(content: string, format: 'json' | 'csv', context: ImportContext): ImportResult {
  const { rows, problems } = readRows(content, format);
  const orders: ImportedOrder[] = [];
  const seen = new Map<string, number>();
  for (const raw of rows) {
    const here = where(raw);
    const before = problems.length;
    const unknown = Object.keys(raw.values).filter((key) => !(IMPORT_COLUMNS as readonly string[]).includes(key));
    for (const key of unknown) problems.push(`${here}: unknown column "${key}"`);
    if (text(raw.values.order_number) === null) {
      problems.push(`${here}: order_number: missing`);
      continue;
    }
    const input = orderInput(raw.values);
    const result = kitchenOrderSchema.safeParse(input, { reportInput: true });
    if (!result.success) for (const issue of result.error.issues) problems.push(`${here}: ${columnOf(issue.path)}: ${issueText(issue)}`);
    if (input.storeId && !context.storeIds.has(input.storeId))
      problems.push(`${here}: store_id: "${input.storeId}" is not a store that sells kitchens`);
    const kitchenId = input.kitchen.kitchenId;
    if (typeof kitchenId === 'number' && !context.kitchenIds.has(kitchenId))
      problems.push(`${here}: kitchen_id: ${kitchenId} is not a kitchen of the catalogue`);
    const earlier = seen.get(input.orderNumber);
    if (earlier !== undefined) problems.push(`${here}: order_number: ${input.orderNumber} is also in row ${earlier}`);
    seen.set(input.orderNumber, raw.row);
    const documents = listedDocuments(raw.values);
    if (documents.length > MAX_DOCUMENTS) problems.push(`${here}: drawing_pdfs: more than ${MAX_DOCUMENTS} documents`);
    if (result.success && problems.length === before) orders.push({ row: raw.row, order: result.data, documents });
  }
  return { orders, problems: problems.length > MAX_REPORTED_PROBLEMS ? [...problems.slice(0, MAX_REPORTED_PROBLEMS), '…'] : problems };
}

function issueText(issue: z.core.$ZodIssue): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === '';
  if (issue.code === 'invalid_type') return empty ? 'missing or empty' : `"${String(issue.input)}" is not a ${issue.expected}`;
  if (issue.code === 'too_small' && issue.origin === 'string' && empty) return 'missing or empty';
  if (issue.code === 'invalid_value') return `one of ${issue.values.map(String).join(', ')}`;
  return issue.message;
}

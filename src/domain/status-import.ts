// The status import (issue 21): fulfilment statuses reported back by the warehouse or the ERP, as JSON
// (`[{"orderRef": "KH-2026-…", "status": "planned", "window": {"day", "from", "to"}}]`, or `orderId` instead of
// `orderRef`) or as CSV with a header row `orderRef,status,day,from,to` (or `orderId`). This file reads the rows and
// checks what can be checked without the orders: the shape of each row, a known status, a well-formed window on a
// real date, and no order twice. Pure: the server (src/server/orders/status-import.ts) then checks each change
// against the order as it is, and applies nothing unless the whole file is free of problems. Every problem names its
// row (1-based: the position in the JSON list, the line number in a CSV file) and field, in Dutch.
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from '../schemas/zod.ts';
import {
  type DeliveryWindow,
  deliveryWindowSchema,
  FULFILMENT_STATUSES,
  type FulfilmentChange,
  type FulfilmentStatus,
} from './fulfilment.ts';
import { STORED_ID } from './ids.ts';

export const STATUS_IMPORT_LIMITS = {
  /** Rows of one import: a warehouse's day is a few hundred. */
  rows: 5000,
  /** Problems reported at most; the file is refused either way. */
  problems: 100,
  /** Bytes of a file read by `npm run orders:status-import`. */
  fileBytes: 5 * 1024 * 1024,
} as const;

/** An order reference as the shop prints it, e.g. KH-2026-AB12CD34. */
const ORDER_REF = /^KH-\d{4}-[A-Z0-9]{8}$/;

/** One row that passed the checks: the order by reference or id, and the change to make. */
export type StatusRow = { row: number; orderRef: string | null; orderId: string | null; change: FulfilmentChange };
/** `row` 0 is the file as a whole; `field` reads like 'rows[3].status'. */
export type StatusProblem = { row: number; field: string; message: string };
export type StatusRead = { rows: StatusRow[]; problems: StatusProblem[] };

const fieldOf = (row: number, field: string) => (row === 0 ? field || 'file' : `rows[${row}]${field ? `.${field}` : ''}`);

/** Collects the problems of a file, at most STATUS_IMPORT_LIMITS.problems. */
class Problems {
  readonly list: StatusProblem[] = [];
  /** The problems in the order of the rows (a duplicate is found after the rows below its first). */
  sorted(): StatusProblem[] {
    return this.list.sort((a, b) => a.row - b.row);
  }
  add(row: number, field: string, text: string): void {
    if (this.list.length >= STATUS_IMPORT_LIMITS.problems) return;
    const message = row === 0 ? `Het bestand ${text}.` : `Regel ${row}${field ? `, veld ${field}` : ''}: ${text}.`;
    this.list.push({ row, field: fieldOf(row, field), message });
  }
}

const STATUS_LIST = FULFILMENT_STATUSES.join(', ');
const statusByLowerCase = new Map(FULFILMENT_STATUSES.map((s) => [s.toLowerCase(), s]));

/** A JSON row as sent: the order by reference or id, the status and a window for `planned`. */
const jsonRowSchema = z.strictObject({
  orderRef: z.string().max(40).optional(),
  orderId: z.string().max(64).optional(),
  status: z.string().max(40),
  window: z.unknown().optional(),
});

/** Whether `day` (YYYY-MM-DD) is a date of the calendar (not 2026-02-30). */
function realDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

type RawRow = { orderRef?: string; orderId?: string; status?: string; window?: unknown };

/** Checks one row's fields; the row, or null when it has a problem (recorded). */
function checkRow(raw: RawRow, row: number, problems: Problems): StatusRow | null {
  const before = problems.list.length;
  const orderRef = raw.orderRef?.trim().toUpperCase() || null;
  const orderId = raw.orderId?.trim() || null;
  if (orderRef === null && orderId === null)
    problems.add(row, 'orderRef', 'geef het bestelnummer (orderRef) of de orderId van de bestelling');
  else if (orderRef !== null && orderId !== null)
    problems.add(row, 'orderId', 'geef het bestelnummer (orderRef) of de orderId, niet allebei');
  else if (orderRef !== null && !ORDER_REF.test(orderRef))
    problems.add(row, 'orderRef', `"${orderRef}" is geen bestelnummer; een bestelnummer ziet eruit als KH-2026-AB12CD34`);
  else if (orderId !== null && !STORED_ID.test(orderId)) problems.add(row, 'orderId', `"${orderId}" is geen orderId`);

  const status = statusByLowerCase.get(raw.status?.trim().toLowerCase() ?? '');
  if (!raw.status?.trim()) problems.add(row, 'status', `vul de status in (een van ${STATUS_LIST})`);
  else if (!status) problems.add(row, 'status', `"${raw.status.trim()}" is geen status; kies een van ${STATUS_LIST}`);

  let window: DeliveryWindow | undefined;
  if (raw.window !== undefined && raw.window !== null) {
    const parsed = deliveryWindowSchema.safeParse(raw.window);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const part = String(issue.path[0] ?? '');
        const text = issue.code === 'invalid_type' ? (issue.input === undefined ? 'vul dit in' : 'moet tekst zijn') : issue.message;
        problems.add(row, part ? `window.${part}` : 'window', part ? text.replace(/\.$/, '') : 'moet een object {day, from, to} zijn');
      }
    } else if (!realDay(parsed.data.day)) problems.add(row, 'window.day', `${parsed.data.day} is geen bestaande datum`);
    else window = parsed.data;
  }
  if (problems.list.length > before || !status) return null;
  return { row, orderRef, orderId, change: { status: status as FulfilmentStatus, ...(window ? { window } : {}) } };
}

/** An order named twice is a problem of its later row: which of the two should win is not for us to guess. */
function checkDuplicates(rows: readonly StatusRow[], problems: Problems): StatusRow[] {
  const seen = new Map<string, number>();
  return rows.filter((r) => {
    const key = r.orderRef ?? `id:${r.orderId}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, r.row);
      return true;
    }
    problems.add(r.row, r.orderRef ? 'orderRef' : 'orderId', `deze bestelling staat ook op regel ${first}; geef elke bestelling één keer`);
    return false;
  });
}

function tooMany(count: number, problems: Problems): boolean {
  if (count <= STATUS_IMPORT_LIMITS.rows) return false;
  problems.add(0, '', `heeft ${count} regels; stuur er hoogstens ${STATUS_IMPORT_LIMITS.rows} tegelijk`);
  return true;
}

/** Reads a JSON import (already parsed): a list of rows. */
export function readStatusJson(value: unknown): StatusRead {
  const problems = new Problems();
  if (!Array.isArray(value)) {
    problems.add(0, '', 'moet een lijst (JSON-array) van regels zijn, zoals [{"orderRef": "KH-2026-AB12CD34", "status": "preparing"}]');
    return { rows: [], problems: problems.list };
  }
  if (value.length === 0) problems.add(0, '', 'bevat geen regels');
  if (tooMany(value.length, problems)) return { rows: [], problems: problems.list };
  const rows: StatusRow[] = [];
  value.forEach((raw, index) => {
    const row = index + 1;
    const parsed = jsonRowSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.code === 'unrecognized_keys')
        problems.add(row, issue.keys[0] ?? '', 'dit veld is onbekend (gebruik orderRef of orderId, status en window)');
      else if (issue.path.length === 0)
        problems.add(row, '', 'moet een object zijn, zoals {"orderRef": "KH-2026-AB12CD34", "status": "preparing"}');
      else problems.add(row, String(issue.path[0]), issue.input === undefined ? 'vul dit in' : 'moet tekst zijn');
      return;
    }
    const checked = checkRow(parsed.data, row, problems);
    if (checked) rows.push(checked);
  });
  return { rows: checkDuplicates(rows, problems), problems: problems.sorted() };
}

const CSV_COLUMNS = ['orderref', 'orderid', 'status', 'day', 'from', 'to'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Reads a CSV import: a header row, then one row per order; `day`, `from` and `to` only for `planned`. */
export function readStatusCsv(text: string): StatusRead {
  const problems = new Problems();
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, { bom: true, info: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    problems.add(
      0,
      '',
      `is geen leesbare CSV${line ? ` (regel ${line})` : ''}: controleer de aanhalingstekens en het aantal kolommen per regel`,
    );
    return { rows: [], problems: problems.list };
  }
  const [header, ...body] = records;
  if (!header) {
    problems.add(0, '', 'is leeg; de eerste regel moet de kolomnamen geven: orderRef,status,day,from,to');
    return { rows: [], problems: problems.list };
  }
  const columns = header.record.map((name) => name.toLowerCase());
  const index = new Map<CsvColumn, number>();
  columns.forEach((name, i) => {
    const known = CSV_COLUMNS.find((c) => c === name);
    if (!known)
      problems.add(0, name, `heeft een onbekende kolom "${header.record[i]}"; gebruik orderRef (of orderId), status, day, from en to`);
    else if (index.has(known)) problems.add(0, name, `heeft de kolom "${header.record[i]}" twee keer`);
    else index.set(known, i);
  });
  if (!index.has('status')) problems.add(0, 'status', 'mist de kolom status');
  if (!index.has('orderref') && !index.has('orderid')) problems.add(0, 'orderRef', 'mist de kolom orderRef (of orderId)');
  const windowColumns = (['day', 'from', 'to'] as const).filter((c) => index.has(c));
  if (windowColumns.length > 0 && windowColumns.length < 3)
    problems.add(0, 'day', 'moet de kolommen day, from en to samen hebben, of geen van drieën');
  if (body.length === 0) problems.add(0, '', 'bevat geen regels onder de kolomnamen');
  if (problems.list.length > 0 || tooMany(body.length, problems)) return { rows: [], problems: problems.list };

  const cell = (record: string[], column: CsvColumn) => {
    const i = index.get(column);
    return i === undefined ? undefined : record[i] || undefined;
  };
  const rows: StatusRow[] = [];
  for (const { record, info } of body) {
    const row = info.lines;
    const day = cell(record, 'day');
    const from = cell(record, 'from');
    const to = cell(record, 'to');
    const window = day || from || to ? { day, from, to } : undefined;
    const checked = checkRow(
      { orderRef: cell(record, 'orderref'), orderId: cell(record, 'orderid'), status: cell(record, 'status'), window },
      row,
      problems,
    );
    if (checked) rows.push(checked);
  }
  return { rows: checkDuplicates(rows, problems), problems: problems.sorted() };
}

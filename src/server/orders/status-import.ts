// The status import: fulfilment statuses from the warehouse or the ERP (PUT /api/orders/statuses/ and
// `npm run orders:status-import`), checked whole before anything changes. The rows come from src/domain/status-import.ts
// (shape, status, window, no order twice); here each row's order is looked up and its change is tried on the order as it
// is now with the same rule the change itself uses (applyFulfilmentChange). One problem anywhere: 422 naming every row
// and field, nothing changed. Otherwise each row is applied through the fulfilment service (changeFulfilment: the
// order's new status and its e-mail and SMS in one transaction), one after the other; an order that changed in
// between so that its row no longer holds is reported in that row's result, the others go on.
import type { Order } from '../../domain/cart-schema.ts';
import { amsterdamTime } from '../../domain/amsterdam-calendar.ts';
import { ApiError } from '../../domain/errors.ts';
import { applyFulfilmentChange, type FulfilmentActor, type FulfilmentChange, initialFulfilment } from '../../domain/fulfilment.ts';
import { readStatusCsv, readStatusJson, type StatusProblem, type StatusRead, type StatusRow } from '../../domain/status-import.ts';
import { readFeedBody } from '../catalog/feed-body.ts';
import { readJsonText } from '../http/body.ts';
import type { Handler } from '../http/context.ts';
import { changeFulfilment } from '../fulfilment/change.ts';
import { integrationOrStaff } from '../http/integration-keys.ts';
import { json } from '../http/reply.ts';
import type { TokenClaims } from '../http/tokens.ts';
import { now } from '../runtime/clock.ts';
import { logger } from '../runtime/log.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { getStorage } from '../storage/index.ts';

/** A row whose order was found and whose change holds on the order as it is now. */
export type PlannedRow = { row: number; orderId: string; orderRef: string; change: FulfilmentChange };

/** What became of a row once applied. */
type RowResult = {
  row: number;
  orderId: string;
  orderRef: string;
  status: string;
  changed: boolean;
  smsProblem: string | null;
  reason?: string;
};

type StatusImportAnswer = { rows: number; changed: number; results: RowResult[] };

const NOT_NOW = 'Dit lukte nu niet. Probeer deze regel opnieuw.';

/** The 422 of a refused file: every problem with its row and field, nothing changed. */
function refusal(problems: readonly StatusProblem[]): ApiError {
  const rows = new Set(problems.filter((p) => p.row > 0).map((p) => p.row)).size;
  const what = rows === 0 ? 'het bestand klopt niet' : rows === 1 ? 'één regel klopt niet' : `${rows} regels kloppen niet`;
  return new ApiError(
    422,
    `Er is niets gewijzigd: ${what}. Verbeter het bestand en stuur het opnieuw.`,
    problems.map((p) => ({ field: p.field, errorMessage: p.message })),
  );
}

async function findOrder(row: StatusRow, at: Date): Promise<Order | null> {
  const storage = getStorage();
  if (row.orderId !== null) return (await storage.get<Order>('orders', row.orderId, at))?.data ?? null;
  const [found] = await storage.listDocuments<Order>('orders', { filter: { orderRef: row.orderRef! }, limit: 1 }, at);
  return found?.data ?? null;
}

/** Checks every row against its order as it is now: the rows to apply, or every problem found. */
export async function checkStatusRows(
  read: StatusRead,
  by: FulfilmentActor,
  at: Date,
  onRow?: (done: number) => void,
): Promise<{ planned: PlannedRow[]; problems: StatusProblem[] }> {
  const problems = [...read.problems];
  const planned: PlannedRow[] = [];
  const today = amsterdamTime(at).date;
  const rowOf = new Map<string, number>();
  let checked = 0;
  for (const row of read.rows) {
    const field = row.orderRef !== null ? 'orderRef' : 'orderId';
    const problem = (name: string, text: string) =>
      problems.push({ row: row.row, field: `rows[${row.row}].${name}`, message: `Regel ${row.row}, veld ${name}: ${text}.` });
    const order = await findOrder(row, at);
    onRow?.(++checked);
    if (!order) {
      problem(field, `de bestelling ${row.orderRef ?? row.orderId} bestaat niet`);
      continue;
    }
    // The same order by its reference on one row and its id on another.
    const earlier = rowOf.get(order.orderId);
    if (earlier !== undefined) {
      problem(field, `deze bestelling staat ook op regel ${earlier}; geef elke bestelling één keer`);
      continue;
    }
    rowOf.set(order.orderId, row.row);
    const outcome = applyFulfilmentChange(
      {
        deliveryType: order.delivery.deliveryType,
        payment: order.payment,
        fulfilment: order.fulfilment ?? initialFulfilment(order.createdAt),
      },
      row.change,
      by,
      at.toISOString(),
      today,
    );
    if (!outcome.ok) problem(outcome.field, outcome.message.replace(/\.$/, ''));
    else planned.push({ row: row.row, orderId: order.orderId, orderRef: order.orderRef, change: row.change });
  }
  problems.sort((a, b) => a.row - b.row);
  return { planned, problems };
}

/** Applies checked rows one after the other; a row that no longer holds (its order changed meanwhile) says why. */
export async function applyStatusRows(planned: readonly PlannedRow[], by: FulfilmentActor, at: Date, onRow?: (done: number) => void) {
  const results: RowResult[] = [];
  for (const row of planned) {
    const base = { row: row.row, orderId: row.orderId, orderRef: row.orderRef, status: row.change.status };
    try {
      const { smsProblem } = await changeFulfilment(row.orderId, row.change, by, at);
      results.push({ ...base, changed: true, smsProblem });
    } catch (error) {
      if (!(error instanceof ApiError)) logger.error({ err: error, orderId: row.orderId }, 'status import: a row failed');
      results.push({ ...base, changed: false, smsProblem: null, reason: error instanceof ApiError ? error.summary : NOT_NOW });
    }
    onRow?.(results.length);
  }
  return results;
}

/** Checks the whole import and, when it holds, applies it: the answer, or ApiError 422 with every problem. */
async function importStatuses(read: StatusRead, by: FulfilmentActor, at: Date): Promise<StatusImportAnswer> {
  const { planned, problems } = await checkStatusRows(read, by, at);
  if (problems.length > 0) throw refusal(problems);
  const results = await applyStatusRows(planned, by, at);
  return { rows: results.length, changed: results.filter((r) => r.changed).length, results };
}

/** How the history names a staff member without a login's session (a token of the token CLI). */
const STAFF_WITHOUT_SESSION = 'Medewerker';

async function staffName(claims: TokenClaims | null, at: Date): Promise<string> {
  if (!claims?.sid) return STAFF_WITHOUT_SESSION;
  const session = await getStorage().get<StaffSession>('staffSessions', claims.sid, at);
  return session?.data.name ?? STAFF_WITHOUT_SESSION;
}

/** The body of an import sent to the API: JSON or CSV, up to 1 MB (about 20,000 rows; an import has at most 5,000). */
const API_BYTES = 1024 * 1024;
const BODY_TIMEOUT_MS = 30_000;
const SEND_AS = 'Stuur de statussen als application/json of als text/csv.';

/** The rows of a request: read from the streamed body (the route is `streamed`) with the catalogue feed's reader. */
async function readRequestRows(request: Parameters<Handler>[0]): Promise<StatusRead> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const csv = type === 'text/csv' || type === 'application/csv';
  if (!csv && type !== 'application/json') throw new ApiError(415, SEND_AS, [{ field: 'content-type', errorMessage: SEND_AS }]);
  let bytes: Buffer;
  try {
    bytes = await readFeedBody(request.bodyStream, request.headers.get('content-length'), API_BYTES, BODY_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 413)
      throw new ApiError(413, 'Het bestand is groter dan 1 MB. Stuur de statussen in delen of gebruik npm run orders:status-import.');
    throw new ApiError(error.code, 'Het bestand kwam niet op tijd binnen. Probeer het opnieuw.');
  }
  const text = bytes.toString('utf8');
  return csv ? readStatusCsv(text) : readStatusJson(readJsonText(text));
}

/** PUT /api/orders/statuses/: an integration key or an admin (exchangeOrders). */
export const putStatuses: Handler = async (request) => {
  const caller = integrationOrStaff(request, 'exchangeOrders');
  const read = await readRequestRows(request);
  const at = now();
  const by: FulfilmentActor =
    caller.kind === 'integration' ? { kind: 'integration', name: caller.name } : { kind: 'staff', name: await staffName(request.auth, at) };
  const answer = await importStatuses(read, by, at);
  return json(answer);
};

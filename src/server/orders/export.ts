// GET /api/orders/export/?since=…: every order changed since an instant, for the warehouse or the ERP (an integration
// key, or an admin), oldest change first, as JSON lines (one order per line, amounts in integer cents) or CSV (one row
// per order line, decimal euros with a dot). The answer is written while the orders are read, a page of 500 at a time
// (storage.listChangedOrders over the index of migration 014), and holds at most `limit` orders (10,000 by default and
// at most). Every order carries its `cursor`; the client continues with `after=<cursor of the last order>` and the same
// `since` until an answer holds fewer orders than the limit (X-Export-Limit says which). docs/api.md has the format.
import { Readable } from 'node:stream';
import type { Order } from '../../domain/cart-schema.ts';
import { initialFulfilment } from '../../domain/fulfilment.ts';
import { STORED_ID } from '../../domain/ids.ts';
import { lineName, setPartIds, summaryLines } from '../../domain/order-summary.ts';
import { z } from '../../schemas/zod.ts';
import type { Handler } from '../http/context.ts';
import { integrationOrStaff } from '../http/integration-keys.ts';
import { StreamReply } from '../http/reply.ts';
import { parseOr422 } from '../http/validation.ts';
import { logger } from '../runtime/log.ts';
import { now } from '../runtime/clock.ts';
import { getStorage, type StoredDocument } from '../storage/index.ts';
import type { ChangedCursor } from '../storage/orders-changed.ts';

/** Orders read from storage at a time while the answer is written. */
const PAGE = 500;
/** Orders in one answer at most (and by default). */
const MAX_EXPORT_ORDERS = 10_000;

/** An order's change time as storage gives it (toISOString), `~`, and its id. */
const CURSOR = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)~(${STORED_ID.source.slice(1, -1)})$`);

// parseOr422 gives each field's Dutch message (required, invalid format, too large…).
const querySchema = z.object({
  since: z.iso.datetime({ offset: true }),
  format: z.enum(['jsonl', 'csv']).default('jsonl'),
  after: z.string().regex(CURSOR).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EXPORT_ORDERS).default(MAX_EXPORT_ORDERS),
});

/** The cursor of an order in the export: its change time and id, `2026-11-23T09:00:00.000Z~<orderId>`. */
const cursorOf = (doc: Pick<StoredDocument, 'updatedAt' | 'id'>) => `${doc.updatedAt}~${doc.id}`;

function readCursor(raw: string | undefined): ChangedCursor | null {
  const match = raw === undefined ? null : CURSOR.exec(raw);
  return match ? { updatedAt: match[1]!, id: match[2]! } : null;
}

/** One order as a line of the JSON-lines export (amounts in cents, as the API gives them). */
export function exportRecord(doc: StoredDocument<Order>) {
  const order = doc.data;
  const fulfilment = order.fulfilment ?? initialFulfilment(order.createdAt);
  const { customer, delivery, totals } = order;
  const items = summaryLines(order.items, order.products, order.combinations);
  return {
    cursor: cursorOf(doc),
    orderId: order.orderId,
    orderRef: order.orderRef,
    createdAt: order.createdAt,
    changedAt: doc.updatedAt,
    paymentStatus: order.payment.status,
    paymentMethod: order.payment.method,
    fulfilmentStatus: fulfilment.status,
    deliveryType: delivery.deliveryType,
    deliveryDay: delivery.deliveryDay,
    deliveryWeek: delivery.deliveryWeek,
    window: fulfilment.window,
    pickupStoreId: delivery.pickupStoreId ?? null,
    customer: {
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
      companyName: customer.company ? (customer.companyName ?? '') : null,
      email: customer.emailAddress ?? '',
      phone: customer.phoneNumber,
    },
    shippingAddress: order.shippingAddress,
    notes: delivery.notes,
    items: items.map((line) => {
      const item = order.items[line.key]!;
      const parts = (setPartIds(item, order.combinations) ?? []).map((id) => ({
        productId: id,
        name: lineName({ productId: id }, order.products),
      }));
      return {
        productId: item.productId,
        combinationId: item.combinationId ?? null,
        name: line.name,
        parts,
        qty: line.qty,
        amount: line.amount,
      };
    }),
    totals: {
      subtotal: totals.subtotal,
      discountTotal: totals.discountTotal + totals.pickUpDiscountTotal + (totals.discountExtraTotal ?? 0),
      servicesTotal: totals.assemblyTotal + totals.extraServiceTotal + totals.extraWarrantyTotal,
      deliveryTotal: totals.deliveryTotal,
      paymentTotal: totals.paymentTotal,
      grandTotal: totals.grandTotal,
    },
  };
}
type ExportRecord = ReturnType<typeof exportRecord>;

/** The CSV columns: one row per order line, the order's own columns repeated on each. */
export const CSV_HEADER = [
  'cursor',
  'orderId',
  'orderRef',
  'createdAt',
  'changedAt',
  'paymentStatus',
  'fulfilmentStatus',
  'deliveryType',
  'deliveryDay',
  'deliveryWeek',
  'windowDay',
  'windowFrom',
  'windowTo',
  'pickupStoreId',
  'customerName',
  'companyName',
  'email',
  'phone',
  'street',
  'houseNumber',
  'houseNumberAddition',
  'postalCode',
  'city',
  'country',
  'line',
  'productId',
  'combinationId',
  'name',
  'parts',
  'qty',
  'lineAmount',
  'deliveryTotal',
  'paymentTotal',
  'grandTotal',
] as const;

const euros = (cents: number) => (cents / 100).toFixed(2);

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * What a customer typed (names, address): a leading =, +, -, @, tab or carriage return gets a ' before it, so a
 * spreadsheet opening the file shows the text instead of running it as a formula (OWASP "CSV injection"). Fields the
 * shop makes itself (numbers, statuses, the phone number in +31… form) are left as they are.
 */
function typed(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const csvLine = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A set's parts in one CSV field, `100065 Bosch Serie 6 HBA574BR0 + 100070 Bosch …`; empty for a single product. */
const partsText = (parts: readonly { productId: number; name: string }[]) => parts.map((p) => `${p.productId} ${p.name}`).join(' + ');

/** The CSV rows of one order (one per order line). */
export function csvRows(record: ExportRecord): string {
  const a = record.shippingAddress;
  const order = [
    record.cursor,
    record.orderId,
    record.orderRef,
    record.createdAt,
    record.changedAt,
    record.paymentStatus,
    record.fulfilmentStatus,
    record.deliveryType,
    record.deliveryDay,
    record.deliveryWeek,
    record.window?.day ?? null,
    record.window?.from ?? null,
    record.window?.to ?? null,
    record.pickupStoreId,
    typed(record.customer.name),
    typed(record.customer.companyName),
    typed(record.customer.email),
    record.customer.phone,
    typed(a.street),
    typed(a.houseNumber),
    typed(a.houseNumberAddition),
    typed(a.postalCode),
    typed(a.city),
    a.country,
  ];
  const totals = [euros(record.totals.deliveryTotal), euros(record.totals.paymentTotal), euros(record.totals.grandTotal)];
  return record.items
    .map((item, i) =>
      csvLine([
        ...order,
        i + 1,
        item.productId,
        item.combinationId,
        item.name,
        partsText(item.parts),
        item.qty,
        euros(item.amount),
        ...totals,
      ]),
    )
    .join('');
}

const TYPES = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

export const exportOrders: Handler = async (request) => {
  integrationOrStaff(request, 'exchangeOrders');
  const query = parseOr422(querySchema, Object.fromEntries(request.url.searchParams), 'De exportvraag is niet juist.');
  const at = now();
  const storage = getStorage();
  const page = (after: ChangedCursor | null, limit: number) =>
    storage.listChangedOrders<Order>({ since: query.since, after, limit: Math.min(PAGE, limit) }, at);
  // The first page is read before the answer starts, so an unavailable storage is still a 503, not a cut-off answer.
  const first = await page(readCursor(query.after), query.limit);
  const format = query.format;

  async function* body(): AsyncGenerator<string> {
    if (format === 'csv') yield csvLine(CSV_HEADER);
    let docs = first;
    let sent = 0;
    while (docs.length > 0) {
      let chunk = '';
      for (const doc of docs) {
        const record = exportRecord(doc);
        chunk += format === 'csv' ? csvRows(record) : `${JSON.stringify(record)}\n`;
      }
      yield chunk;
      sent += docs.length;
      const last = docs.at(-1)!;
      if (docs.length < PAGE || sent >= query.limit) return;
      docs = await page({ updatedAt: last.updatedAt, id: last.id }, query.limit - sent);
    }
  }
  const headers = {
    'content-type': TYPES[format],
    'cache-control': 'no-store',
    'x-export-limit': String(query.limit),
    ...(format === 'csv' ? { 'content-disposition': `attachment; filename="orders-${query.since.slice(0, 10)}.csv"` } : {}),
  };
  return new StreamReply(200, headers, null, () =>
    Readable.from(body()).on('error', (error) => logger.error({ err: error }, 'order export cut off: reading a page failed')),
  );
};

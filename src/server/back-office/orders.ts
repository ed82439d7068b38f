// Orders in the back office: the paged list (by payment status and fulfilment status, or found by reference, e-mail
// address or postal code) and the status changes staff make by hand: a bank transfer that was booked (or a payment
// taken in the store) makes an order paid, with the "payment received" e-mail; an order that will not be paid is
// cancelled. Every change is kept on the order with who made it and why, for colleagues; the customer's own view of the
// order never shows it. The fulfilment status (one order, or each of a selection) is set through fulfilment/change.ts.
import type { Order, PaymentStatus } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import {
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  fulfilmentChangeSchema,
  type FulfilmentChange,
  type FulfilmentStatus,
} from '../../domain/fulfilment.ts';
import { changeFulfilments, type SelectionOutcome } from '../fulfilment/change.ts';
import { paymentReceivedMails } from '../payments/paid-mail.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { PAGE_SIZE, readSearch, type Cursor } from '../storage/paging.ts';

type StaffLogEntry = { at: string; staffId: string; staffName: string; from: PaymentStatus; to: PaymentStatus; note: string | null };
export type StaffOrder = Order & { staffLog?: StaffLogEntry[] };

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  open: 'Wacht op betaling',
  pending: 'Betaling in behandeling',
  authorized: 'Betaling gereserveerd',
  awaitingTransfer: 'Wacht op overboeking',
  paid: 'Betaald',
  cancelled: 'Geannuleerd',
  expired: 'Betaling verlopen',
  failed: 'Betaling mislukt',
};

function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && value in PAYMENT_STATUS_LABELS;
}

/** Which status staff may set by hand from which: paid once the money is in, cancelled while it is not. */
const MANUAL: Readonly<Record<'paid' | 'cancelled', readonly PaymentStatus[]>> = {
  paid: ['open', 'awaitingTransfer', 'failed', 'expired'],
  cancelled: ['open', 'awaitingTransfer', 'failed', 'expired'],
};

export function manualChanges(status: PaymentStatus): ('paid' | 'cancelled')[] {
  return (Object.keys(MANUAL) as ('paid' | 'cancelled')[]).filter((to) => MANUAL[to].includes(status));
}

export type OrderList = { orders: StoredDocument<StaffOrder>[]; total: number; next: Cursor | null; searchUnreadable: boolean };

function isFulfilmentStatus(value: unknown): value is FulfilmentStatus {
  return typeof value === 'string' && (FULFILMENT_STATUSES as readonly string[]).includes(value);
}

export async function listOrders(
  input: { status: string | null; fulfilment?: string | null; q: string | null; before: Cursor | null },
  now: Date,
): Promise<OrderList> {
  const filter: Record<string, string> = {};
  if (isPaymentStatus(input.status)) filter.status = input.status;
  if (isFulfilmentStatus(input.fulfilment)) filter.fulfilmentStatus = input.fulfilment;
  const search = readSearch(input.q);
  if (search) filter[search.field] = search.value;
  const storage = getStorage();
  const [orders, total] = await Promise.all([
    storage.listDocuments<StaffOrder>('orders', { filter, before: input.before, limit: PAGE_SIZE + 1 }, now),
    storage.countDocuments('orders', filter, now),
  ]);
  const more = orders.length > PAGE_SIZE;
  const shown = orders.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return {
    orders: shown,
    total,
    next: more && last ? { createdAt: last.createdAt, id: last.id } : null,
    searchUnreadable: Boolean(input.q?.trim()) && !search,
  };
}

/** Sets an order's payment status by hand; paid queues the "payment received" e-mail in the same transaction. */
export async function changeOrderStatus(
  orderId: string,
  to: 'paid' | 'cancelled',
  staff: { staffId: string; name: string },
  note: string | null,
  now: Date,
): Promise<StaffOrder> {
  const doc = await getStorage().update<StaffOrder>(
    'orders',
    orderId,
    (current) => {
      const from = current.data.payment.status;
      if (!MANUAL[to].includes(from))
        throw new ApiError(
          409,
          `Een bestelling met status "${PAYMENT_STATUS_LABELS[from]}" kan niet "${PAYMENT_STATUS_LABELS[to]}" worden.`,
        );
      const entry: StaffLogEntry = { at: now.toISOString(), staffId: staff.staffId, staffName: staff.name, from, to, note };
      const order: StaffOrder = {
        ...current.data,
        payment: { ...current.data.payment, status: to, updatedAt: now.toISOString() },
        staffLog: [...(current.data.staffLog ?? []), entry].slice(-100),
      };
      return to === 'paid' ? { data: order, mails: paymentReceivedMails(order) } : { data: order };
    },
    { now },
  );
  return doc.data;
}

/**
 * The fulfilment change of a back-office form: `fulfilment` (the status) and, for a planned delivery, `day`, `from` and
 * `to`. 422 with the field's Dutch reason when it is not one.
 */
export function fulfilmentChangeOfForm(form: URLSearchParams): FulfilmentChange {
  const status = form.get('fulfilment');
  if (!isFulfilmentStatus(status))
    throw new ApiError(422, 'Kies een geldige status.', [{ field: 'status', errorMessage: 'Kies een geldige status.' }]);
  const day = form.get('day')?.trim() ?? '';
  const from = form.get('from')?.trim() ?? '';
  const to = form.get('to')?.trim() ?? '';
  const window = day || from || to ? { day, from, to } : undefined;
  const parsed = fulfilmentChangeSchema.safeParse({ status, ...(window ? { window } : {}) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = `Controleer het bezorgvenster: ${issue?.message ?? 'de dag of de tijden kloppen niet.'}`;
    throw new ApiError(422, message, [{ field: 'window', errorMessage: message }]);
  }
  return parsed.data;
}

/** What became of one order of a selection, in Dutch, for the list's answer. */
export type SelectionLine = { orderId: string; orderRef: string; ok: boolean; text: string };

/**
 * Sets one fulfilment status on each order of a selection (each on its own: one refused does not stop the others) and
 * says per order what happened, in Dutch: the new status (and why no SMS could go), or the reason it was refused.
 */
export async function changeSelection(
  orderIds: readonly string[],
  change: FulfilmentChange,
  staffName: string,
  now: Date,
): Promise<SelectionLine[]> {
  if (orderIds.length === 0) throw new ApiError(422, 'Kies eerst een of meer bestellingen.');
  const outcomes: SelectionOutcome[] = await changeFulfilments(orderIds, change, { kind: 'staff', name: staffName }, now);
  const storage = getStorage();
  const lines: SelectionLine[] = [];
  for (const outcome of outcomes) {
    if (outcome.ok) {
      const sms = outcome.smsProblem ? ` ${outcome.smsProblem}` : '';
      lines.push({
        orderId: outcome.orderId,
        orderRef: outcome.order.orderRef,
        ok: true,
        text: `Status is nu "${FULFILMENT_LABELS[change.status]}".${sms}`,
      });
    } else {
      // The reference of a refused order, for the answer; an order that does not exist keeps its id.
      const doc = await storage.get<Order>('orders', outcome.orderId, now).catch(() => null);
      lines.push({
        orderId: outcome.orderId,
        orderRef: doc?.data.orderRef ?? outcome.orderId,
        ok: false,
        text: `Niet gewijzigd: ${outcome.reason}`,
      });
    }
  }
  return lines;
}

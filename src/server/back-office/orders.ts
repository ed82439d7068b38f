// Orders in the back office: the paged list (by payment status, or found by reference, e-mail address or postal
// code) and the status changes staff make by hand: a bank transfer that was booked (or a payment taken in the store)
// makes an order paid, with the "payment received" e-mail; an order that will not be paid is cancelled. Every change is
// kept on the order with who made it and why, for colleagues; the customer's own view of the order never shows it.
import type { Order, PaymentStatus } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
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

export async function listOrders(input: { status: string | null; q: string | null; before: Cursor | null }, now: Date): Promise<OrderList> {
  const filter: Record<string, string> = {};
  if (isPaymentStatus(input.status)) filter.status = input.status;
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

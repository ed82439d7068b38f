// What happens to an order after it was placed, beside its payment status: its fulfilment status and the history
// of changes (who, when), stored on the order document (`Order.fulfilment`). A pick-up order goes received →
// preparing → readyForPickup → collected; an order that is delivered goes received → preparing → planned (a day and
// a two-hour window) → onTheWay → delivered. Either may be cancelled until it is done. Staff and the warehouse's
// integration only move an order forward (steps may be skipped); a planned delivery may be planned again with another
// day or window. Pure: the server's fulfilment service applies a change inside storage.update().
import { z } from '../schemas/zod.ts';
import { amsterdamTime } from './amsterdam-calendar.ts';
import type { DeliveryType } from '../schemas/delivery.ts';
import type { PaymentStatus } from './payment-statuses.ts';

export const FULFILMENT_STATUSES = [
  'received',
  'preparing',
  'readyForPickup',
  'planned',
  'onTheWay',
  'delivered',
  'collected',
  'cancelled',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** How the customer, staff and the e-mails name each status. */
export const FULFILMENT_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  received: 'Ontvangen',
  preparing: 'Wordt klaargemaakt',
  readyForPickup: 'Klaar om af te halen',
  planned: 'Bezorging gepland',
  onTheWay: 'Onderweg',
  delivered: 'Bezorgd',
  collected: 'Afgehaald',
  cancelled: 'Geannuleerd',
};

const PICK_UP_PATH: readonly FulfilmentStatus[] = ['received', 'preparing', 'readyForPickup', 'collected'];
const DELIVERY_PATH: readonly FulfilmentStatus[] = ['received', 'preparing', 'planned', 'onTheWay', 'delivered'];

/** The statuses an order of this delivery type passes, in order (cancelled is not one of them). */
export function fulfilmentPath(deliveryType: DeliveryType): readonly FulfilmentStatus[] {
  return deliveryType === 'pickUp' ? PICK_UP_PATH : DELIVERY_PATH;
}

/** Statuses after which nothing changes any more. */
export function isFinal(status: FulfilmentStatus): boolean {
  return status === 'delivered' || status === 'collected' || status === 'cancelled';
}

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Gebruik de vorm UU:MM, bijvoorbeeld 13:00.');
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Gebruik de vorm JJJJ-MM-DD.');

/** A planned delivery: the day (Europe/Amsterdam) and a window of two hours, e.g. 13:00–15:00. */
export const deliveryWindowSchema = z.object({ day: isoDay, from: time, to: time });
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>;

/** Who made a change: a member of staff (their display name) or an integration (its key's name). */
const fulfilmentActorSchema = z.object({ kind: z.enum(['staff', 'integration']), name: z.string().min(1).max(120) });
export type FulfilmentActor = z.infer<typeof fulfilmentActorSchema>;

const fulfilmentEventSchema = z.object({
  status: z.enum(FULFILMENT_STATUSES),
  at: z.string(),
  by: fulfilmentActorSchema,
  /** Only with `planned`. */
  window: deliveryWindowSchema.optional(),
});
export type FulfilmentEvent = z.infer<typeof fulfilmentEventSchema>;

/** As stored on the order; absent on an order nobody has touched yet (it is then `received` since it was placed). */
export const fulfilmentSchema = z.object({
  status: z.enum(FULFILMENT_STATUSES),
  /** The latest planned delivery, while it holds. */
  window: deliveryWindowSchema.nullable(),
  /** Oldest first; the first entry is the order's placing (by 'webshop'). */
  history: z.array(fulfilmentEventSchema).max(100),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

/** A change as staff or an integration asks for it. */
export const fulfilmentChangeSchema = z.object({
  status: z.enum(FULFILMENT_STATUSES),
  window: deliveryWindowSchema.optional(),
});
export type FulfilmentChange = z.infer<typeof fulfilmentChangeSchema>;

/** The fulfilment of an order as placed: received at its creation. */
export function initialFulfilment(createdAt: string): Fulfilment {
  return {
    status: 'received',
    window: null,
    history: [{ status: 'received', at: createdAt, by: { kind: 'integration', name: 'webshop' } }],
  };
}

/** An order's fulfilment; an order placed before fulfilment existed reads as received at its creation. */
export function fulfilmentOf(order: { createdAt: string; fulfilment?: Fulfilment | undefined }): Fulfilment {
  return order.fulfilment ?? initialFulfilment(order.createdAt);
}

/** A prepaid order whose payment is not in waits for it (a pay-later order is paid at pick-up or delivery; staff
 *  cancelling one by hand sets its payment status to cancelled, which ends it too). */
function awaitsPayment(payment: FulfilmentOrder['payment']): boolean {
  return payment.prepaid && payment.status !== 'paid';
}

/**
 * The statuses staff may choose next for an order (the rules decide in the end): the later steps of its path, planned
 * again while planned, and cancelled until it is done; only cancelled while a prepaid order is not paid.
 */
export function nextFulfilmentStatuses(order: FulfilmentOrder): FulfilmentStatus[] {
  const current = order.fulfilment.status;
  if (isFinal(current)) return [];
  if (awaitsPayment(order.payment) || order.payment.status === 'cancelled') return ['cancelled'];
  const path = fulfilmentPath(order.deliveryType);
  const later = path.filter((status, index) => index > path.indexOf(current) || (status === 'planned' && current === 'planned'));
  return [...later, 'cancelled'];
}

/** What the checks of a change need to know of the order. */
export type FulfilmentOrder = {
  deliveryType: DeliveryType;
  payment: { prepaid: boolean; status: PaymentStatus };
  fulfilment: Fulfilment;
};

/** Why a change is refused (answered 422 with this message), or the new fulfilment. */
export type FulfilmentOutcome = { ok: true; fulfilment: Fulfilment } | { ok: false; field: 'status' | 'window'; message: string };

function minutes(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

/** Whether 'YYYY-MM-DD' is a day of the calendar (Date.parse alone takes 2027-02-30 as 2 March). */
function isCalendarDay(day: string): boolean {
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/**
 * The problem with a window on `today` (YYYY-MM-DD in Amsterdam), or null. With `timeNow` ('HH:MM' in Amsterdam on
 * `today`), a window of today that has already ended is refused too.
 */
export function windowProblem(window: DeliveryWindow, today: string, timeNow: string | null = null): string | null {
  if (!isCalendarDay(window.day)) return `${window.day} is geen bestaande datum.`;
  if (window.day < today) return `De bezorgdag ${window.day} ligt in het verleden.`;
  if (minutes(window.to) - minutes(window.from) !== 120)
    return 'Een bezorgvenster duurt precies twee uur, bijvoorbeeld van 13:00 tot 15:00.';
  if (minutes(window.from) < 7 * 60 || minutes(window.to) > 22 * 60) return 'We bezorgen tussen 07:00 en 22:00.';
  if (timeNow !== null && window.day === today && minutes(window.to) <= minutes(timeNow))
    return `Het bezorgvenster van ${window.from} tot ${window.to} is vandaag al voorbij.`;
  return null;
}

/** The wall-clock time of `at` in Amsterdam when it falls on `today`, else null. */
function timeOnToday(at: string, today: string): string | null {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return null;
  const local = amsterdamTime(instant);
  return local.date === today ? local.time : null;
}

/**
 * Applies `change` to `order` at `at` (an ISO instant; `today` is its day in Amsterdam), by `by`: the new fulfilment,
 * or the reason it is refused. Refused: a status of the other path (a window on a pick-up order, "collected" for a
 * delivery), a step back, a change after the order is done, anything but cancelling a prepaid order that is not paid,
 * `planned` without a valid window (or with one that has already ended), and a window with any other status.
 */
export function applyFulfilmentChange(
  order: FulfilmentOrder,
  change: FulfilmentChange,
  by: FulfilmentActor,
  at: string,
  today: string,
): FulfilmentOutcome {
  const current = order.fulfilment.status;
  const path = fulfilmentPath(order.deliveryType);
  const refuse = (message: string, field: 'status' | 'window' = 'status'): FulfilmentOutcome => ({ ok: false, field, message });
  const label = (status: FulfilmentStatus) => `"${FULFILMENT_LABELS[status].toLowerCase()}"`;

  if (isFinal(current)) return refuse(`Deze bestelling is al ${FULFILMENT_LABELS[current].toLowerCase()}; de status verandert niet meer.`);
  if (change.status !== 'planned' && change.window)
    return refuse(`Een bezorgvenster hoort alleen bij de status ${label('planned')}.`, 'window');
  if (change.status === 'cancelled') return { ok: true, fulfilment: next(order.fulfilment, change, by, at) };
  if (!path.includes(change.status)) {
    return order.deliveryType === 'pickUp'
      ? refuse(
          `Deze bestelling wordt afgehaald: de status ${label(change.status)} hoort bij een bezorging.`,
          change.status === 'planned' ? 'window' : 'status',
        )
      : refuse(`Deze bestelling wordt bezorgd: de status ${label(change.status)} hoort bij afhalen.`);
  }
  if (!order.payment.prepaid && order.payment.status === 'cancelled' && change.status !== 'received')
    return refuse('Deze bestelling is geannuleerd bij de betaling: ze kan alleen nog worden geannuleerd.');
  if (awaitsPayment(order.payment) && change.status !== 'received')
    return refuse('Deze bestelling is nog niet betaald: zet haar pas verder als de betaling binnen is.');
  const from = path.indexOf(current);
  const to = path.indexOf(change.status);
  const replanning = change.status === 'planned' && current === 'planned';
  if (to < from || (to === from && !replanning))
    return refuse(`De status gaat alleen vooruit: van ${label(current)} kan niet naar ${label(change.status)}.`);
  if (change.status === 'planned') {
    if (!change.window) return refuse('Geef bij een geplande bezorging de dag en het venster van twee uur.', 'window');
    const problem = windowProblem(change.window, today, timeOnToday(at, today));
    if (problem) return refuse(problem, 'window');
    const held = order.fulfilment.window;
    if (replanning && held && held.day === change.window.day && held.from === change.window.from && held.to === change.window.to)
      return refuse('Deze bezorging is al zo gepland.', 'window');
  }
  return { ok: true, fulfilment: next(order.fulfilment, change, by, at) };
}

function next(current: Fulfilment, change: FulfilmentChange, by: FulfilmentActor, at: string): Fulfilment {
  const window = change.status === 'planned' ? (change.window ?? null) : change.status === 'onTheWay' ? current.window : null;
  const event: FulfilmentEvent = { status: change.status, at, by, ...(change.window ? { window: change.window } : {}) };
  return { status: change.status, window, history: [...current.history, event].slice(-100) };
}

/** The statuses the customer hears about (e-mail; `readyForPickup` and `planned` also by SMS). */
export const NOTIFIED_STATUSES: readonly FulfilmentStatus[] = ['readyForPickup', 'planned', 'onTheWay', 'delivered'];
export const SMS_STATUSES: readonly FulfilmentStatus[] = ['readyForPickup', 'planned'];

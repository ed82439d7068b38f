// The checkout form's own state, apart from the cart store: the values as the shopper types them, how they become
// cart fields on the wire, which errors to show where, the delivery cut-off line and a debounced saver. Pure
// functions (the saver takes its timers), so the rules of the form are tested without a browser.
import type { Country } from '../../domain/address.ts';
import type { Cart } from '../../domain/cart.ts';
import { addDays, amsterdamDateTime, dayLabel, type DeliveryCalendar } from '../../domain/delivery-calendar.ts';
import type { FieldError } from '../../domain/errors.ts';
import { withFields } from '../../stores/cart-patch.ts';

export type AddressPrefix = 'shipping' | 'invoice';

type AddressValues<P extends AddressPrefix> = { [K in `${P}Country`]: Country } & {
  [K in `${P}PostalCode` | `${P}HouseNumber` | `${P}HouseNumberAddition` | `${P}Street` | `${P}City`]: string;
} & { [K in `${P}ManualEntry`]: boolean };

/** Everything the checkout form edits; each key is the cart field of the same name. */
export type CheckoutValues = {
  firstName: string;
  lastName: string;
  emailAddress: string;
  phoneNumber: string;
  company: boolean;
  companyName: string;
  vatNumber: string;
  invoiceAddress: boolean;
  deliveryDay: string | null;
  deliveryWeek: string | null;
  floor: number | null;
  elevator: boolean;
  takeRetour: boolean;
  notes: string;
  paymentMethod: string | null;
  newsletter: boolean;
  acceptedTermsAndConditions: boolean;
} & AddressValues<'shipping'> &
  AddressValues<'invoice'>;

const ADDRESS_PARTS = ['Country', 'PostalCode', 'HouseNumber', 'HouseNumberAddition', 'Street', 'City', 'ManualEntry'] as const;

/** The fields in the order the form shows them: the error summary lists problems in this order. */
const FIELD_ORDER: readonly string[] = [
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'company',
  'companyName',
  'vatNumber',
  ...ADDRESS_PARTS.map((p) => `shipping${p}`),
  'invoiceAddress',
  ...ADDRESS_PARTS.map((p) => `invoice${p}`),
  'deliveryDay',
  'deliveryWeek',
  'floor',
  'elevator',
  'takeRetour',
  'notes',
  'paymentMethod',
  'newsletter',
  'acceptedTermsAndConditions',
];

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const country = (value: unknown): Country => (value === 'BE' ? 'BE' : 'NL');

function addressValues<P extends AddressPrefix>(cart: Partial<Record<string, unknown>>, prefix: P): AddressValues<P> {
  return {
    [`${prefix}Country`]: country(cart[`${prefix}Country`]),
    [`${prefix}PostalCode`]: text(cart[`${prefix}PostalCode`]),
    [`${prefix}HouseNumber`]: text(cart[`${prefix}HouseNumber`]),
    [`${prefix}HouseNumberAddition`]: text(cart[`${prefix}HouseNumberAddition`]),
    [`${prefix}Street`]: text(cart[`${prefix}Street`]),
    [`${prefix}City`]: text(cart[`${prefix}City`]),
    [`${prefix}ManualEntry`]: cart[`${prefix}ManualEntry`] === true,
  } as AddressValues<P>;
}

/** The form's values from a saved cart (a reload shows what the server holds); the Netherlands by default. */
export function valuesFromCart(cart: Partial<Cart>): CheckoutValues {
  const c = cart as Partial<Record<string, unknown>>;
  return {
    firstName: text(cart.firstName),
    lastName: text(cart.lastName),
    emailAddress: text(cart.emailAddress),
    phoneNumber: text(cart.phoneNumber),
    company: cart.company === true,
    companyName: text(cart.companyName),
    vatNumber: text(cart.vatNumber),
    invoiceAddress: cart.invoiceAddress === true,
    deliveryDay: cart.deliveryDay ?? null,
    deliveryWeek: cart.deliveryWeek ?? null,
    floor: typeof cart.floor === 'number' ? cart.floor : null,
    elevator: cart.elevator === true,
    takeRetour: cart.takeRetour === true,
    notes: text(cart.notes),
    paymentMethod: cart.paymentMethod ?? null,
    newsletter: cart.newsletter === true,
    acceptedTermsAndConditions: cart.acceptedTermsAndConditions === true,
    ...addressValues(c, 'shipping'),
    ...addressValues(c, 'invoice'),
  };
}

/** Form values as cart fields for PUT /api/carts/{id}/: trimmed text, and an empty text removes the field (null). */
export function wireFields(values: Partial<CheckoutValues>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      fields[name] = trimmed === '' ? null : trimmed;
    } else fields[name] = value ?? null;
  }
  return fields;
}

/** The cart as it will be once the form's values are saved: what validateCheckout checks on submit. */
export function draftCart(cart: Cart, values: CheckoutValues): Cart {
  return withFields(cart, wireFields(values));
}

/** The first message per field, in form order. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const error of errors) byField[error.field] ??= error.errorMessage;
  return byField;
}

export function sortErrors(errors: readonly FieldError[]): FieldError[] {
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index < 0 ? -1 : index;
  };
  return [...errors].sort((a, b) => rank(a.field) - rank(b.field));
}

/** The id of a field's input (or of its radio group) in the page. */
export function fieldId(field: string): string {
  return `co-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * Which errors the shopper sees: the client's own checks only for fields they have left (or all after a submit
 * attempt), and what the server reported as long as the field was not changed since.
 */
export function visibleErrors(
  client: Record<string, string>,
  server: Record<string, string>,
  touched: ReadonlySet<string>,
  submitted: boolean,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(client)) if (submitted || touched.has(field)) shown[field] = message;
  for (const [field, message] of Object.entries(server)) shown[field] ??= message;
  return shown;
}

// ---- Delivery ------------------------------------------------------------------------------------------------

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} uur`);
  if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? 'minuut' : 'minuten'}`);
  return parts.join(' en ');
}

export type CutoffLine = { headline: string; remaining: string | null };

/**
 * The promise of SPEC §1 ("voor 22:00 besteld, morgen in huis") for this moment: before the cut-off with the time
 * that is left, after it with the first day an order placed now arrives.
 */
export function cutoffLine(now: Date, cutoff: string, calendar: Pick<DeliveryCalendar, 'nextDeliveryDay'>): CutoffLine {
  const { date: today, time } = amsterdamDateTime(now);
  const next = calendar.nextDeliveryDay;
  const when = (date: string | null) =>
    !date ? null : date === addDays(today, 1) ? 'morgen' : date === addDays(today, 2) ? 'overmorgen' : dayLabel(date);
  const day = when(next);
  if (!day) return { headline: 'Bezorgen is op dit moment niet mogelijk.', remaining: null };
  const left = minutesOf(cutoff) - minutesOf(time);
  if (left > 0) return { headline: `Voor ${cutoff} besteld, ${day} in huis`, remaining: `Nog ${duration(left)}` };
  return { headline: `Nu besteld, ${day} in huis`, remaining: null };
}

/** Milliseconds until the next whole minute: the cut-off line and the days change only then. */
export function msToNextMinute(now: Date): number {
  return 60_000 - (now.getTime() % 60_000);
}

// ---- Saving ----------------------------------------------------------------------------------------------------

export type Timers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };

/**
 * Collects field changes and saves them: `later` waits until typing stops (one request for a burst of keys),
 * `now` saves at once together with whatever waits. `flush` saves what waits (before submit or leaving the page).
 */
export function createFieldSaver(save: (fields: Partial<CheckoutValues>) => void, delayMs: number, timers: Timers) {
  let waiting: Partial<CheckoutValues> = {};
  let handle: unknown = null;

  function flush(): Partial<CheckoutValues> {
    if (handle !== null) timers.clear(handle);
    handle = null;
    const fields = waiting;
    waiting = {};
    if (Object.keys(fields).length > 0) save(fields);
    return fields;
  }

  return {
    later(fields: Partial<CheckoutValues>): void {
      Object.assign(waiting, fields);
      if (handle !== null) timers.clear(handle);
      handle = timers.set(flush, delayMs);
    },
    now(fields: Partial<CheckoutValues>): void {
      Object.assign(waiting, fields);
      flush();
    },
    flush,
    /** Takes what waits without saving it (the submit sends it along). */
    take(): Partial<CheckoutValues> {
      if (handle !== null) timers.clear(handle);
      handle = null;
      const fields = waiting;
      waiting = {};
      return fields;
    },
  };
}

/** sessionStorage key of the last order placed in this tab (the confirmation page and a back button read it). */
export const LAST_ORDER_KEY = 'app-local-last-order';
export type LastOrder = { orderId: string; orderRef: string; paymentUrl: string | null };

/** The Monday (YYYY-MM-DD) of an ISO week such as '2026-W12', or null when it is not one. */
export function mondayOfIsoWeek(week: string): string | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (number < 1 || number > 53) return null;
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return new Date(jan4 + ((number - 1) * 7 - weekday) * 86_400_000).toISOString().slice(0, 10);
}

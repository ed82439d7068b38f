// The checkout form's own state, apart from the cart store: the values as the shopper types them, how they become
// cart fields on the wire, which errors to show where, the delivery cut-off line and a debounced saver. Pure
// functions (the saver takes its timers), so the rules of the form are tested without a browser.
import { withFields, type Cart } from '../../domain/cart.ts';
import type { CartFields, Country, FieldChanges } from '../../domain/cart-schema.ts';
import { addDays, amsterdamDateTime, dayLabel, type DeliveryCalendar } from '../../domain/delivery-calendar.ts';
import type { FieldError } from '../../domain/errors.ts';

export type AddressPrefix = 'shipping' | 'invoice';

/** Cart fields (cartSchema) by how the form holds them. */
type TextField =
  | 'firstName'
  | 'lastName'
  | 'emailAddress'
  | 'phoneNumber'
  | 'companyName'
  | 'vatNumber'
  | 'notes'
  | `${AddressPrefix}${'PostalCode' | 'HouseNumber' | 'HouseNumberAddition' | 'Street' | 'City'}`;
type FlagField =
  | 'company'
  | 'invoiceAddress'
  | 'elevator'
  | 'takeRetour'
  | 'newsletter'
  | 'acceptedTermsAndConditions'
  | `${AddressPrefix}ManualEntry`;
type ChoiceField = 'deliveryDay' | 'deliveryWeek' | 'deliveryCall' | 'floor' | 'paymentMethod';
type CountryField = `${AddressPrefix}Country`;

/**
 * Everything the checkout form edits; each key is the cart field of the same name: text as typed ('' for none),
 * flags, choices (null for none) and the countries (the Netherlands by default).
 */
export type CheckoutValues = { [K in TextField & keyof CartFields]: string } & { [K in FlagField & keyof CartFields]: boolean } & {
  [K in ChoiceField]: CartFields[K] | null;
} & { [K in CountryField]: Country };

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
  'deliveryCall',
  'floor',
  'elevator',
  'takeRetour',
  'notes',
  'paymentMethod',
  'newsletter',
  'acceptedTermsAndConditions',
];

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** The form's values from a saved cart (a reload shows what the server holds); the Netherlands by default. */
export function valuesFromCart(cart: Partial<Cart>): CheckoutValues {
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
    deliveryCall: cart.deliveryCall === true ? true : null,
    floor: typeof cart.floor === 'number' ? cart.floor : null,
    elevator: cart.elevator === true,
    takeRetour: cart.takeRetour === true,
    notes: text(cart.notes),
    paymentMethod: cart.paymentMethod ?? null,
    newsletter: cart.newsletter === true,
    acceptedTermsAndConditions: cart.acceptedTermsAndConditions === true,
    shippingCountry: cart.shippingCountry === 'BE' ? 'BE' : 'NL',
    shippingPostalCode: text(cart.shippingPostalCode),
    shippingHouseNumber: text(cart.shippingHouseNumber),
    shippingHouseNumberAddition: text(cart.shippingHouseNumberAddition),
    shippingStreet: text(cart.shippingStreet),
    shippingCity: text(cart.shippingCity),
    shippingManualEntry: cart.shippingManualEntry === true,
    invoiceCountry: cart.invoiceCountry === 'BE' ? 'BE' : 'NL',
    invoicePostalCode: text(cart.invoicePostalCode),
    invoiceHouseNumber: text(cart.invoiceHouseNumber),
    invoiceHouseNumberAddition: text(cart.invoiceHouseNumberAddition),
    invoiceStreet: text(cart.invoiceStreet),
    invoiceCity: text(cart.invoiceCity),
    invoiceManualEntry: cart.invoiceManualEntry === true,
  };
}

/** Form values as cart fields for PUT /api/carts/{id}/: trimmed text, and an empty text removes the field (null). */
export function wireFields(values: Partial<CheckoutValues>): FieldChanges {
  const fields: FieldChanges = {};
  for (const [name, value] of Object.entries(values)) {
    Object.assign(fields, { [name]: typeof value === 'string' ? value.trim() || null : (value ?? null) });
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

/** Street and place follow from the look-up: while postal code or house number is wrong, those are the errors. */
export function relevantErrors(errors: readonly FieldError[], values: CheckoutValues): FieldError[] {
  const fields = new Set(errors.map((e) => e.field));
  return errors.filter((e) => {
    const match = /^(shipping|invoice)(Street|City)$/.exec(e.field);
    if (!match) return true;
    const prefix = match[1] as AddressPrefix;
    if (values[`${prefix}ManualEntry`]) return true;
    return !fields.has(`${prefix}PostalCode`) && !fields.has(`${prefix}HouseNumber`);
  });
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

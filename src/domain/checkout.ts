// Checks of the checkout (DESIGN §3 "Placing an order"): everything the server verifies before it turns a cart
// into an order, and the browser shows next to the fields. Returns the problems in Dutch; none means valid.
import type { DeliveryPlanningSettings } from '../schemas/delivery.ts';
import type { PaymentSettings } from '../schemas/payment.ts';
import { addressFromCart, isCountry, validateAddress } from './address.ts';
import { cartMode, deriveDeliveryType } from './cart-queries.ts';
import { itemKey, type Cart } from './cart.ts';
import type { QuoteItem } from './cart-schema.ts';
import type { DeliveryCalendar } from './delivery-calendar.ts';
import { allowedPlanning, planningProblem } from './delivery-planning.ts';
import type { FieldError } from './errors.ts';
import { FIELD_MAX_LENGTH as MAX } from './limits.ts';
import { isPaymentMethodAllowed } from './payment.ts';
import { CART_LOCKED_MESSAGE, DELIVERY_TYPE_LABELS } from './texts.ts';
import { isValidEmail, normalizePhoneNumber } from './contact.ts';

export { isValidEmail, normalizePhoneNumber };

export type CheckoutContext = {
  paymentSettings: Pick<PaymentSettings, 'methods'>;
  calendar: Pick<DeliveryCalendar, 'days' | 'weeks' | 'daySelection' | 'delayed'>;
  /** How each delivery type may be planned (delivery.yaml, `planning`). */
  planning: DeliveryPlanningSettings;
  /** When given, items whose product has expired are reported. */
  productsById?: Readonly<Record<string | number, { expired: boolean } | undefined>>;
};

type ItemDiscounts = QuoteItem['itemDiscounts'];

function sameDiscounts(a: ItemDiscounts, b: ItemDiscounts): boolean {
  return (a?.makeAmends?.price ?? null) === (b?.makeAmends?.price ?? null);
}

/** Whether the items are still those of the quote: the same products, combinations, discounts and quantities. */
export function quoteMatches(cart: Cart): boolean {
  const quote = cart.quoteRef;
  if (!quote?.quoteId) return false;
  const byKey = (items: Iterable<QuoteItem>) => new Map([...items].map((i) => [itemKey(i.productId, i.combinationId), i]));
  const quoted = byKey(Object.values(quote.items ?? {}));
  const current = byKey(Object.values(cart.items));
  if (quoted.size !== current.size) return false;
  for (const [key, q] of quoted) {
    const c = current.get(key);
    if (!c || c.qty !== q.qty || !sameDiscounts(c.itemDiscounts, q.itemDiscounts)) return false;
  }
  return true;
}

export type CheckoutBlock = 'locked' | 'empty' | 'quoteChanged';

/** Why the cart cannot go to checkout, or null when it can. */
export function checkoutBlock(cart: Cart): CheckoutBlock | null {
  if (cart.locked) return 'locked';
  if (Object.keys(cart.items).length === 0) return 'empty';
  if (cartMode(cart) === 'quote' && !quoteMatches(cart)) return 'quoteChanged';
  return null;
}

export function checkoutAllowed(cart: Cart): boolean {
  return checkoutBlock(cart) === null;
}

const blockMessages: Readonly<Record<CheckoutBlock, string>> = {
  locked: CART_LOCKED_MESSAGE,
  empty: 'Je winkelwagen is leeg.',
  quoteChanged:
    'Je winkelwagen wijkt af van je offerte, daarom kun je nu niet afrekenen. Zet de artikelen en aantallen terug zoals in de offerte, of neem contact met ons op voor een nieuwe offerte.',
};

export function checkoutBlockMessage(block: CheckoutBlock): string {
  return blockMessages[block];
}

/** A VAT number in its standard form (NL123456789B01, BE0123456789), or null. */
export function normalizeVatNumber(raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return /^NL\d{9}B\d{2}$/.test(compact) || /^BE[01]\d{9}$/.test(compact) ? compact : null;
}

const namePattern = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

function nameError(value: string | undefined, empty: string, invalid: string, max: number): string | null {
  const name = (value ?? '').trim();
  if (!name) return empty;
  if (name.length > max || !namePattern.test(name)) return invalid;
  return null;
}

export function validateCheckout(cart: Cart, context: CheckoutContext): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string | null) => {
    if (message) errors.push({ field, errorMessage: message });
  };

  const block = checkoutBlock(cart);
  if (block) add('items', blockMessages[block]);
  if (context.productsById) {
    for (const [key, item] of Object.entries(cart.items)) {
      if (context.productsById[item.productId]?.expired !== false)
        add(`items.${key}`, 'Dit artikel is niet meer leverbaar. Verwijder het uit je winkelwagen.');
    }
  }

  add('firstName', nameError(cart.firstName, 'Vul je voornaam in.', 'Vul een geldige voornaam in.', MAX.firstName));
  add('lastName', nameError(cart.lastName, 'Vul je achternaam in.', 'Vul een geldige achternaam in.', MAX.lastName));
  const email = (cart.emailAddress ?? '').trim();
  add(
    'emailAddress',
    !email ? 'Vul je e-mailadres in.' : isValidEmail(email) ? null : 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
  );
  const country = isCountry(cart.shippingCountry) ? cart.shippingCountry : null;
  const phone = (cart.phoneNumber ?? '').trim();
  add(
    'phoneNumber',
    !phone
      ? 'Vul je telefoonnummer in.'
      : normalizePhoneNumber(phone, country)
        ? null
        : 'Vul een geldig Nederlands of Belgisch telefoonnummer in, bijvoorbeeld 06 12345678 of +32 470 12 34 56.',
  );

  // The shipping address is also the customer's address, so it is needed for pickup orders too.
  errors.push(...validateAddress(addressFromCart(cart, 'shipping'), 'shipping'));
  if (cart.invoiceAddress === true) errors.push(...validateAddress(addressFromCart(cart, 'invoice'), 'invoice'));

  if (cart.company) {
    add('companyName', (cart.companyName ?? '').trim() ? null : 'Vul je bedrijfsnaam in.');
    const vat = (cart.vatNumber ?? '').trim();
    add(
      'vatNumber',
      !vat
        ? 'Vul het btw-nummer van je bedrijf in.'
        : normalizeVatNumber(vat)
          ? null
          : 'Vul een geldig btw-nummer in, bijvoorbeeld NL123456789B01 of BE0123456789.',
    );
  }

  const deliveryType = deriveDeliveryType(cart.items);
  if (deliveryType !== 'pickUp') {
    const allowed = allowedPlanning(context.planning, deliveryType);
    const problem = planningProblem(cart, context.calendar, allowed, DELIVERY_TYPE_LABELS[deliveryType]);
    if (problem) errors.push(problem);
  }

  if (!cart.paymentMethod) add('paymentMethod', 'Kies een betaalmethode.');
  else if (!isPaymentMethodAllowed(context.paymentSettings, cart.paymentMethod, { country, deliveryType }))
    add('paymentMethod', 'Deze betaalmethode is niet mogelijk voor je bestelling. Kies een andere betaalmethode.');

  if ((cart.notes ?? '').length > MAX.notes) add('notes', `Je opmerking is te lang: gebruik maximaal ${MAX.notes} tekens.`);

  if (cart.acceptedTermsAndConditions !== true) add('acceptedTermsAndConditions', 'Je moet akkoord gaan met de leveringsvoorwaarden.');

  return errors;
}

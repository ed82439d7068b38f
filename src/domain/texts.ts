// Dutch texts that several parts of the shop show for the same thing, written once. (The floor and day labels
// live with the delivery calendar, the quantity messages with the cart rules.)
import type { DeliveryType } from '../schemas/delivery.ts';

/** A change to a cart whose order has been placed. */
export const CART_LOCKED_MESSAGE = 'Deze winkelwagen is al afgerekend en kan niet meer worden gewijzigd.';

/** The cart changed (another tab) while its payment was being started: nothing was ordered. */
export const CART_CHANGED_DURING_PAYMENT =
  'Je winkelwagen is net gewijzigd terwijl we je betaling klaarzetten. Er is niets besteld: controleer je winkelwagen en reken opnieuw af.';

/** A payment provider could not start the payment: the order is not placed, the cart stays as it was. */
export function paymentStartFailed(methodLabel: string): string {
  return `Betalen met ${methodLabel} lukt op dit moment niet. Er is niets besteld en je winkelwagen is bewaard. Probeer het over een paar minuten opnieuw of kies een andere betaalmethode.`;
}

/** How the order reaches the shopper: the buy box, the checkout and the order confirmation use the same words. */
export const DELIVERY_TYPE_LABELS: Readonly<Record<DeliveryType, string>> = {
  default: 'Bezorgen',
  assembly: 'Bezorgen en monteren',
  extraService: 'Bezorgen en aansluiten',
  pickUp: 'Zelf afhalen',
};

/** When a pick-up order can be collected: the confirmation page and the order e-mail say the same. */
export const PICKUP_WHEN =
  'Je krijgt een e-mail en een sms zodra je bestelling klaarstaat; kom pas daarna. Je bestelling blijft tien werkdagen voor je bewaard.';

/** The link from a pick-up order's confirmation (page and e-mail) to the pick-up location's own page. */
export function pickupPageLink(name: string): string {
  return `Meer over ${name}`;
}

/** What to bring to the pick-up point. */
export const PICKUP_BRING: readonly string[] = [
  'de bevestiging van je bestelling met het bestelnummer, op papier of op je telefoon',
  'een geldig identiteitsbewijs: paspoort, identiteitskaart of rijbewijs',
  'een machtiging en een kopie van het identiteitsbewijs van de besteller als iemand anders ophaalt',
];

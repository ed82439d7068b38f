// Placing an order (DESIGN §3 "Placing an order"): the checkout's checks on the stored cart, then the locked cart and
// the order (orderSchema) to write in the same transaction. Synchronous and pure apart from the reference it
// draws, so it runs inside storage.update()'s mutator.
import { randomBytes } from 'node:crypto';
import { normalizeAddress } from '../../domain/address.ts';
import type { Cart, Order } from '../../domain/cart-schema.ts';
import { normalizePhoneNumber, validateCheckout } from '../../domain/checkout.ts';
import { chosenPlanning } from '../../domain/delivery-planning.ts';
import { ApiError } from '../../domain/errors.ts';
import { initialFulfilment } from '../../domain/fulfilment.ts';
import { orderReference } from '../../domain/references.ts';
import { CART_CHANGED_DURING_PAYMENT, CART_LOCKED_MESSAGE } from '../../domain/texts.ts';
import { pickupDetails, pickupStoreOf } from '../../domain/shops.ts';
import { cartTotalsOf, computeTotals } from '../../domain/totals.ts';
import { cartExpiry } from '../cart/change.ts';
import { calendarFor, resolveItems } from '../cart/items.ts';
import type { Catalog } from '../content/catalog.ts';
import { mailFor } from '../mail/queue.ts';
import { orderConfirmation, type OrderConfirmationData } from '../mail/templates/order-confirmation.ts';
import type { StartedPayment } from '../payments/online.ts';
import { orderProviderKey } from '../payments/registry.ts';
import { transferDetails } from '../payments/transfer.ts';
import type { Mutation, NewDocument, NewMail, StoredDocument } from '../storage/types.ts';

/** A human order reference: KH-<year>-<8 characters of the one reference alphabet> (src/domain/references.ts). */
function newOrderRef(now: Date): string {
  return orderReference(now.getUTCFullYear(), randomBytes(8));
}

export type Submission = { mutation: Mutation<Cart>; order: Order };

const PAYMENT_METHOD_UNAVAILABLE = 'Deze betaalmethode is nu niet mogelijk. Kies een andere betaalmethode.';

/**
 * Checks the cart for checkout and, when everything is right, returns the locked cart and the order to insert in
 * the same transaction. 422 with every problem otherwise; 409 when the cart was ordered already.
 */
export function submitCart(
  doc: StoredDocument<Cart>,
  catalog: Catalog,
  now: Date,
  orderId: string,
  started: StartedPayment | null = null,
): Submission {
  const cart = doc.data;
  if (cart.locked) throw new ApiError(409, CART_LOCKED_MESSAGE);
  const productsById: Record<number, { expired: boolean }> = {};
  for (const item of Object.values(cart.items)) {
    const product = catalog.summaries.get(item.productId);
    if (product) productsById[item.productId] = product;
  }
  const resolved = resolveItems(cart, catalog);
  const calendar = calendarFor(cart, resolved.stock, catalog, now);
  const errors = validateCheckout(cart, { paymentSettings: catalog.payment, calendar, planning: catalog.delivery.planning, productsById });
  // The method is known and allowed here once validateCheckout found nothing wrong.
  const chosen = catalog.payment.methods.find((m) => m.key === cart.paymentMethod);
  // Who takes the payment; nobody in production when the method's provider has no keys (serve.ts does not start so).
  const takenBy = started?.provider ?? (chosen ? orderProviderKey(chosen) : null);
  if (chosen && !takenBy && !errors.some((e) => e.field === 'paymentMethod'))
    errors.push({ field: 'paymentMethod', errorMessage: PAYMENT_METHOD_UNAVAILABLE });
  if (errors.length > 0 || !chosen || !takenBy) throw new ApiError(422, 'Controleer je gegevens: niet alles is juist ingevuld.', errors);
  const method = chosen;
  const provider = takenBy;

  const totals = computeTotals(cart, catalog.summaries, catalog.totalsContext);
  const planning = totals.deliveryType === 'pickUp' ? null : chosenPlanning(cart);
  const orderRef = started?.orderRef ?? newOrderRef(now);
  const country = cart.shippingCountry ?? 'NL';
  const address = (prefix: 'shipping' | 'invoice') =>
    normalizeAddress({
      street: cart[`${prefix}Street`],
      houseNumber: cart[`${prefix}HouseNumber`],
      houseNumberAddition: cart[`${prefix}HouseNumberAddition`],
      postalCode: cart[`${prefix}PostalCode`],
      city: cart[`${prefix}City`],
      country: cart[`${prefix}Country`],
    });
  const order: Order = {
    orderId,
    orderRef,
    cartId: doc.id,
    createdAt: now.toISOString(),
    customer: {
      firstName: cart.firstName?.trim(),
      lastName: cart.lastName?.trim(),
      emailAddress: cart.emailAddress?.trim(),
      phoneNumber: normalizePhoneNumber(cart.phoneNumber, country),
      company: cart.company ?? false,
      companyName: cart.company ? cart.companyName?.trim() : undefined,
      vatNumber: cart.company ? cart.vatNumber?.trim() : undefined,
      newsletter: cart.newsletter ?? false,
      reference: cart.reference,
    },
    shippingAddress: address('shipping'),
    invoiceAddress: cart.invoiceAddress ? address('invoice') : null,
    delivery: {
      deliveryType: totals.deliveryType,
      deliveryDay: planning === 'day' ? (cart.deliveryDay ?? null) : null,
      deliveryWeek: planning === 'week' ? (cart.deliveryWeek ?? null) : null,
      deliveryCall: planning === 'call',
      floor: cart.floor ?? null,
      elevator: cart.elevator ?? false,
      takeRetour: cart.takeRetour ?? false,
      notes: cart.notes ?? '',
      ...(totals.deliveryType === 'pickUp' && cart.pickupStoreId ? { pickupStoreId: cart.pickupStoreId } : {}),
    },
    items: resolved.items,
    products: resolved.products,
    combinations: resolved.combinations,
    quoteRef: cart.quoteRef ?? null,
    totals: cartTotalsOf(totals),
    payment: {
      method: method.key,
      label: method.label,
      provider,
      configuredProvider: method.provider,
      fee: totals.paymentTotal,
      amount: totals.grandTotal,
      prepaid: method.prepaid,
      // A bank transfer has no payment page: the order waits for the money to arrive.
      status: method.key === 'bankTransfer' ? 'awaitingTransfer' : 'open',
      updatedAt: now.toISOString(),
      ...(started ? { attempts: [started.attempt] } : {}),
    },
    fulfilment: initialFulfilment(now.toISOString()),
  };
  // The provider's payment was made for the amount the cart had when checked; a cart changed since then fails here.
  if (started && order.payment.amount !== started.amount) throw new ApiError(409, CART_CHANGED_DURING_PAYMENT);
  const insert: NewDocument<Order> = { kind: 'orders', id: orderId, owner: doc.owner, data: order, expiresAt: null };
  // The confirmation is queued in the same transaction: no order without its e-mail, no e-mail without its order.
  const mails: NewMail[] = order.customer.emailAddress
    ? [mailFor(orderConfirmation, order.customer.emailAddress, orderMailData(order, catalog))]
    : [];
  return {
    order,
    mutation: { data: { ...cart, locked: true, orderRef, orderId }, expiresAt: cartExpiry(now), inserts: [insert], mails },
  };
}

/** The order with what its e-mails show besides it: the bank account to pay to, the pick-up point. */
export function orderMailData(order: Order, catalog: Catalog): OrderConfirmationData {
  const pickupStore = pickupStoreOf(
    catalog.stores.map((store) => store.data),
    order.delivery.pickupStoreId,
  );
  return {
    order,
    bankTransfer: order.payment.method === 'bankTransfer' ? transferDetails(order, catalog) : null,
    pickup: order.delivery.deliveryType === 'pickUp' && pickupStore ? pickupDetails(pickupStore) : null,
  };
}

// The e-mail an order gets when it becomes paid ("Betaling ontvangen"), whoever made it paid: a provider's report
// (online.ts), the test provider's page (test-provider.ts) or staff booking a transfer (back-office/orders.ts). Queued
// in the same write as the change, so a paid order always gets it and an unpaid one never does.
import type { Order } from '../../domain/cart-schema.ts';
import { pickupDetails, pickupStoreOf } from '../../domain/shops.ts';
import { getCatalog } from '../content/catalog.ts';
import { mailFor } from '../mail/queue.ts';
import { paymentReceived } from '../mail/templates/payment-received.ts';
import type { NewMail } from '../storage/types.ts';

/** The "payment received" e-mail of an order that has just become paid; none without an e-mail address. */
export function paymentReceivedMails(order: Order): NewMail[] {
  const email = order.customer.emailAddress;
  if (!email) return [];
  // Where a pick-up order is collected, as the confirmation e-mail said (orders/place-order.ts, orderMailData).
  const store =
    order.delivery.deliveryType === 'pickUp'
      ? pickupStoreOf(
          getCatalog().stores.map((entry) => entry.data),
          order.delivery.pickupStoreId,
        )
      : undefined;
  return [mailFor(paymentReceived, email, { order, pickup: store ? pickupDetails(store) : null })];
}

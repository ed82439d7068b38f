// The messages a change of an order's fulfilment status sends to the customer: an e-mail for every status the
// customer hears about (NOTIFIED_STATUSES) and, for readyForPickup and planned, an SMS on the SMS queue. Pure given
// its arguments: src/server/fulfilment/change.ts queues what this returns in the order's transaction.
import type { Order } from '../../domain/cart-schema.ts';
import type { FulfilmentEvent } from '../../domain/fulfilment.ts';
import type { Catalog } from '../content/catalog.ts';
import type { NewMail } from '../storage/types.ts';

/** The e-mail and SMS to queue for `event` on `order`, and a Dutch sentence for staff when no SMS can go. */
export function fulfilmentNotifications(
  _order: Order,
  _event: FulfilmentEvent,
  _catalog: Catalog,
): { mails: NewMail[]; smsProblem: string | null } {
  return { mails: [], smsProblem: null };
}

// The fulfilment service: moves one order (or each order of a selection) to a new fulfilment status with the rules of
// src/domain/fulfilment.ts, in one storage.update() of the order, and queues the customer's e-mail and SMS for the
// change in that same transaction (src/server/notifications/fulfilment.ts): no status without its messages, no
// message without its status. Used by PUT /api/orders/{orderId}/fulfilment/, the back office and the status import.
import type { Order } from '../../domain/cart-schema.ts';
import { amsterdamTime } from '../../domain/amsterdam-calendar.ts';
import { ApiError } from '../../domain/errors.ts';
import {
  applyFulfilmentChange,
  fulfilmentOf,
  type FulfilmentActor,
  type FulfilmentChange,
  type FulfilmentEvent,
} from '../../domain/fulfilment.ts';
import { isStoredId } from '../../domain/ids.ts';
import { getCatalog } from '../content/catalog.ts';
import { fulfilmentNotifications } from '../notifications/fulfilment.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import { NotFoundError } from '../storage/types.ts';

const UNKNOWN_ORDER = 'Deze bestelling bestaat niet.';

/** The order as changed, and a Dutch sentence for staff when the customer's phone number could not take the SMS. */
export type FulfilmentChanged = { order: Order; smsProblem: string | null };

/**
 * Sets `change` on the order at `now`, by `by`. Throws ApiError 404 for an unknown order and 422 (naming the field
 * `status` or `window`, with the rule's reason) for a change the rules refuse.
 */
export async function changeFulfilment(
  orderId: string,
  change: FulfilmentChange,
  by: FulfilmentActor,
  now: Date,
): Promise<FulfilmentChanged> {
  if (!isStoredId(orderId)) throw new ApiError(404, UNKNOWN_ORDER);
  const at = now.toISOString();
  const today = amsterdamTime(now).date;
  const catalog = getCatalog();
  let smsProblem: string | null = null;
  try {
    const doc = await getStorage().update<Order>(
      'orders',
      orderId,
      (current) => {
        const order = current.data;
        const outcome = applyFulfilmentChange(
          { deliveryType: order.delivery.deliveryType, payment: order.payment, fulfilment: fulfilmentOf(order) },
          change,
          by,
          at,
          today,
        );
        if (!outcome.ok) throw new ApiError(422, outcome.message, [{ field: outcome.field, errorMessage: outcome.message }]);
        const changed: Order = { ...order, fulfilment: outcome.fulfilment };
        const event = outcome.fulfilment.history.at(-1) as FulfilmentEvent;
        const notifications = fulfilmentNotifications(changed, event, catalog);
        smsProblem = notifications.smsProblem;
        return { data: changed, mails: notifications.mails };
      },
      { now },
    );
    return { order: doc.data, smsProblem };
  } catch (error) {
    if (error instanceof NotFoundError) throw new ApiError(404, UNKNOWN_ORDER);
    throw error;
  }
}

/** What became of one order of a selection. */
export type SelectionOutcome =
  | { orderId: string; ok: true; order: Order; smsProblem: string | null }
  | { orderId: string; ok: false; reason: string };

/** At most this many orders in one selection (the back office shows 25 to a page). */
const MAX_SELECTION = 100;

const NOT_NOW = 'Dit lukte nu niet. Probeer het zo opnieuw.';

/**
 * Sets `change` on each order of a selection on its own, in the order given (each id once): one refused or failing
 * order does not stop the others. Per order: the changed order, or the reason in Dutch.
 */
export async function changeFulfilments(
  orderIds: readonly string[],
  change: FulfilmentChange,
  by: FulfilmentActor,
  now: Date,
): Promise<SelectionOutcome[]> {
  const ids = [...new Set(orderIds)];
  if (ids.length > MAX_SELECTION) throw new ApiError(422, `Kies hoogstens ${MAX_SELECTION} bestellingen tegelijk.`);
  const outcomes: SelectionOutcome[] = [];
  for (const orderId of ids) {
    try {
      const { order, smsProblem } = await changeFulfilment(orderId, change, by, now);
      outcomes.push({ orderId, ok: true, order, smsProblem });
    } catch (error) {
      if (!(error instanceof ApiError)) logger.error({ err: error, orderId }, 'fulfilment change of a selection failed');
      outcomes.push({ orderId, ok: false, reason: error instanceof ApiError ? error.summary : NOT_NOW });
    }
  }
  return outcomes;
}

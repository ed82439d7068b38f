// GET /api/orders/{orderId}/ (owner or staff only). Orders placed in a store (orders/non-web/…) are in
// kitchen-orders.ts.
import type { Order, PaymentRefund } from '../../domain/cart-schema.ts';
import { now } from '../runtime/clock.ts';
import type { Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { getStorage } from '../storage/index.ts';
import type { StaffOrder } from '../back-office/orders.ts';
import { can } from '../../domain/capabilities.ts';
import { assertOwner, idParam, requireAuth } from '../http/handler-helpers.ts';

/** An order as its shopper reads it. */
type ShopperOrder = Omit<Order, 'payment'> & {
  payment: Omit<Order['payment'], 'refunds'> & { refunds?: Omit<PaymentRefund, 'staffName' | 'reason'>[] };
};

export const getOrder: Handler = async (request) => {
  const claims = requireAuth(request);
  const doc = await getStorage().get<StaffOrder>('orders', idParam(request, 'orderId'), now());
  if (!doc) throw fail.notFound('Deze bestelling bestaat niet.');
  assertOwner(claims, doc);
  if (can(claims.role, 'readOthersRecords')) return json(doc.data);
  // What staff noted on the order is theirs, and so are who made a refund and why: the shopper sees the amounts and
  // whether the money has come back.
  const { staffLog: _log, ...order } = doc.data;
  const refunds = order.payment.refunds?.map(({ staffName: _name, reason: _reason, ...refund }) => refund);
  // Nor which member of staff moved the order on: the shop did.
  const fulfilment = order.fulfilment && {
    ...order.fulfilment,
    history: order.fulfilment.history.map((e) =>
      e.by.kind === 'staff' ? { ...e, by: { kind: 'staff' as const, name: 'Keukenhuys' } } : e,
    ),
  };
  return json({
    ...order,
    ...(fulfilment ? { fulfilment } : {}),
    payment: { ...order.payment, ...(refunds ? { refunds } : {}) },
  } satisfies ShopperOrder);
};

// GET /api/orders/{orderId}/ (owner or staff only). Orders placed in a store (orders/non-web/…) are in
// kitchen-orders.ts.
import type { Order } from '../../domain/cart-schema.ts';
import { now } from '../clock.ts';
import type { Handler } from '../context.ts';
import { fail, json } from '../http.ts';
import { getStorage } from '../storage/index.ts';
import type { StaffOrder } from '../back-office/orders.ts';
import { isStaff } from '../permissions.ts';
import { assertOwner, idParam, requireAuth } from './shared.ts';

export const getOrder: Handler = async (request) => {
  const claims = requireAuth(request);
  const doc = await getStorage().get<StaffOrder>('orders', idParam(request, 'orderId'), now());
  if (!doc) throw fail.notFound('Deze bestelling bestaat niet.');
  assertOwner(claims, doc);
  if (isStaff(claims.role)) return json(doc.data);
  // What staff noted on the order is theirs.
  const { staffLog: _log, ...order } = doc.data;
  return json(order satisfies Order);
};

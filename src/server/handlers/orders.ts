// GET /api/orders/{orderId}/ (owner or staff only). Orders placed in a store (orders/non-web/…) are in
// kitchen-orders.ts.
import type { Order } from '../../domain/cart-schema.ts';
import { now } from '../clock.ts';
import type { Handler } from '../context.ts';
import { fail, json } from '../http.ts';
import { getStorage } from '../storage/index.ts';
import { assertOwner, idParam, requireAuth } from './shared.ts';

export const getOrder: Handler = async (request) => {
  const claims = requireAuth(request);
  const doc = await getStorage().get<Order>('orders', idParam(request, 'orderId'), now());
  if (!doc) throw fail.notFound('Deze bestelling bestaat niet.');
  assertOwner(claims, doc);
  return json(doc.data);
};

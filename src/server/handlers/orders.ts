// GET /api/orders/{orderId}/ (owner or staff only) and GET /api/orders/non-web/{orderId}/ (orders placed in a
// store; none are kept here, so it always answers 404 after the token check).
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

export const getNonWebOrder: Handler = async (request) => {
  requireAuth(request);
  idParam(request, 'orderId');
  throw fail.notFound('Deze bestelling bestaat niet.');
};

// One stored order by its id, for the pages that show or pay it (/bestelling/{id}/, /betalen/{id}/). An id that
// cannot be one of ours is not looked up.
import type { Order } from '../../domain/cart-schema.ts';
import { isStoredId } from '../../domain/ids.ts';
import { now } from '../runtime/clock.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';

export async function getOrderDocument(orderId: string): Promise<StoredDocument<Order> | null> {
  if (!isStoredId(orderId)) return null;
  return getStorage().get<Order>('orders', orderId, now());
}

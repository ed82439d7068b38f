// "Mijn keuken" on the API: kitchen orders made in a store (orders/non-web/{orderId}).
//
//   POST   /api/orders/non-web/session/      { orderNumber, postalCode } → 201 { token, orderId, expiresAt }
//   DELETE /api/orders/non-web/session/      log out: the bearer's kitchen token stops working
//   GET    /api/orders/non-web/{orderId}/    the order, to its kitchen token or to staff
//   GET    /api/orders/non-web/{orderId}/documents/{documentId}/   one of its documents, as a download, likewise
//
// A kitchen token is not a shop token (src/server/kitchen-orders/session.ts): the gate does not accept it, so these
// handlers read it from the Authorization header themselves. Whether an order exists is told to staff only: a
// kitchen token for another order and a guest token get 403 before anything is looked up.
import { bearerToken } from '../http/tokens.ts';
import { getCatalog } from '../content/catalog.ts';
import { now } from '../runtime/clock.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { logInToKitchenOrder } from './login.ts';
import { revokeKitchenSession, verifyKitchenSession } from './session.ts';
import { loadKitchenOrderView, openKitchenDocument } from './view.ts';
import { can } from '../../domain/capabilities.ts';
import { idParam, objectBody } from '../http/handler-helpers.ts';

const LOG_IN_AGAIN = 'Je bent niet (meer) ingelogd voor deze keukenorder. Log opnieuw in met je ordernummer en postcode.';

const kitchenSessionOf = (request: ApiRequest) => verifyKitchenSession(bearerToken(request.headers.get('authorization')), now());

export const logIn: Handler = async (request) => {
  const at = now();
  const { token, session } = await logInToKitchenOrder(objectBody(request), request.clientAddress, at);
  return json({ token, orderId: session.orderId, expiresAt: new Date(session.expiresAt * 1000).toISOString() }, 201);
};

export const logOut: Handler = async (request) => {
  const session = await kitchenSessionOf(request);
  if (!session) throw fail.unauthorized(LOG_IN_AGAIN);
  await revokeKitchenSession(session, now());
  return json({ loggedOut: true });
};

/** The order id of the URL, once the caller may read that order: staff, or the kitchen token of that order. */
async function readableOrderId(request: ApiRequest): Promise<string> {
  const orderId = idParam(request, 'orderId');
  if (request.auth && can(request.auth.role, 'readOthersRecords')) return orderId;
  const session = await kitchenSessionOf(request);
  if (!session) throw request.auth ? fail.forbidden() : fail.unauthorized(LOG_IN_AGAIN);
  if (session.orderId !== orderId) throw fail.forbidden();
  return orderId;
}

export const getNonWebOrder: Handler = async (request) => {
  const orderId = await readableOrderId(request);
  const view = await loadKitchenOrderView(orderId, getCatalog());
  if (!view) throw fail.notFound('Deze keukenorder bestaat niet.');
  return json(view);
};

export const getNonWebDocument: Handler = async (request) => {
  const orderId = await readableOrderId(request);
  const reply = await openKitchenDocument(orderId, idParam(request, 'documentId'), now());
  if (!reply) throw fail.notFound('Dit document bestaat niet (meer).');
  return reply;
};

// PUT /api/orders/{orderId}/fulfilment/ with {status, window?}: staff (setFulfilment) or an integration (its key in
// X-Integration-Key) move an order to its next fulfilment status. Answers the order's fulfilment and, when the
// customer's phone number could not take the SMS, a Dutch sentence saying so (smsProblem).
import { fulfilmentChangeSchema, type FulfilmentActor } from '../../domain/fulfilment.ts';
import type { Handler } from '../http/context.ts';
import { idParam, objectBody } from '../http/handler-helpers.ts';
import { integrationOrStaff } from '../http/integration-keys.ts';
import { json } from '../http/reply.ts';
import type { TokenClaims } from '../http/tokens.ts';
import { parseOr422 } from '../http/validation.ts';
import { now } from '../runtime/clock.ts';
import type { StaffSession } from '../staff/sessions.ts';
import { getStorage } from '../storage/index.ts';
import { changeFulfilment } from './change.ts';

/** How the history names a staff member without a login's session (a token of the token CLI). */
const STAFF_WITHOUT_SESSION = 'Medewerker';

/** The display name of the staff member whose login's session the token carries. */
async function staffName(claims: TokenClaims | null, at: Date): Promise<string> {
  if (!claims?.sid) return STAFF_WITHOUT_SESSION;
  const session = await getStorage().get<StaffSession>('staffSessions', claims.sid, at);
  return session?.data.name ?? STAFF_WITHOUT_SESSION;
}

export const putFulfilment: Handler = async (request) => {
  const caller = integrationOrStaff(request, 'setFulfilment');
  const orderId = idParam(request, 'orderId');
  const change = parseOr422(fulfilmentChangeSchema, objectBody(request));
  const at = now();
  const by: FulfilmentActor =
    caller.kind === 'integration' ? { kind: 'integration', name: caller.name } : { kind: 'staff', name: await staffName(request.auth, at) };
  const { order, smsProblem } = await changeFulfilment(orderId, change, by, at);
  return json({ orderId: order.orderId, orderRef: order.orderRef, fulfilment: order.fulfilment, smsProblem });
};

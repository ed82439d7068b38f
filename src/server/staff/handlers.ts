// POST /api/staff/session/ (a staff login: e-mail and password give a staff token) and DELETE (log-out: the token's
// session ends on the server, so the token is refused everywhere from then on).
import { now } from '../runtime/clock.ts';
import type { Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { can } from '../../domain/capabilities.ts';
import { logInStaff } from './login.ts';
import { revokeStaffSession } from './sessions.ts';
import { objectBody } from '../http/handler-helpers.ts';

export const logIn: Handler = async (request) => {
  const { token, session } = await logInStaff(objectBody(request), request.clientAddress, now());
  return json(
    {
      token,
      role: session.role,
      name: session.name,
      shop: session.storeId,
      idleUntil: session.idleUntil,
      endsAt: session.endsAt,
    },
    201,
  );
};

export const logOut: Handler = async (request) => {
  const claims = request.auth;
  if (!claims || !can(claims.role, 'backOffice')) throw fail.unauthorized();
  if (!claims.sid) throw fail.badRequest('Dit token hoort niet bij een aanmelding en kan niet worden afgemeld.');
  await revokeStaffSession(claims.sid, now());
  return json({ loggedOut: true });
};

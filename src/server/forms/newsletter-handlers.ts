// The newsletter's API (issue 9):
//   POST /api/newsletter-subscribers/ signs up, as JSON with a token (the islands) or as an HTML form without one (the
//     footer of every page, no JavaScript): pending until the link in the confirmation e-mail is opened. A form post
//     is answered with 303 to /nieuwsbrief/?status=… ; quota `newsletter` per token and per address.
//   DELETE /api/newsletter-subscribers/ unsubscribes only with the signed token of an unsubscribe link in the body;
//     an e-mail address alone is refused with 403.
//   GET /api/newsletter-subscribers/unsubscribe/?t=… (the List-Unsubscribe address opened in a browser) leads to the
//     unsubscribe page; POST to it unsubscribes: RFC 8058's one click from the mail client (answered 200), or the
//     button on that page (answered 303 back to it).
import { z } from 'zod';
import { isValidEmail } from '../../domain/checkout.ts';
import { ApiError } from '../../domain/errors.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { type ApiReply, fail, json, redirect } from '../http/reply.ts';
import { signUp, unsubscribe } from './newsletter.ts';
import { checkQuota, QuotaExceededError } from '../http/quotas.ts';
import { parseOr422 } from '../http/validation.ts';
import { objectBody, requireAuth } from '../http/handler-helpers.ts';

const signUpSchema = z.object({ emailAddress: z.string().max(254), firstName: z.string().max(100).nullish() });
const INVALID_EMAIL = 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.';
/** Whoever signs up through the footer form has no token; the record needs an owner all the same. */
const FORM_OWNER = 'newsletter-form';

const resultPage = (status: 'verstuurd' | 'ongeldig' | 'te-vaak') => redirect(`/nieuwsbrief/?status=${status}`);

async function signUpFromForm(request: ApiRequest): Promise<ApiReply> {
  const fields = (request.body ?? {}) as Record<string, string>;
  const emailAddress = fields.emailAddress?.trim() ?? '';
  if (emailAddress.length > 254 || !isValidEmail(emailAddress)) return resultPage('ongeldig');
  try {
    await checkQuota('newsletter', request);
  } catch (error) {
    if (error instanceof QuotaExceededError) return resultPage('te-vaak');
    throw error;
  }
  await signUp({ emailAddress, firstName: fields.firstName?.slice(0, 100), source: 'footer', owner: FORM_OWNER });
  return resultPage('verstuurd');
}

export const subscribe: Handler = async (request) => {
  if (request.bodyIsForm) return signUpFromForm(request);
  const claims = requireAuth(request);
  const input = parseOr422(signUpSchema, objectBody(request));
  if (!isValidEmail(input.emailAddress)) throw fail.invalid([{ field: 'emailAddress', errorMessage: INVALID_EMAIL }]);
  await checkQuota('newsletter', request);
  await signUp({ emailAddress: input.emailAddress, firstName: input.firstName, source: 'api', owner: claims.sub });
  return json({ status: 'pending' }, 201);
};

const NO_PROOF = 'Afmelden kan alleen met de afmeldlink uit een e-mail van Keukenhuys.';

export const unsubscribeWithToken: Handler = async (request) => {
  const body = request.body === undefined ? {} : objectBody(request);
  const token = typeof body.token === 'string' ? body.token : null;
  if (!(await unsubscribe(token))) throw new ApiError(403, NO_PROOF, [{ field: 'token', errorMessage: NO_PROOF }]);
  return json({ subscribed: false });
};

/** The `t` of the query: the signed token of an unsubscribe link. */
function linkToken(request: ApiRequest): string {
  return request.url.searchParams.get('t')?.slice(0, 200) ?? '';
}

export const unsubscribeLinkPage: Handler = (request) => redirect(`/nieuwsbrief/afmelden/?t=${encodeURIComponent(linkToken(request))}`);

export const unsubscribeLink: Handler = async (request) => {
  const token = linkToken(request);
  const done = await unsubscribe(token);
  const body = (request.body ?? {}) as Record<string, unknown>;
  // The page's button: back to the page, which shows what happened (also when the link was not valid).
  if (request.bodyIsForm && body['List-Unsubscribe'] !== 'One-Click')
    return redirect(`/nieuwsbrief/afmelden/?t=${encodeURIComponent(token)}`);
  if (!done) throw fail.forbidden('Deze afmeldlink is niet geldig.');
  return json({ subscribed: false });
};

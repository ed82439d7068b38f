// The "Mijn keuken" login: order number + postal code of the delivery address give a short-lived token for that
// one kitchen order (session.ts). Used by the API (POST /api/orders/non-web/session/) and by the login page's
// form, so both refuse guessing the same way:
//
// - A wrong order number and a wrong postal code get the same answer, after the same work: one indexed look-up
//   of the number, then a constant-time comparison of the postal code (HMAC digests of equal length) against the
//   stored one, or against a stand-in when the number does not exist.
// - Failed attempts are counted per order number and per client address (LIMITS.kitchenLogin, 15-minute windows).
//   Once either has used its attempts, every login for it is refused with 429 and the wait in minutes, right or
//   wrong, before anything is looked up. Successful logins are not counted; malformed input (422) neither. The
//   counts live in this process's memory when one process runs on SQLite, in the database otherwise
//   (http/rate-limit.ts), so that failures sent to several instances add up.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { normalizeOrderNumber, postalCodeKey } from '../../domain/kitchen-order.ts';
import { addressKey } from '../http/client-address.ts';
import { LIMITS } from '../runtime/limits.ts';
import { QuotaExceededError } from '../http/quotas.ts';
import { minutesText, parseFormOr422 } from '../http/validation.ts';
import { createLimiter, type LimitedKey, waitAll } from '../http/rate-limit.ts';
import { getStorage } from '../storage/index.ts';
import { createKitchenSession, type KitchenSession } from './session.ts';

const LOGIN_FAILED_MESSAGE =
  'We kunnen geen keukenorder vinden met dit ordernummer en deze postcode. Controleer beide op je orderbevestiging en probeer het opnieuw.';

/** Input longer than this is no order number or postal code; it is refused before any work. */
const MAX_INPUT_LENGTH = 40;
const LIMITER_BYTES = 2 * 1024 * 1024;

const { perOrderNumber, perAddress, windowMs } = LIMITS.kitchenLogin;
const byOrderNumber = createLimiter('kitchen-login:order', perOrderNumber, windowMs, LIMITER_BYTES);
const byAddress = createLimiter('kitchen-login:address', perAddress, windowMs, LIMITER_BYTES);

/** What the comparison hashes, so both sides have the same length whatever was typed. */
const digest = (value: string) => createHmac('sha256', 'keukenhuys:kitchen-login').update(value).digest();
/** Compared with when the order number does not exist: no typed postal code has this form. */
const NO_ORDER = 'no-such-order';

const ORDER_NUMBER_FORMAT = 'Vul het ordernummer in zoals het op je orderbevestiging staat, bijvoorbeeld KO-2026-00123.';
const POSTAL_CODE_FORMAT = 'Vul een geldige postcode in, bijvoorbeeld 1234 AB of 2000.';

/** A typed value in the form the login compares, or the format's message. */
const typed = (missing: string, format: string, normalise: (value: string) => string | null) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(MAX_INPUT_LENGTH, format)
    .transform((value, ctx) => {
      const normal = normalise(value);
      if (normal === null) ctx.addIssue({ code: 'custom', message: format });
      return normal ?? '';
    });

const loginSchema = z.object({
  orderNumber: typed('Vul je ordernummer in.', ORDER_NUMBER_FORMAT, normalizeOrderNumber),
  postalCode: typed('Vul de postcode van het afleveradres in.', POSTAL_CODE_FORMAT, postalCodeKey),
});

/** The order number and postal code as the login compares them, or 422 naming what is missing or malformed. */
function readLoginInput(input: unknown): z.infer<typeof loginSchema> {
  return parseFormOr422(loginSchema, input, 'Controleer je ordernummer en postcode.');
}

/**
 * A token for the kitchen order with this number and postal code. Throws ApiError: 422 for malformed input, 429
 * (QuotaExceededError, with the wait) after too many failed attempts, 401 with LOGIN_FAILED_MESSAGE otherwise.
 */
export async function logInToKitchenOrder(
  input: unknown,
  clientAddress: string,
  now: Date,
): Promise<{ token: string; session: KitchenSession }> {
  const { orderNumber, postalCode } = readLoginInput(input);
  const at = now.getTime();
  const address = clientAddress ? addressKey(clientAddress) : null;
  const counted: LimitedKey[] = [{ limiter: byOrderNumber, key: orderNumber }];
  if (address) counted.push({ limiter: byAddress, key: address });
  const wait = await waitAll(counted, at);
  if (wait > 0)
    throw new QuotaExceededError(
      `Je hebt te vaak een onjuist ordernummer of een onjuiste postcode ingevuld. Probeer het over ${minutesText(wait)} opnieuw.`,
      wait,
    );
  const found = await getStorage().findKitchenOrderLogin(orderNumber);
  const matches = timingSafeEqual(digest(found?.postalCode ?? NO_ORDER), digest(postalCode));
  if (!found || !matches) {
    await byOrderNumber.hit(orderNumber, at);
    if (address) await byAddress.hit(address, at);
    throw new ApiError(401, LOGIN_FAILED_MESSAGE);
  }
  return createKitchenSession(found.id, now);
}

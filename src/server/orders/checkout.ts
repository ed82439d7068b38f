// Placing an order from a cart (DESIGN §3 "Placing an order", docs/payments.md): the service behind PUT
// /api/carts/{cartId}/ with `submit`. A quote that expired or was ordered meanwhile no longer gives its prices; for a
// method a real provider takes, the payment is started first, for the cart as it is now, and the order is written
// only if the cart is still that version; then the quote is marked ordered and the checkout's newsletter box signs the
// shopper up. The route handler (cart/handlers.ts, handed placeOrder by routes.ts) parses, saves the change, calls
// placeOrder and replies.
import type { Cart } from '../../domain/cart.ts';
import { ApiError } from '../../domain/errors.ts';
import { can } from '../../domain/capabilities.ts';
import type { PlacedCart } from '../cart/handlers.ts';
import { getCatalog } from '../content/catalog.ts';
import { signUp } from '../forms/newsletter.ts';
import { assertOwner, newId } from '../http/handler-helpers.ts';
import type { TokenClaims } from '../http/tokens.ts';
import { paymentUrlOf, paysOnline, startPayment, type StartedPayment } from '../payments/online.ts';
import { getQuoteDocument, loadProblem, recordOrdered } from '../quotes/quote-store.ts';
import { now } from '../runtime/clock.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { submitCart, type Submission } from './place-order.ts';

/**
 * Places the order of cart `cartId`. `saved` is the cart as this request just saved its changes (null when it
 * changed nothing); `expectedVersion` the version the shopper last saw, checked when nothing was saved. 422 with
 * every problem of the checkout, 409 when the cart was ordered or changed meanwhile, 502 when the provider fails
 * (nothing is ordered then and the cart stays as it was).
 */
export async function placeOrder(
  cartId: string,
  claims: TokenClaims,
  saved: StoredDocument<Cart> | null,
  expectedVersion: number | undefined,
): Promise<PlacedCart> {
  const storage = getStorage();
  const catalog = getCatalog();
  const quoted = saved?.data.quoteRef?.quoteId;
  if (quoted && !can(claims.role, 'editQuotes')) {
    const quoteDoc = await getQuoteDocument(quoted, now());
    const problem = quoteDoc ? loadProblem(quoteDoc.data, now()) : 'Deze offerte bestaat niet meer.';
    if (problem) throw new ApiError(422, problem, [{ field: 'quoteRef.quoteId', errorMessage: problem }]);
  }
  let doc = saved;
  let submission: Submission | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = now();
    const orderId = newId();
    const paying = await startPaymentFirst(cartId, claims, at, orderId);
    try {
      doc = await storage.update<Cart>(
        'carts',
        cartId,
        (current) => {
          assertOwner(claims, current);
          submission = submitCart(current, catalog, at, orderId, paying?.started ?? null);
          return submission.mutation;
        },
        { now: at, expectedVersion: paying ? paying.version : saved ? undefined : expectedVersion },
      );
      break;
    } catch (error) {
      // An order id that exists already (128 random bits: practically never) is retried with a new one.
      if ((error as Error).name === 'DuplicateError' && attempt < 2) continue;
      throw error;
    }
  }
  const order = (submission as Submission | null)!.order;
  if (order.quoteRef?.quoteId)
    await recordOrdered(order.quoteRef.quoteId, order.orderRef, now()).catch((error: unknown) =>
      logger.error({ err: error, orderId: order.orderId }, 'marking the quote of an order as ordered failed'),
    );
  // The checkout's newsletter box: the same pending sign-up as the footer form, confirmed by e-mail. The order stands
  // whatever happens here.
  if (order.customer.newsletter && order.customer.emailAddress) {
    await signUp({
      emailAddress: order.customer.emailAddress,
      firstName: order.customer.firstName,
      source: 'checkout',
      owner: claims.sub,
    }).catch((error: unknown) => logger.error({ err: error, orderId: order.orderId }, 'newsletter sign-up with an order failed'));
  }
  return { cart: doc!, orderId: order.orderId, orderRef: order.orderRef, paymentUrl: paymentUrlOf(order) };
}

/**
 * Starts the payment at the real provider that takes the cart's payment method, for the order the cart makes now;
 * null when no real provider takes it. The checks of placing an order run first (their 422 comes before any payment),
 * and a provider that fails answers 502 with a Dutch message: nothing is ordered and the cart stays as it was.
 */
async function startPaymentFirst(
  cartId: string,
  claims: TokenClaims,
  at: Date,
  orderId: string,
): Promise<{ started: StartedPayment; version: number } | null> {
  // Without provider keys (the embedded default) nothing is started here.
  if (!paysOnline()) return null;
  const catalog = getCatalog();
  const current = await getStorage().get<Cart>('carts', cartId, at);
  if (!current) return null;
  assertOwner(claims, current);
  const method = catalog.payment.methods.find((m) => m.key === current.data.paymentMethod);
  if (!method || current.data.locked || !paysOnline(method)) return null;
  const { order } = submitCart(current, catalog, at, orderId);
  const started = await startPayment(order, method, at);
  return started ? { started, version: current.version } : null;
}

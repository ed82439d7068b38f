// POST /api/payments/{provider}/webhook/: a payment provider says that a payment changed. Mollie posts a form with
// only the payment's id; Buckaroo posts its push as JSON (Transaction.Key) or as a form (brq_transactions). What is
// posted is never trusted: the payment is read back from the provider and applied to the order it belongs to. The
// answer is 200 for any payment id, known or not, so the webhook says nothing about which ids exist; only a request
// without a readable id, or for a provider that is not configured, gets a 4xx.
import { z } from '../../schemas/zod.ts';
import { ApiError } from '../../domain/errors.ts';
import type { Handler } from '../http/context.ts';
import { logWithinBudget } from '../http/log-budget.ts';
import { json } from '../http/reply.ts';
import { logger } from '../runtime/log.ts';
import { syncPayment } from './online.ts';
import { ProviderError } from './provider.ts';
import { configuredProviders } from './registry.ts';

const paymentId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,64}$/, 'a payment id has 1 to 64 letters, digits or _');

const webhookBody = z.union([
  // Mollie's next-gen webhooks post a snapshot of the refund: only its payment id is used, to read both back.
  z.object({ resource: z.literal('refund'), paymentId }),
  z.object({ id: paymentId }),
  z.object({ Transaction: z.object({ Key: paymentId }) }),
  z.object({ brq_transactions: paymentId }),
]);

function postedId(body: unknown): string {
  const parsed = webhookBody.safeParse(body);
  if (!parsed.success)
    throw new ApiError(422, 'Geen betaling gevonden in deze melding.', [
      { field: 'id', errorMessage: 'Stuur het id van de betaling: id (Mollie), Transaction.Key of brq_transactions (Buckaroo).' },
    ]);
  const value = parsed.data;
  if ('paymentId' in value) return value.paymentId;
  return 'id' in value ? value.id : 'Transaction' in value ? value.Transaction.Key : value.brq_transactions;
}

export const paymentWebhook: Handler = async (request) => {
  const key = request.route.params.provider ?? '';
  const provider = configuredProviders().get(key);
  if (!provider) throw new ApiError(404, `Betaalprovider "${key}" is hier niet ingesteld.`);
  const id = postedId(request.body);
  let outcome: Awaited<ReturnType<typeof syncPayment>>;
  try {
    outcome = await syncPayment(provider, id);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The provider could not be asked now: a 503 makes it send the webhook again later.
    logger.error({ err: error, provider: key, paymentId: id }, 'reading a payment back for its webhook failed');
    throw new ApiError(503, 'De betaalprovider is nu niet bereikbaar; stuur de melding later opnieuw.');
  }
  // Anyone can post an unknown id: the line counts against the sender's log budget (http/log-budget.ts).
  if (outcome === 'unknown')
    await logWithinBudget({ clientAddress: request.clientAddress }, 512, () =>
      logger.warn({ provider: key, paymentId: id }, 'webhook for a payment that is not one of our orders'),
    );
  return json({ received: true });
};

// Buckaroo through its documented JSON API (no official Node client is published): POST /json/Transaction to pay or
// refund, GET /json/Transaction/Status/{key} to read a payment back. Every request is signed with Buckaroo's HMAC
// scheme: base64(HMAC-SHA256(secretKey, websiteKey + method + encoded URI + timestamp + nonce + base64(md5(body)))),
// sent as `Authorization: hmac websiteKey:signature:nonce:timestamp`.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { centsOfDecimal, decimalAmount } from '../../domain/payment-status.ts';
import type { ProviderStatus } from '../../domain/payment-statuses.ts';
import { isProduction, optionalUrl } from './env.ts';
import {
  ProviderError,
  type OnlineMethod,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPlugin,
  type ProviderRefund,
} from './provider.ts';

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 256 * 1024;

/** Buckaroo's service names. A card payment lets the shopper choose the scheme on Buckaroo's page. */
const SERVICES: Readonly<Record<OnlineMethod, { name: string; selectable?: string }>> = {
  ideal: { name: 'ideal' },
  bancontact: { name: 'bancontactmrcash' },
  creditCard: { name: '', selectable: 'visa,mastercard,amex' },
  bankTransfer: { name: 'transfer' },
};

/** Buckaroo's status codes onto the provider statuses (Buckaroo has no "expired": an expired transfer is cancelled). */
export function buckarooStatus(code: number): ProviderStatus | null {
  if (code === 190) return 'paid';
  if (code === 490 || code === 491 || code === 492 || code === 690) return 'failed';
  if (code === 790 || code === 792) return 'open';
  if (code === 791 || code === 793) return 'pending';
  if (code === 890 || code === 891) return 'canceled';
  return null;
}

type Parameter = { Name: string; Value: string };
type TransactionAnswer = {
  Key?: string;
  Status?: { Code?: { Code?: number; Description?: string } };
  RequiredAction?: { RedirectURL?: string } | null;
  AmountDebit?: number;
  AmountCredit?: number;
  Currency?: string;
  Services?: { Name?: string; Parameters?: Parameter[] }[] | null;
  AdditionalParameters?: { AdditionalParameter?: Parameter[] } | null;
  RequestErrors?: Record<string, { ErrorMessage?: string }[] | null> | null;
};

/** The Authorization header for one request. Exported for the tests' local Buckaroo, which checks it. */
export function buckarooAuthorization(
  keys: { websiteKey: string; secretKey: string },
  method: string,
  url: string,
  body: string,
  nonce: string,
  timestamp: number,
): string {
  const uri = encodeURIComponent(url.replace(/^https?:\/\//, '')).toLowerCase();
  const content = body ? createHash('md5').update(body).digest('base64') : '';
  const signature = createHmac('sha256', keys.secretKey)
    .update(`${keys.websiteKey}${method}${uri}${timestamp}${nonce}${content}`)
    .digest('base64');
  return `hmac ${keys.websiteKey}:${signature}:${nonce}:${timestamp}`;
}

function firstError(answer: TransactionAnswer): string | null {
  for (const list of Object.values(answer.RequestErrors ?? {})) {
    const message = list?.find((e) => e.ErrorMessage)?.ErrorMessage;
    if (message) return message;
  }
  return null;
}

function buckarooProvider(options: { websiteKey: string; secretKey: string; live: boolean; apiEndpoint?: string }): PaymentProvider {
  const base = (options.apiEndpoint ?? (options.live ? 'https://checkout.buckaroo.nl' : 'https://testcheckout.buckaroo.nl')).replace(
    /\/+$/,
    '',
  );

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<TransactionAnswer | null> {
    const url = `${base}${path}`;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const nonce = randomBytes(12).toString('hex');
    const timestamp = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: buckarooAuthorization(options, method, url, body, nonce, timestamp),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`Buckaroo ${method} ${path}: ${(error as Error).message}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_RESPONSE_BYTES) throw new ProviderError(`Buckaroo ${method} ${path}: answer of ${declared} bytes`, response.status);
    const text = await response.text();
    if (text.length > MAX_RESPONSE_BYTES) throw new ProviderError(`Buckaroo ${method} ${path}: answer too large`, response.status);
    if (response.status === 404) return null;
    if (!response.ok) throw new ProviderError(`Buckaroo ${method} ${path}: HTTP ${response.status}`, response.status);
    try {
      return JSON.parse(text) as TransactionAnswer;
    } catch {
      throw new ProviderError(`Buckaroo ${method} ${path}: not JSON`, response.status);
    }
  }

  function paymentOf(answer: TransactionAnswer): ProviderPayment {
    const code = answer.Status?.Code?.Code;
    const status = typeof code === 'number' ? buckarooStatus(code) : null;
    if (!answer.Key || !status) throw new ProviderError(`Buckaroo answered ${firstError(answer) ?? `status ${String(code)}`}`);
    if (answer.Currency && answer.Currency !== 'EUR') throw new ProviderError(`Buckaroo answered a payment in ${answer.Currency}`);
    const amount = centsOfDecimal(answer.AmountDebit ?? Number.NaN);
    if (amount === null) throw new ProviderError(`Buckaroo answered an amount "${String(answer.AmountDebit)}"`);
    const extra = answer.AdditionalParameters?.AdditionalParameter ?? [];
    const transfer = answer.Services?.find((s) => s.Name?.toLowerCase() === 'transfer')?.Parameters ?? [];
    const param = (name: string) => transfer.find((p) => p.Name.toLowerCase() === name.toLowerCase())?.Value ?? '';
    return {
      id: answer.Key,
      status,
      amount,
      orderId: extra.find((p) => p.Name === 'orderId')?.Value ?? null,
      checkoutUrl: answer.RequiredAction?.RedirectURL ?? null,
      bankTransfer: param('IBAN')
        ? { bankName: param('AccountHolderName'), iban: param('IBAN'), bic: param('BIC'), reference: param('PaymentReference') }
        : null,
    };
  }

  return {
    kind: 'hosted',
    key: 'buckaroo',
    name: 'Buckaroo',
    mode: options.live ? 'live' : 'test',
    async create(request) {
      const service = SERVICES[request.method];
      const transferParameters =
        request.method === 'bankTransfer'
          ? [
              { Name: 'CustomerEmail', Value: request.customer.email ?? '' },
              { Name: 'CustomerFirstName', Value: request.customer.firstName ?? '' },
              { Name: 'CustomerLastName', Value: request.customer.lastName ?? '' },
              { Name: 'CustomerCountry', Value: request.country },
              { Name: 'SendMail', Value: 'false' },
            ]
          : [];
      const answer = await call('POST', '/json/Transaction', {
        Currency: 'EUR',
        AmountDebit: Number(decimalAmount(request.amount)),
        Invoice: request.orderRef,
        Description: request.description,
        ReturnURL: request.redirectUrl,
        ReturnURLCancel: request.redirectUrl,
        ReturnURLError: request.redirectUrl,
        ReturnURLReject: request.redirectUrl,
        ...(request.webhookUrl ? { PushURL: request.webhookUrl, PushURLFailure: request.webhookUrl } : {}),
        AdditionalParameters: { AdditionalParameter: [{ Name: 'orderId', Value: request.orderId }] },
        ...(service.selectable
          ? { ServicesSelectableByClient: service.selectable, ContinueOnIncomplete: 1 }
          : { Services: { ServiceList: [{ Name: service.name, Action: 'Pay', Parameters: transferParameters }] } }),
      });
      if (!answer) throw new ProviderError('Buckaroo create payment: 404', 404);
      return paymentOf(answer);
    },
    async get(paymentId) {
      if (!/^[A-Za-z0-9]{1,64}$/.test(paymentId)) return null;
      const answer = await call('GET', `/json/Transaction/Status/${paymentId}`);
      return answer ? paymentOf(answer) : null;
    },
    async refund(payment, amount, description): Promise<ProviderRefund> {
      // A card payment's service is the scheme the shopper chose (visa, mastercard…): read it from the payment.
      const original = await call('GET', `/json/Transaction/Status/${payment.id}`);
      const name = original?.Services?.[0]?.Name || SERVICES[payment.method].name;
      if (!name) throw new ProviderError(`Buckaroo refund: no service known for payment ${payment.id}`);
      const answer = await call('POST', '/json/Transaction', {
        Currency: 'EUR',
        AmountCredit: Number(decimalAmount(amount)),
        Invoice: payment.orderRef,
        Description: description,
        OriginalTransactionKey: payment.id,
        Services: { ServiceList: [{ Name: name, Action: 'Refund' }] },
      });
      const refund = answer ? refundOf(answer, amount) : null;
      if (!refund)
        throw new ProviderError(
          `Buckaroo refund: ${answer ? (firstError(answer) ?? `status ${String(answer.Status?.Code?.Code)}`) : '404'}`,
        );
      return refund;
    },
    async getRefund(_paymentId, refundId) {
      if (!/^[A-Za-z0-9]{1,64}$/.test(refundId)) return null;
      const answer = await call('GET', `/json/Transaction/Status/${refundId}`);
      return answer ? refundOf(answer, null) : null;
    },
  };
}

/** A refund transaction as the shop records it: Buckaroo's success (190) is money returned, a failure or cancel failed. */
function refundOf(answer: TransactionAnswer, requested: number | null): ProviderRefund | null {
  const code = answer.Status?.Code?.Code;
  const status = typeof code === 'number' ? buckarooStatus(code) : null;
  const cents = centsOfDecimal(answer.AmountCredit ?? Number.NaN) ?? requested;
  if (!answer.Key || !status || cents === null) return null;
  return {
    id: answer.Key,
    status: status === 'paid' ? 'refunded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending',
    amount: cents,
  };
}

/** Buckaroo in the provider list: on when both keys are set; BUCKAROO_MODE=live only in production. */
export const buckaroo: ProviderPlugin = {
  key: 'buckaroo',
  name: 'Buckaroo',
  variables: ['BUCKAROO_WEBSITE_KEY', 'BUCKAROO_SECRET_KEY'],
  configure(env) {
    const websiteKey = env.BUCKAROO_WEBSITE_KEY?.trim();
    const secretKey = env.BUCKAROO_SECRET_KEY?.trim();
    if (!websiteKey && !secretKey) return null;
    if (!websiteKey || !secretKey) throw new Error('Buckaroo needs both BUCKAROO_WEBSITE_KEY and BUCKAROO_SECRET_KEY');
    const mode = env.BUCKAROO_MODE?.trim() || 'test';
    if (mode !== 'test' && mode !== 'live') throw new Error(`BUCKAROO_MODE must be "test" or "live", got "${mode}"`);
    if (mode === 'live' && !isProduction(env))
      throw new Error('BUCKAROO_MODE=live is refused unless NODE_ENV=production. Use Buckaroo test mode here.');
    return buckarooProvider({ websiteKey, secretKey, live: mode === 'live', apiEndpoint: optionalUrl(env, 'BUCKAROO_API_ENDPOINT') });
  },
};

// A local Mollie for the tests: the v2 payments endpoints the shop uses (create, get, refunds), answering as
// Mollie documents them (HAL+JSON, amounts as { currency, value } strings, 201 on create, 404/422 problem documents),
// plus the hosted checkout page a shopper sees, where a test pays, cancels, lets the payment expire or fail. After
// the shopper's choice the fake calls the webhook (Mollie posts only `id=tr_…` as a form) and sends the shopper back
// to the redirectUrl. How the webhook behaves is set per test through POST /__control/ (see WebhookMode).
//
// The official client only speaks HTTPS, and trusts only the CA bundle it ships: the API is served over HTTPS with
// the self-signed certificate in tests/fakes/tls/ (valid until 2126), and the shop under test runs with
// NODE_TLS_REJECT_UNAUTHORIZED=0 (FAKE_PROVIDER_ENV). Everything is also served over plain HTTP, for the browser
// (the checkout page) and the tests themselves.
//
//   node tests/fakes/mollie-api.ts     HTTP on FAKE_MOLLIE_PORT (default 4700), HTTPS on FAKE_MOLLIE_TLS_PORT (4701)
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readBody } from './read-body.ts';

/** normal: the webhook before the shopper returns; twice: the same webhook twice; late: after the shopper returns; lost: never. */
type WebhookMode = 'normal' | 'twice' | 'late' | 'lost';

type Amount = { currency: string; value: string };
type FakePayment = {
  id: string;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  redirectUrl: string;
  webhookUrl: string | null;
  createdAt: string;
  refunds: { id: string; amount: Amount; status: string; description: string; createdAt: string }[];
};

/** What the shop under test needs besides MOLLIE_API_ENDPOINT: to accept the fake's self-signed certificate. */
export const FAKE_PROVIDER_ENV = { NODE_TLS_REJECT_UNAUTHORIZED: '0' } as const;

const TLS = {
  cert: readFileSync(new URL('./tls/cert.pem', import.meta.url)),
  key: readFileSync(new URL('./tls/key.pem', import.meta.url)),
};

export type FakeMollie = {
  /** Plain HTTP: the checkout page, the control endpoint and the API, for browsers and tests. */
  url: string;
  /** The Mollie API root to give the official client (HTTPS): `https://127.0.0.1:<port>/v2/`. */
  apiEndpoint: string;
  payments: Map<string, FakePayment>;
  /** Webhook calls made, in order: payment id, the HTTP status the shop answered, and how many shoppers had been sent back before it. */
  webhookCalls: { id: string; status: number; afterReturns: number }[];
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  close(): Promise<void>;
};

function token(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex').slice(0, 10)}`;
}

function cents(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function problem(response: ServerResponse, status: number, title: string, detail: string, field?: string): void {
  response.writeHead(status, { 'content-type': 'application/hal+json' });
  response.end(
    JSON.stringify({
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
    }),
  );
}

function hal(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/hal+json' });
  response.end(JSON.stringify(body));
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeMollie(port = 0, tlsPort = 0): Promise<FakeMollie> {
  const payments = new Map<string, FakePayment>();
  const webhookCalls: FakeMollie['webhookCalls'] = [];
  let returns = 0;
  const requests: FakeMollie['requests'] = [];
  let mode: WebhookMode = 'normal';
  const byIdempotencyKey = new Map<string, FakePayment>();
  /** Answer the next N creates with 503, as a provider outage. */
  let failCreates = 0;
  let base = '';

  const resource = (p: FakePayment) => ({
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: p.createdAt,
    amount: p.amount,
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    status: p.status,
    isCancelable: p.status === 'open',
    expiresAt: new Date(Date.parse(p.createdAt) + 15 * 60_000).toISOString(),
    profileId: 'pfl_fake000001',
    sequenceType: 'oneoff',
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    ...(p.status === 'paid' ? { paidAt: new Date().toISOString(), amountRefunded: sumRefunds(p), amountRemaining: remaining(p) } : {}),
    ...(p.method === 'banktransfer'
      ? {
          details: {
            bankName: 'Stichting Mollie Payments',
            bankAccount: 'NL10CITI2532105585',
            bankBic: 'CITINL2X',
            transferReference: `RF12-${p.id.slice(3, 7)}-${p.id.slice(7, 11)}`,
          },
        }
      : {}),
    _links: {
      self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
      ...(p.status === 'open' ? { checkout: { href: `${base}/checkout/${p.id}`, type: 'text/html' } } : {}),
      dashboard: { href: `${base}/dashboard/${p.id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  });
  // A refund that failed or was canceled returned nothing: its amount can be refunded again.
  const sumRefunds = (p: FakePayment): Amount => ({
    currency: 'EUR',
    value: (
      p.refunds.filter((r) => r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + cents(r.amount.value), 0) / 100
    ).toFixed(2),
  });
  const remaining = (p: FakePayment): Amount => ({
    currency: 'EUR',
    value: ((cents(p.amount.value) - cents(sumRefunds(p).value)) / 100).toFixed(2),
  });

  async function callWebhook(p: FakePayment): Promise<void> {
    if (!p.webhookUrl) return;
    const answer = await fetch(p.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${encodeURIComponent(p.id)}`,
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer();
    webhookCalls.push({ id: p.id, status: answer.status, afterReturns: returns });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const text = request.method === 'POST' ? await readBody(request) : '';
    const isJson = (request.headers['content-type'] ?? '').includes('json');
    const body: unknown = text ? (isJson ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text))) : undefined;
    const path = url.pathname;
    if (path.startsWith('/v2/')) requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });

    if (path === '/__control/' && request.method === 'GET') return hal(response, 200, { mode, webhookCalls, returns });
    if (path === '/__control/' && request.method === 'POST') {
      const control = body as { mode?: WebhookMode; failCreates?: number; status?: FakePayment['status']; id?: string; webhook?: boolean };
      if (control.mode) mode = control.mode;
      if (typeof control.failCreates === 'number') failCreates = control.failCreates;
      if (control.id && control.status) {
        const p = payments.get(control.id);
        if (!p) return problem(response, 404, 'Not Found', 'No such payment');
        p.status = control.status;
        if (control.webhook) await callWebhook(p);
      }
      return hal(response, 200, { mode, failCreates });
    }

    if (path.startsWith('/v2/') && !/^Bearer test_[A-Za-z0-9]{20,}$/.test(request.headers.authorization ?? ''))
      return problem(response, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');

    if (path === '/v2/payments' && request.method === 'POST') {
      if (failCreates > 0) {
        failCreates--;
        // Retry-After: 0, so the client's own retries (it makes three attempts) do not slow the tests down.
        response.setHeader('retry-after', '0');
        return problem(response, 503, 'Service Unavailable', 'The service is temporarily unavailable');
      }
      // Mollie answers a repeated Idempotency-Key with the payment it made the first time.
      const key = request.headers['idempotency-key'];
      const repeated = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (repeated) return hal(response, 201, resource(repeated));
      const input = body as Partial<FakePayment> & { amount?: Amount };
      if (input?.amount?.currency !== 'EUR' || !/^\d+\.\d{2}$/.test(input.amount.value))
        return problem(response, 422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
      if (!input.description) return problem(response, 422, 'Unprocessable Entity', 'The description is invalid', 'description');
      if (!input.redirectUrl) return problem(response, 422, 'Unprocessable Entity', 'The redirect URL is invalid', 'redirectUrl');
      const p: FakePayment = {
        id: token('tr'),
        status: 'open',
        amount: input.amount,
        description: input.description,
        method: input.method ?? null,
        metadata: input.metadata ?? null,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl ?? null,
        createdAt: new Date().toISOString(),
        refunds: [],
      };
      payments.set(p.id, p);
      if (typeof key === 'string') byIdempotencyKey.set(key, p);
      return hal(response, 201, resource(p));
    }

    const get = /^\/v2\/payments\/([A-Za-z0-9_]+)$/.exec(path);
    if (get && request.method === 'GET') {
      const p = payments.get(get[1]!);
      return p ? hal(response, 200, resource(p)) : problem(response, 404, 'Not Found', `No payment exists with token ${get[1]}.`);
    }

    const refunds = /^\/v2\/payments\/([A-Za-z0-9_]+)\/refunds$/.exec(path);
    if (refunds && request.method === 'POST') {
      const p = payments.get(refunds[1]!);
      if (!p) return problem(response, 404, 'Not Found', `No payment exists with token ${refunds[1]}.`);
      const input = body as { amount?: Amount; description?: string };
      if (p.status !== 'paid') return problem(response, 422, 'Unprocessable Entity', 'The payment cannot be refunded');
      if (!input?.amount || !/^\d+\.\d{2}$/.test(input.amount.value) || cents(input.amount.value) < 1)
        return problem(response, 422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
      if (cents(input.amount.value) > cents(remaining(p).value))
        return problem(response, 422, 'Unprocessable Entity', 'The refund amount exceeds the amount remaining', 'amount');
      const refund = {
        id: token('re'),
        amount: input.amount,
        status: 'pending',
        description: input.description ?? '',
        createdAt: new Date().toISOString(),
      };
      p.refunds.push(refund);
      return hal(response, 201, {
        resource: 'refund',
        ...refund,
        paymentId: p.id,
        _links: { self: { href: `${base}/v2/payments/${p.id}/refunds/${refund.id}`, type: 'application/hal+json' } },
      });
    }

    const oneRefund = /^\/v2\/payments\/([A-Za-z0-9_]+)\/refunds\/([A-Za-z0-9_]+)$/.exec(path);
    if (oneRefund && request.method === 'GET') {
      const p = payments.get(oneRefund[1]!);
      const refund = p?.refunds.find((r) => r.id === oneRefund[2]);
      if (!p || !refund) return problem(response, 404, 'Not Found', `No refund exists with token ${oneRefund[2]}.`);
      return hal(response, 200, {
        resource: 'refund',
        ...refund,
        paymentId: p.id,
        _links: { self: { href: `${base}/v2/payments/${p.id}/refunds/${refund.id}`, type: 'application/hal+json' } },
      });
    }

    const checkout = /^\/checkout\/([A-Za-z0-9_]+)$/.exec(path);
    if (checkout) {
      const p = payments.get(checkout[1]!);
      if (!p) {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        return void response.end('<!doctype html><title>Onbekend</title><h1>Onbekende betaling</h1>');
      }
      if (request.method === 'POST') {
        const action = (body as { action?: string } | undefined)?.action;
        const next = ({ pay: 'paid', cancel: 'canceled', expire: 'expired', fail: 'failed' } as const)[action as 'pay'];
        if (!next || p.status !== 'open') return problem(response, 422, 'Unprocessable Entity', 'This payment cannot be changed');
        p.status = next;
        if (mode === 'normal') await callWebhook(p);
        if (mode === 'twice') {
          await callWebhook(p);
          await callWebhook(p);
        }
        if (mode === 'late') setTimeout(() => void callWebhook(p).catch(() => undefined), 500).unref();
        returns++;
        response.writeHead(303, { location: p.redirectUrl });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(`<!doctype html><html lang="nl"><meta charset="utf-8"><title>Mollie testbetaling</title>
<h1>Testbetaling ${escapeHtml(p.method ?? '')}</h1><p>${escapeHtml(p.description)}: € ${escapeHtml(p.amount.value)}</p>
<form method="post">
<button name="action" value="pay">Betalen</button>
<button name="action" value="cancel">Annuleren</button>
<button name="action" value="expire">Laten verlopen</button>
<button name="action" value="fail">Mislukken</button>
</form></html>`);
    }
    problem(response, 404, 'Not Found', 'The resource does not exist');
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) problem(response, 500, 'Internal Server Error', (error as Error).message);
      else response.destroy();
    });
  };
  const listen = (server: Server, at: number) =>
    new Promise<number>((resolve) =>
      server.listen(at, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : at);
      }),
    );
  const plain = createServer(listener);
  const secure = createTlsServer(TLS, listener);
  base = `http://127.0.0.1:${await listen(plain, port)}`;
  const apiEndpoint = `https://127.0.0.1:${await listen(secure, tlsPort)}/v2/`;
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: base,
    apiEndpoint,
    payments,
    webhookCalls,
    requests,
    close: async () => {
      plain.closeAllConnections();
      secure.closeAllConnections();
      await Promise.all([close(plain), close(secure)]);
    },
  };
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  const fake = await startFakeMollie(Number(process.env.FAKE_MOLLIE_PORT ?? 4700), Number(process.env.FAKE_MOLLIE_TLS_PORT ?? 4701));
  console.log(`fake Mollie on ${fake.url} (API ${fake.apiEndpoint})`);
}

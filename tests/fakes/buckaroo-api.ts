// A local Buckaroo for the tests: the JSON API the shop uses (POST /json/Transaction to pay or refund, GET
// /json/Transaction/Status/{key}), answering as Buckaroo documents it, and refusing a request whose HMAC
// Authorization header does not check out with the website key and secret below. Its checkout page lets a test pay,
// cancel or fail; then it posts the push (JSON, Transaction.Key) to the PushURL and sends the shopper to ReturnURL.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { buckarooAuthorization } from '../../src/server/payments/buckaroo.ts';

export const BUCKAROO_KEYS = { websiteKey: 'KHTESTWEBSITE01', secretKey: 'keukenhuys-buckaroo-test-secret' } as const;

type Transaction = {
  key: string;
  code: number;
  amount: number;
  invoice: string;
  service: string;
  returnUrl: string;
  pushUrl: string | null;
  orderId: string | null;
  refunds: { key: string; amount: number }[];
};

export type FakeBuckaroo = {
  url: string;
  transactions: Map<string, Transaction>;
  /** Requests whose signature did not check out. */
  refused: number;
  close(): Promise<void>;
};

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeBuckaroo(): Promise<FakeBuckaroo> {
  const transactions = new Map<string, Transaction>();
  const fake = { refused: 0 };
  let base = '';

  const view = (t: Transaction) => ({
    Key: t.key,
    Status: { Code: { Code: t.code, Description: String(t.code) }, DateTime: new Date().toISOString() },
    RequiredAction: t.code === 790 && t.service !== 'transfer' ? { RedirectURL: `${base}/checkout/${t.key}`, Name: 'Redirect' } : null,
    Services: [
      {
        Name: t.service,
        Action: null,
        Parameters:
          t.service === 'transfer'
            ? [
                { Name: 'PaymentReference', Value: `BRQ${t.key.slice(0, 8).toUpperCase()}` },
                { Name: 'AccountHolderName', Value: 'Buckaroo Stichting Derdengelden' },
                { Name: 'IBAN', Value: 'NL44RABO0123456789' },
                { Name: 'BIC', Value: 'RABONL2U' },
              ]
            : [],
      },
    ],
    Invoice: t.invoice,
    Currency: 'EUR',
    AmountDebit: t.amount / 100,
    AdditionalParameters: t.orderId ? { AdditionalParameter: [{ Name: 'orderId', Value: t.orderId }] } : null,
    RequestErrors: null,
  });

  async function push(t: Transaction): Promise<void> {
    if (!t.pushUrl) return;
    const reply = await fetch(t.pushUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Transaction: { Key: t.key, Status: { Code: { Code: t.code } }, Invoice: t.invoice } }),
      signal: AbortSignal.timeout(10_000),
    });
    await reply.arrayBuffer();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const text = request.method === 'POST' ? await read(request) : '';

    const checkout = /^\/checkout\/([A-Za-z0-9]+)$/.exec(url.pathname);
    if (checkout) {
      const t = transactions.get(checkout[1]!);
      if (!t) return answer(response, 404, {});
      if (request.method === 'POST') {
        const action = new URLSearchParams(text).get('action');
        const code = ({ pay: 190, cancel: 890, fail: 490 } as const)[action as 'pay'];
        if (!code) return answer(response, 422, {});
        t.code = code;
        await push(t);
        response.writeHead(303, { location: t.returnUrl });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(`<!doctype html><html lang="nl"><meta charset="utf-8"><title>Buckaroo testbetaling</title>
<h1>Buckaroo testbetaling</h1><p>€ ${(t.amount / 100).toFixed(2)}</p><form method="post">
<button name="action" value="pay">Betalen</button><button name="action" value="cancel">Annuleren</button>
<button name="action" value="fail">Mislukken</button></form></html>`);
    }
    if (url.pathname === '/__control/' && request.method === 'POST') {
      const control = JSON.parse(text) as { key: string; code: number };
      const t = transactions.get(control.key);
      if (t) t.code = control.code;
      return answer(response, t ? 200 : 404, {});
    }

    // The signature: the header must be what the documented scheme gives for this request.
    const header = request.headers.authorization ?? '';
    const parts = header.startsWith('hmac ') ? header.slice('hmac '.length).split(':') : [];
    const [nonce = '', time = ''] = parts.length === 4 ? parts.slice(2) : [];
    const expected = buckarooAuthorization(BUCKAROO_KEYS, request.method ?? '', `${base}${url.pathname}`, text, nonce, Number(time));
    if (header !== expected) {
      fake.refused++;
      return answer(response, 401, { Message: 'Authorization has been denied for this request.' });
    }

    if (url.pathname === '/json/Transaction' && request.method === 'POST') {
      const body = JSON.parse(text) as Record<string, unknown> & {
        AmountDebit?: number;
        AmountCredit?: number;
        OriginalTransactionKey?: string;
        Services?: { ServiceList: { Name: string }[] };
        AdditionalParameters?: { AdditionalParameter: { Name: string; Value: string }[] };
      };
      if (body.OriginalTransactionKey) {
        const original = transactions.get(body.OriginalTransactionKey);
        const amount = Math.round((body.AmountCredit ?? 0) * 100);
        const refunded = original?.refunds.reduce((sum, r) => sum + r.amount, 0) ?? 0;
        if (original?.code !== 190 || amount < 1 || amount + refunded > original.amount)
          return answer(response, 200, {
            Key: randomBytes(16).toString('hex').toUpperCase(),
            Status: { Code: { Code: 491 } },
            RequestErrors: { ParameterErrors: [{ ErrorMessage: 'Refund not possible' }] },
          });
        const refund = { key: randomBytes(16).toString('hex').toUpperCase(), amount };
        original.refunds.push(refund);
        return answer(response, 200, { Key: refund.key, Status: { Code: { Code: 190 } }, AmountCredit: amount / 100, Currency: 'EUR' });
      }
      const service = body.Services?.ServiceList[0]?.Name ?? 'visa';
      const t: Transaction = {
        key: randomBytes(16).toString('hex').toUpperCase(),
        code: service === 'transfer' ? 792 : 790,
        amount: Math.round(Number(body.AmountDebit) * 100),
        invoice: String(body.Invoice ?? ''),
        service,
        returnUrl: String(body.ReturnURL ?? ''),
        pushUrl: typeof body.PushURL === 'string' ? body.PushURL : null,
        orderId: body.AdditionalParameters?.AdditionalParameter.find((p) => p.Name === 'orderId')?.Value ?? null,
        refunds: [],
      };
      transactions.set(t.key, t);
      return answer(response, 200, view(t));
    }
    const status = /^\/json\/Transaction\/Status\/([A-Za-z0-9]+)$/.exec(url.pathname);
    if (status && request.method === 'GET') {
      const t = transactions.get(status[1]!);
      return t ? answer(response, 200, view(t)) : answer(response, 404, { Message: 'Not found' });
    }
    answer(response, 404, { Message: 'Not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, { Message: (error as Error).message });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: base,
    transactions,
    get refused() {
      return fake.refused;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

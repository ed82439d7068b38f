// A local Vonage SMS API for the tests: `POST /sms/json` as Vonage documents it (developer.vonage.com, "SMS API
// reference", Send an SMS). Authentication by HTTP Basic (api key and secret, what the official client sends) or by
// `api_key` and `api_secret` in the body; the body as JSON or as a form; `from`, `to` (digits, no "+"), `text`,
// `type` (text | unicode) and an optional `client-ref`. The answer is always 200 with
// `{ "message-count": "N", "messages": [{ "to", "message-id", "status": "0", "remaining-balance", "message-price",
// "network", "client-ref" }] }`, one entry per part (153 GSM or 67 UCS-2 characters a part once a text exceeds one
// part); a refused message has a non-zero `status` and an `error-text` (2 missing parameter, 3 invalid parameter,
// 4 bad credentials). `failNext(n)` answers the next n requests with HTTP 503, as an outage. Every accepted message
// is kept in `messages`, for the tests to read (also as JSON on GET /__messages when run on its own).
//
//   node tests/fakes/sms-vonage.ts     on FAKE_VONAGE_PORT (default 4710)
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { readBody } from './read-body.ts';

type FakeSms = { to: string; from: string; text: string; type: string; clientRef: string | null; parts: number; messageId: string };

export type FakeVonage = {
  /** The origin to give the client as `restHost` (VONAGE_REST_HOST). */
  url: string;
  /** The messages accepted, oldest first. */
  messages: FakeSms[];
  /** Every request: path, how it authenticated (basic, body or none) and the HTTP status answered. */
  requests: { method: string; path: string; auth: 'basic' | 'body' | 'none'; status: number }[];
  /** Answer the next `count` requests with this HTTP status (default 503). */
  failNext(count: number, status?: number): void;
  waitFor(match: (sms: FakeSms) => boolean, timeoutMs?: number): Promise<FakeSms>;
  close(): Promise<void>;
};

const GSM =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€';

/** Parts Vonage bills: one up to 160 GSM (70 UCS-2) characters, else 153 (67) a part. */
function partsOf(text: string, type: string): number {
  const length = [...text].length;
  if (type === 'unicode') return length <= 70 ? 1 : Math.ceil(length / 67);
  return length <= 160 ? 1 : Math.ceil(length / 153);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeVonage(options: { apiKey?: string; apiSecret?: string; port?: number } = {}): Promise<FakeVonage> {
  const apiKey = options.apiKey ?? 'test-key';
  const apiSecret = options.apiSecret ?? 'test-secret';
  const messages: FakeSms[] = [];
  const requests: FakeVonage['requests'] = [];
  const waiters = new Set<() => void>();
  let failing = 0;
  let failStatus = 503;

  const refuse = (response: ServerResponse, status: string, errorText: string) =>
    json(response, 200, { 'message-count': '1', messages: [{ status, 'error-text': errorText }] });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(request);
    const record = (auth: 'basic' | 'body' | 'none', status: number) => requests.push({ method: request.method ?? '', path, auth, status });
    if (request.method === 'GET' && path === '/__messages') return json(response, 200, messages);
    if (request.method !== 'POST' || path !== '/sms/json') {
      record('none', 404);
      return json(response, 404, { type: 'https://developer.nexmo.com/api-errors#not-found', title: 'Not Found' });
    }
    if (failing > 0) {
      failing--;
      record('none', failStatus);
      return json(response, failStatus, { type: 'https://developer.nexmo.com/api-errors#internal', title: 'Internal Error' });
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    let body: Record<string, unknown>;
    try {
      body = type === 'application/json' ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      record('none', 200);
      return refuse(response, '2', 'Missing params: the body is not JSON');
    }
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const header = request.headers.authorization ?? '';
    const basic = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : null;
    const auth = basic !== null ? 'basic' : field('api_key') ? 'body' : 'none';
    record(auth, 200);
    if (auth === 'none') return refuse(response, '2', 'Missing api_key');
    const [key, secret] =
      basic !== null ? [basic.slice(0, basic.indexOf(':')), basic.slice(basic.indexOf(':') + 1)] : [field('api_key'), field('api_secret')];
    if (key !== apiKey || secret !== apiSecret) return refuse(response, '4', 'Bad Credentials');
    const from = field('from');
    const to = field('to');
    const text = field('text');
    const smsType = field('type') ?? 'text';
    if (!from) return refuse(response, '2', 'Missing from param');
    if (!to) return refuse(response, '2', 'Missing to param');
    if (text === undefined) return refuse(response, '2', 'Missing text param');
    if (!/^\d{7,15}$/.test(to)) return refuse(response, '3', 'Invalid to address');
    if (smsType !== 'text' && smsType !== 'unicode') return refuse(response, '3', 'Invalid type param');
    if (smsType === 'text' && [...text].some((c) => !GSM.includes(c))) return refuse(response, '6', 'Invalid message: not GSM');
    const clientRef = field('client-ref') ?? null;
    const parts = partsOf(text, smsType);
    const ids = Array.from({ length: parts }, () => randomBytes(8).toString('hex').toUpperCase());
    const sms: FakeSms = { to, from, text, type: smsType, clientRef, parts, messageId: ids[0]! };
    messages.push(sms);
    for (const wake of waiters) wake();
    json(response, 200, {
      'message-count': String(parts),
      messages: ids.map((id) => ({
        to,
        'message-id': id,
        status: '0',
        'remaining-balance': '10.00000000',
        'message-price': '0.07000000',
        network: '20416',
        ...(clientRef ? { 'client-ref': clientRef } : {}),
      })),
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { title: (error as Error).message });
      else response.destroy();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    failNext(count, status = 503) {
      failing = count;
      failStatus = status;
    },
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching SMS within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  const fake = await startFakeVonage({ port: Number(process.env.FAKE_VONAGE_PORT ?? 4710) });
  console.log(`fake Vonage SMS API on ${fake.url} (key test-key, secret test-secret)`);
}

// A real SMTP server in the test process (smtp-server on a free port of 127.0.0.1) that keeps every message it
// receives, parsed with mailparser. API tests start the shop with SMTP_URL pointing at it; the browser tests reach
// it through tests/e2e/mail-server.ts. It can refuse the next messages with a temporary error (451), so a test can
// watch the shop retry. No TLS: the shop's transport then sends in plain text, as it would to a local relay.
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

type ReceivedMail = {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, lower-case names, values as text. */
  headers: Record<string, string>;
  /** Date.now() when the message had arrived completely. */
  receivedAt: number;
};

export type TestSmtp = {
  /** smtp://user:pass@127.0.0.1:port for SMTP_URL (the server accepts any login). */
  url: string;
  port: number;
  /** Messages in the order they arrived. */
  messages: ReceivedMail[];
  /** Refuses the next `count` messages with 451 (try again later). */
  failNext(count: number): void;
  /** How many messages were refused so far. */
  refused(): number;
  /** The first message (already here or still to come) for which `match` holds; rejects after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/** The messages a test server may hold at once; a test that sends more is broken. */
const MAX_MESSAGES = 1000;

export async function startSmtpServer(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let toRefuse = 0;
  let refusedCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        refusedCount++;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          if (messages.length >= MAX_MESSAGES) throw new Error('test SMTP server is full');
          const headers: Record<string, string> = {};
          for (const [name, value] of parsed.headers) {
            headers[name.toLowerCase()] = typeof value === 'string' ? value : JSON.stringify(value);
          }
          for (const line of parsed.headerLines) headers[line.key.toLowerCase()] ??= line.line.slice(line.key.length + 1).trim();
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addressText(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
            receivedAt: Date.now(),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://shop:secret@127.0.0.1:${port}`,
    port,
    messages,
    failNext(count) {
      toRefuse = count;
    },
    refused: () => refusedCount,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Background jobs with two instances of the shop on one database (one SQLite file with SHOP_PROCESSES=2, or PostgreSQL
// when DATABASE_URL is set): queued e-mail is sent once, whichever worker claims it; payment reconciliation runs once
// per interval across both, and when the instance running it is killed the other takes it over; and on SQLite a
// second machine using the same database file is warned about.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../src/server/storage/postgres.ts';
import { createSqliteStorage } from '../../src/server/storage/sqlite.ts';
import type { Storage } from '../../src/server/storage/types.ts';
import { FAKE_PROVIDER_ENV, startFakeMollie, type FakeMollie } from '../fakes/mollie-api.ts';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const runTag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

/** The database the servers of `dataDir` use, opened from the test (as a third instance would). */
async function openStorage(dataDir: string): Promise<Storage> {
  const storage = DATABASE_URL
    ? createPostgresStorage({ connectionString: DATABASE_URL, max: 2 })
    : createSqliteStorage({ file: join(dataDir, 'shop.sqlite') });
  await storage.migrate();
  return storage;
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines a server logged with this message (pino's JSON lines). */
const logged = (server: TestServer, message: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${message}`));

describe('the mail queue with two workers', () => {
  let smtp: TestSmtp;
  let a: TestServer;
  let b: TestServer;
  const queue = `jobs_${runTag}`;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Each worker claims one message at a time and looks every 20 ms: they compete for every message.
    const env = {
      SHOP_PROCESSES: '2',
      SMTP_URL: smtp.url,
      MAIL_QUEUE: queue,
      MAIL_POLL_MS: '20',
      MAIL_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
    };
    a = await startServer({ fakeNow: ORDER_NOW, env });
    b = await startServer({ fakeNow: ORDER_NOW, dataDir: a.dataDir, env });
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await smtp?.close();
  });

  it('sends the confirmation of an order placed through A once', async () => {
    const email = 'een-keer@voorbeeld.nl';
    const order = await placeOrder(a, await a.guestToken(), { fields: { emailAddress: email } });
    await smtp.waitFor((mail) => mail.to.includes(email));
    // Both workers look 50 times a second: a second copy would have come within this.
    await sleep(1500);
    const received = smtp.messages.filter((mail) => mail.to.includes(email));
    expect(received.map((mail) => mail.subject)).toEqual([`Bedankt voor je bestelling ${order.orderRef}`]);
  });

  it('sends each of 40 messages queued at once exactly once, shared between both workers', async () => {
    const storage = await openStorage(a.dataDir);
    const ids = Array.from({ length: 40 }, (_, n) => `jobs-${runTag}-${n}`);
    try {
      for (const id of ids) {
        const recipient = `${id}@voorbeeld.nl`;
        const message = { to: recipient, subject: `Bericht ${id}`, text: 'Hallo', html: '<p>Hallo</p>', headers: {} };
        expect(await storage.enqueueMail({ id, queue, template: 'test', recipient, message, maxPerDay: 10 }, new Date(ORDER_NOW))).toBe(
          true,
        );
      }
    } finally {
      await storage.close();
    }
    const ofThisTest = () => smtp.messages.filter((mail) => ids.includes(mail.headers['x-keukenhuys-mail-id'] ?? ''));
    await until(() => ofThisTest().length >= ids.length, 20_000, 'all 40 messages');
    await sleep(1500);
    const sent = ofThisTest().map((mail) => mail.headers['x-keukenhuys-mail-id']);
    expect(sent.sort()).toEqual([...ids].sort());
    // Each send is logged by the instance that made it: 40 in all, some by each.
    const sentBy = (server: TestServer) => logged(server, 'mail sent').filter((line) => ids.some((id) => line.includes(`"${id}"`))).length;
    expect(sentBy(a) + sentBy(b)).toBe(40);
    expect(sentBy(a)).toBeGreaterThan(0);
    expect(sentBy(b)).toBeGreaterThan(0);
  });
});

describe('payment reconciliation with two instances', () => {
  const INTERVAL = 1000;
  let mollie: FakeMollie;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    mollie = await startFakeMollie();
    const env = {
      ...FAKE_PROVIDER_ENV,
      SHOP_PROCESSES: '2',
      MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
      SHOP_PUBLIC_URL: 'http://127.0.0.1:9',
      PAYMENT_RECONCILE_INTERVAL_MS: String(INTERVAL),
      PAYMENT_RECONCILE_AFTER_MINUTES: '0',
      LOG_LEVEL: 'info',
    };
    a = await startServer({ fakeNow: ORDER_NOW, env });
    b = await startServer({ fakeNow: ORDER_NOW, dataDir: a.dataDir, env });
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop(); // a was killed: stop() only removes the data directory
    await mollie?.close();
  });

  it('asks the provider once per interval, from one instance; when it is killed the other takes over within 2 intervals', async () => {
    const placed = await placeOrder(a, await a.guestToken());
    const id = /\/checkout\/(tr_[A-Za-z0-9]+)$/.exec(placed.paymentUrl)![1]!;
    // Every run asks Mollie about the open payment once: the times of those requests are the times of the runs.
    const runs: number[] = [];
    const push = mollie.requests.push.bind(mollie.requests);
    mollie.requests.push = (...requests) => {
      for (const r of requests) if (r.method === 'GET' && r.path === `/v2/payments/${id}`) runs.push(Date.now());
      return push(...requests);
    };

    await until(() => runs.length >= 1, 4 * INTERVAL, 'the first run');
    const from = runs.length;
    await sleep(6 * INTERVAL);
    // Six intervals: six runs (one more or less at the edges), where each instance on its own would make twelve.
    expect(runs.length - from).toBeGreaterThanOrEqual(5);
    expect(runs.length - from).toBeLessThanOrEqual(7);
    const holders = [a, b].filter((server) => logged(server, 'job reconcile: this instance runs it').length > 0);
    expect(holders).toHaveLength(1);
    const [holder] = holders;
    const other = holder === a ? b : a;

    const before = runs.length;
    const killedAt = Date.now();
    await holder!.kill();
    await until(() => runs.length > before, 4 * INTERVAL, 'a run after the kill');
    // The lease runs out at most 1.5 intervals after the last renewal (half an interval before the kill at most), and
    // the other instance asks every half interval: at most 2 intervals.
    expect(runs[before]! - killedAt).toBeLessThan(2 * INTERVAL + 300);
    // Its log line is written before the run, but comes through the child's stdout pipe, which may be behind the run's
    // request to the fake provider: wait for it (CI once saw the run first).
    await until(() => logged(other, 'job reconcile: this instance runs it').length > 0, INTERVAL, "the other instance's log line");
    expect(logged(other, 'job reconcile: this instance runs it')).toHaveLength(1);
    const after = runs.length;
    await sleep(4 * INTERVAL);
    expect(runs.length - after).toBeGreaterThanOrEqual(3);
    expect(runs.length - after).toBeLessThanOrEqual(5);
    // Never two runs close together (two instances running the same interval).
    const gaps = runs.slice(1).map((t, i) => t - runs[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(0.6 * INTERVAL);
  }, 40_000);
});

describe.skipIf(Boolean(DATABASE_URL))('SQLite shared by two machines', () => {
  let server: TestServer | undefined;
  let dataDir: string;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('warns at start when another host has recorded itself in the database within the last minute', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-hosts-'));
    const storage = await openStorage(dataDir);
    await storage.setPresence('sqlite-hosts', 'andere-machine', 1, Date.now() + 60_000);
    await storage.close();
    server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } });
    await until(() => logged(server!, 'another machine uses this SQLite database').length > 0, 5000, 'the warning');
    expect(logged(server, 'another machine uses this SQLite database')[0]).toContain('DATABASE_URL');
  });

  it('does not warn for two processes of one machine', async () => {
    const a = await startServer({ env: { SHOP_PROCESSES: '2', LOG_LEVEL: 'warn' } });
    const b = await startServer({ dataDir: a.dataDir, env: { SHOP_PROCESSES: '2', LOG_LEVEL: 'warn' } });
    await sleep(500);
    await b.stop();
    await a.stop();
    expect(a.output() + b.output()).not.toContain('another machine uses this SQLite database');
  });
});

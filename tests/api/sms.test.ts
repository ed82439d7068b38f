// SMS end to end: an SMS queued on the shop's SMS queue (`<MAIL_QUEUE>-sms`, in the mail queue's table) is sent by
// the server's SMS worker through Vonage's official client to the local Vonage SMS API (tests/fakes/sms-vonage.ts):
// Basic authentication, the number without "+", the sender, the text, our id as client-ref. A 5xx from the provider
// is retried until it goes through; without keys the SMS is written to the outbox as a .txt file. Also the settings'
// start check (SMS_PROVIDER=vonage without keys stops a production start).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsFor } from '../../src/server/notifications/sms-queue.ts';
import { smsSettings } from '../../src/server/notifications/sms-settings.ts';
import { createSqliteStorage } from '../../src/server/storage/sqlite.ts';
import { createPostgresStorage } from '../../src/server/storage/postgres.ts';
import type { Storage } from '../../src/server/storage/types.ts';
import { startFakeVonage, type FakeVonage } from '../fakes/sms-vonage.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const runTag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const TEXT = 'Keukenhuys: we bezorgen je bestelling KH-2026-ABCD2345 op vrijdag 4 december tussen 13:00 en 15:00.';

async function openStorage(dataDir: string): Promise<Storage> {
  const storage = process.env.DATABASE_URL
    ? createPostgresStorage({ connectionString: process.env.DATABASE_URL, max: 2 })
    : createSqliteStorage({ file: join(dataDir, 'shop.sqlite') });
  await storage.migrate();
  return storage;
}

/** Queues an SMS on `queue`'s SMS queue from the test, as another instance would; its id. */
async function queueSms(server: TestServer, queue: string, to: string, text = TEXT): Promise<string> {
  const storage = await openStorage(server.dataDir);
  try {
    const sms = smsFor('sms-delivery-planned', to, text, { MAIL_QUEUE: queue });
    expect(await storage.enqueueMail(sms, new Date())).toBe(true);
    return sms.id;
  } finally {
    await storage.close();
  }
}

async function until<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const FAST = { MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '200' };

describe('through Vonage (the official client, the local contract server)', () => {
  const queue = `sms_${runTag}`;
  let vonage: FakeVonage;
  let server: TestServer;
  beforeAll(async () => {
    vonage = await startFakeVonage({ apiKey: 'key-123', apiSecret: 'secret-456' });
    server = await startServer({
      env: {
        ...FAST,
        MAIL_QUEUE: queue,
        VONAGE_API_KEY: 'key-123',
        VONAGE_API_SECRET: 'secret-456',
        VONAGE_REST_HOST: vonage.url,
        SMS_FROM: 'Keukenhuys',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await vonage?.close();
  });

  it('sends the text to the number without "+", from the sender, with Basic authentication and our id as client-ref', async () => {
    const id = await queueSms(server, queue, '+31612345678');
    const sms = await vonage.waitFor((m) => m.clientRef === id);
    expect(sms).toEqual({
      to: '31612345678',
      from: 'Keukenhuys',
      text: TEXT,
      type: 'text',
      clientRef: id,
      parts: 1,
      messageId: sms.messageId,
    });
    expect(vonage.requests.filter((r) => r.path === '/sms/json').every((r) => r.auth === 'basic')).toBe(true);
  });

  it('tries again after a 5xx from the provider, until it goes through once', async () => {
    vonage.failNext(2, 503);
    const before = vonage.requests.length;
    const id = await queueSms(server, queue, '+32470123456');
    const sms = await vonage.waitFor((m) => m.clientRef === id);
    expect(sms.to).toBe('32470123456');
    // Two outages, then the send: 200 ms and 400 ms later (MAIL_RETRY_BASE_MS doubling).
    expect(vonage.requests.slice(before).map((r) => r.status)).toEqual([503, 503, 200]);
    expect(vonage.messages.filter((m) => m.clientRef === id)).toHaveLength(1);
  });
});

describe('without keys', () => {
  const queue = `smsoutbox_${runTag}`;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ...FAST, MAIL_QUEUE: queue } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('writes the SMS to the outbox as a .txt file', async () => {
    const id = await queueSms(server, queue, '+31612345678');
    const dir = join(server.dataDir, 'outbox', 'sms');
    const file = await until(
      () => (existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith(`-${id}.txt`)) : undefined),
      15_000,
      'the outbox file',
    );
    expect(readFileSync(join(dir, file), 'utf8')).toBe(
      ['To: +31612345678', 'From: Keukenhuys', 'Template: sms-delivery-planned', `Id: ${id}`, '', TEXT, ''].join('\n'),
    );
  });
});

describe('settings', () => {
  it('SMS_PROVIDER=vonage without keys stops a production start, and elsewhere writes to the outbox with a warning', () => {
    expect(() => smsSettings({ SMS_PROVIDER: 'vonage', NODE_ENV: 'production' }, 'Keukenhuys', '/data')).toThrow(
      'SMS_PROVIDER=vonage but VONAGE_API_KEY and VONAGE_API_SECRET are not set: set them, or unset SMS_PROVIDER to write SMS to the outbox instead.',
    );
    expect(smsSettings({ SMS_PROVIDER: 'vonage' }, 'Keukenhuys', '/data')).toEqual({
      settings: { kind: 'outbox', from: 'Keukenhuys', dir: '/data/outbox/sms' },
      warnings: ['SMS_PROVIDER=vonage but VONAGE_API_KEY and VONAGE_API_SECRET are not set; SMS are written to the outbox.'],
    });
  });

  it('no SMS_PROVIDER and no keys in production: the outbox, no complaint', () => {
    expect(smsSettings({ NODE_ENV: 'production', MAIL_OUTBOX_DIR: '/mail' }, 'Keukenhuys B.V.', '/data')).toEqual({
      settings: { kind: 'outbox', from: 'KeukenhuysB', dir: '/mail/sms' },
      warnings: [],
    });
  });

  it('keys: Vonage, with the base URL for tests', () => {
    expect(
      smsSettings(
        { VONAGE_API_KEY: 'k', VONAGE_API_SECRET: 's', VONAGE_REST_HOST: 'http://127.0.0.1:4710/', SMS_FROM: 'Keukenhuys' },
        'X',
        '/d',
      ).settings,
    ).toEqual({ kind: 'vonage', apiKey: 'k', apiSecret: 's', from: 'Keukenhuys', restHost: 'http://127.0.0.1:4710' });
  });

  it.each([
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER must be vonage or outbox, got "twilio"'],
    [{ VONAGE_API_KEY: 'k' }, 'Set both VONAGE_API_KEY and VONAGE_API_SECRET, or neither.'],
    [{ SMS_FROM: 'Keukenhuys.nl!' }, 'SMS_FROM must be up to 11 letters, digits and spaces, or a phone number, got "Keukenhuys.nl!"'],
    [{ VONAGE_REST_HOST: 'ftp://x' }, 'VONAGE_REST_HOST must be an http(s) origin without a path, got "ftp://x"'],
  ])('%j is refused', (env, message) => {
    expect(() => smsSettings(env, 'Keukenhuys', '/data')).toThrow(message);
  });
});

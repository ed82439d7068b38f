// Storage that cannot be used (issue 8): a data directory that cannot be opened, a database locked by another
// process for longer than the busy time-out, an unreachable or read-only PostgreSQL. Each answers 503 with
// Retry-After and a Dutch message instead of a generic 500, is logged once (not per request) until storage works
// again, and the shop recovers by itself. No root tricks: CI runs as root, for whom read-only files are writable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const MESSAGE = 'Je gegevens kunnen op dit moment niet worden opgeslagen of gelezen. Probeer het over een minuut opnieuw.';
const DOWN = 'storage unavailable: answering 503 until it works again';
const UP = 'storage available again';

type Reply = { status: number; headers: Headers; body: { failed: boolean; message: string; errors: unknown[] } };
function expectUnavailable(reply: Reply): void {
  expect(reply.status).toBe(503);
  expect(reply.headers.get('retry-after')).toBe('30');
  expect(reply.body).toEqual({ failed: true, message: MESSAGE, errors: [] });
}

/** The server's log lines with this message, once the log has caught up with the answers (a pipe lags a little). */
async function logged(server: TestServer, msg: string): Promise<{ level: number; reason?: string }[]> {
  const marker = `log-mark-${Math.random()}`;
  // A browser log entry (no storage involved) is written after everything logged before it: when it is in, so is the rest.
  await server.call('POST', '/api/logger/', { body: [{ message: marker, severity: 'info', timestamp: '2026-11-23T09:00:00Z' }] });
  for (let i = 0; i < 100 && !server.output().includes(marker); i++) await new Promise((r) => setTimeout(r, 20));
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string })
    .filter((line) => line.msg === msg);
}

let server: TestServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.stop(true);
  server = undefined;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keukenhuys-storage-down-'));
  dirs.push(dir);
  return dir;
}

const cart = { items: item(inStockProduct(0), 1) };

describe('SQLite', () => {
  it('answers 503 while the data directory cannot be opened, logs it once, and recovers when it can', async () => {
    // The data directory lies below a regular file: it can be neither created nor opened (ENOTDIR), root or not.
    const root = tempDir();
    const blocker = join(root, 'blocker');
    writeFileSync(blocker, 'not a directory');
    server = await startServer({ dataDir: join(blocker, 'data'), unhealthy: true, env: { DATABASE_URL: '', LOG_LEVEL: 'info' } });
    const token = await server.guestToken();
    expectUnavailable(await server.call('GET', '/api/system-health/'));
    for (let i = 0; i < 3; i++) expectUnavailable(await server.call('POST', '/api/carts/', { token, body: cart }));
    const down = await logged(server, DOWN);
    expect(down).toHaveLength(1);
    expect(down[0]).toMatchObject({ level: 50, reason: 'ENOTDIR' });

    rmSync(blocker);
    expect((await server.call('POST', '/api/carts/', { token, body: cart })).status).toBe(201);
    expect(await logged(server, UP)).toHaveLength(1);
    expect(await logged(server, DOWN)).toHaveLength(1);
  });

  it('answers 503 to writes while another process holds the write lock beyond the busy time-out, reads still work', async () => {
    const dataDir = tempDir();
    server = await startServer({ dataDir, env: { DATABASE_URL: '', SQLITE_BUSY_TIMEOUT_MS: '200', LOG_LEVEL: 'info' } });
    const token = await server.guestToken();
    const cartId = (await server.call('POST', '/api/carts/', { token, body: cart })).body.data.cartId;
    const other = new DatabaseSync(join(dataDir, 'shop.sqlite'));
    try {
      other.exec('BEGIN EXCLUSIVE');
      const change = { items: item(inStockProduct(0), 2) };
      // WAL: readers do not wait for the writer. A read that works between two refused writes does not end the
      // outage (one log line for it, not one per write after a read: the shop mode's poll is such a read).
      for (let i = 0; i < 2; i++) {
        expectUnavailable(await server.call('PUT', `/api/carts/${cartId}/`, { token, body: change }));
        expect((await server.call('GET', `/api/carts/${cartId}/`, { token })).status).toBe(200);
      }
      expect(await logged(server, DOWN)).toEqual([expect.objectContaining({ level: 50, reason: expect.stringMatching(/^SQLITE_BUSY/) })]);
      other.exec('ROLLBACK');
      const changed = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: change });
      expect(changed.status).toBe(200);
      expect(changed.body.data.version).toBe(2);
    } finally {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
    }
  });
});

describe('PostgreSQL', () => {
  it('answers 503 when the database cannot be reached', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    server = await startServer({
      unhealthy: true,
      env: { DATABASE_URL: 'postgres://shop:shop@127.0.0.1:1/shop', PG_CONNECT_TIMEOUT_MS: '1000', LOG_LEVEL: 'info' },
    });
    const token = await server.guestToken();
    expectUnavailable(await server.call('GET', '/api/system-health/'));
    expectUnavailable(await server.call('POST', '/api/carts/', { token, body: cart }));
    expect(await logged(server, DOWN)).toEqual([expect.objectContaining({ level: 50, reason: 'ECONNREFUSED' })]);
  });

  it.skipIf(!process.env.DATABASE_URL)('answers 503 when the database is read-only (SQLSTATE 25006)', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    // Every session of this server starts read-only, as on a standby or a database set read-only by its operator.
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    server = await startServer({ unhealthy: true, env: { DATABASE_URL: url.toString(), LOG_LEVEL: 'info' } });
    const token = await server.guestToken();
    expectUnavailable(await server.call('POST', '/api/carts/', { token, body: cart }));
    expect(await logged(server, DOWN)).toEqual([expect.objectContaining({ level: 50, reason: 'PostgreSQL 25006' })]);
  });
});

// The embedded search engine with several server processes (SHOP_PROCESSES=2, two servers on one data directory):
// each process has its own engine, so admin writes through /typesense/ (synonyms, curations, collections, imports,
// aliases, `npm run search:index`) are refused with 503 and a message that points to TYPESENSE_URL and
// SHOP_PROCESSES=1 (docs/search.md); searches and reads answer alike from both. With one process writes go through.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_KEY = 'admin-key-for-the-search-instances-test-0123';
const SEARCH_KEY = 'keukenhuys-search';
const SYNONYM = { synonyms: ['wasmachine', 'wasautomaat'] };

const admin = { 'x-typesense-api-key': ADMIN_KEY };

describe('two processes on one data directory', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { SHOP_PROCESSES: '2', TYPESENSE_ADMIN_KEY: ADMIN_KEY };
    a = await startServer({ env });
    b = await startServer({ dataDir: a.dataDir, env });
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('refuses a synonym, a curation, a new collection, an import and an alias with 503 and the way out', async () => {
    const writes: [string, string, unknown][] = [
      ['PUT', '/typesense/collections/v3_producten/synonyms/was', SYNONYM],
      ['PUT', '/typesense/collections/v3_producten/overrides/oven', { rule: { query: 'oven', match: 'exact' }, excludes: [{ id: '1' }] }],
      ['POST', '/typesense/collections', { name: 'extra', fields: [{ name: 'name', type: 'string' }] }],
      ['POST', '/typesense/collections/v3_producten/documents/import?action=upsert', '{"id":"1"}'],
      ['PUT', '/typesense/aliases/v3_producten', { collection_name: 'extra' }],
      ['DELETE', '/typesense/collections/v3_producten', undefined],
    ];
    for (const server of [a, b])
      for (const [method, path, body] of writes) {
        const reply = await server.call(method, path, {
          headers: admin,
          ...(typeof body === 'string' ? { raw: body } : body === undefined ? {} : { body }),
        });
        expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(503);
        expect(reply.body.message).toContain('2 server processes (SHOP_PROCESSES)');
        expect(reply.body.message).toContain('TYPESENSE_URL');
        expect(reply.body.message).toContain('SHOP_PROCESSES=1');
        expect(reply.headers.get('content-type')).toContain('application/json');
      }
  });

  it('still answers searches and admin reads the same from both processes, and 401 to a write without the key', async () => {
    const search = { searches: [{ collection: 'v3_producten', q: 'wasautomaat', query_by: 'name,productType', per_page: 0 }] };
    const found = [];
    for (const server of [a, b]) {
      const reply = await server.call('POST', `/typesense/multi_search?x-typesense-api-key=${SEARCH_KEY}`, { body: search });
      expect(reply.status, reply.text).toBe(200);
      found.push(reply.body.results[0].found);
      const collections = await server.call('GET', '/typesense/collections', { headers: admin });
      expect(collections.status).toBe(200);
      const unkeyed = await server.call('PUT', '/typesense/collections/v3_producten/synonyms/was', { body: SYNONYM });
      expect(unkeyed.status).toBe(401);
    }
    expect(found[0]).toBe(found[1]);
  });

  it('npm run search:index stops with the reason and exit code 2', async () => {
    const run = await promisify(execFile)(process.execPath, ['scripts/search-index.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(a.port),
        SHOP_DATA_DIR: a.dataDir,
        TYPESENSE_ADMIN_KEY: ADMIN_KEY,
      },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Indexing failed');
    expect(run.stderr).toContain('SHOP_PROCESSES=1');
  }, 60_000);
});

describe('one process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { TYPESENSE_ADMIN_KEY: ADMIN_KEY } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts a synonym through the admin API', async () => {
    const reply = await server.call('PUT', '/typesense/collections/v3_producten/synonyms/was', { headers: admin, body: SYNONYM });
    expect(reply.status, reply.text).toBe(200);
  });
});

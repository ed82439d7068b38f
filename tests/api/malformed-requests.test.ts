// Malformed paths and Host headers (issue 8): /typesense/%ff and a Host header that is no host answered 500 and
// were logged as errors with the attacker's text. Now every such request gets a 4xx (or is served normally when
// the Host header does not matter), on /typesense, /api and the pages, and nothing is logged at error level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRaw, within } from './helpers/raw-http.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // Log at info level (the tests run silent otherwise), to see what is logged and how.
  server = await startServer({ env: { LOG_LEVEL: 'info' } });
});
afterAll(() => server?.stop());

/** Sends one request as raw text (Connection: close) and returns the status code of the answer. */
async function statusOf(path: string, host: string | null, extra: string[] = []): Promise<number | null> {
  const connection = await openRaw(server.port);
  const lines = [`GET ${path} HTTP/1.1`, ...(host === null ? [] : [`Host: ${host}`]), ...extra, 'Connection: close'];
  connection.write(`${lines.join('\r\n')}\r\n\r\n`);
  await within(connection.closed, 5000, null);
  return connection.status();
}

describe('malformed requests', () => {
  it.each([
    ['/typesense/%ff', 'localhost', 400],
    ['/typesense/collections/%ff/documents/search?q=oven', 'localhost', 400],
    ['/typesense/collections/v3_producten%E0%A4%A/documents/search?q=oven', 'localhost', 400],
    ['/typesense/health', 'exa mple', 200],
    ['/typesense/health', '[::1', 200],
    ['/typesense/health', 'localhost:99999999', 200],
    ['/api/%ff/', 'localhost', 404],
    ['/api/app-state/', '[::1', 200],
    ['/api/app-state/', 'a b', 200],
    ['/', '[::1', 200],
    ['/', 'a b', 200],
    ['/%ff/', 'localhost', 400],
    ['/bestelling/%ff/', 'localhost', 400],
  ])('GET %s with Host %j answers %i', async (path, host, status) => {
    expect(await statusOf(path, host)).toBe(status);
  });

  it('answers a request without a Host header with 400 (HTTP/1.1 requires one)', async () => {
    expect(await statusOf('/typesense/health', null)).toBe(400);
  });

  it('logs none of it at error level', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string });
    expect(lines.length, 'the server logged its start at least').toBeGreaterThan(0);
    // pino: 50 is error, 60 fatal.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(server.output()).not.toMatch(/URIError|Invalid URL|Internal error/);
  });
});

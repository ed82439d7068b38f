// Rewrites over HTTP: an old address of content/settings/rewrites.yaml answers 301 to its new place (its query string
// along, HEAD too, cacheable for an hour), other methods are not rewritten, the API shows each rule, and the build
// wrote the same rules for a CDN as _redirects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const get = (path: string, method = 'GET') => fetch(`${server.url}${path}`, { method, redirect: 'manual' });

describe('rewrites', () => {
  it('answer an old address with 301 to the new one, with its query string, for GET and HEAD', async () => {
    const moved = await get('/keukens/showroom/?utm_source=nieuwsbrief');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/keukens/showroomkeukens/?utm_source=nieuwsbrief');
    expect(moved.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400');
    expect(moved.headers.get('x-content-type-options')).toBe('nosniff');
    const head = await get('/klantenservice/retourneren', 'HEAD');
    expect(head.status).toBe(301);
    expect(head.headers.get('location')).toBe('/klantenservice/annuleren-retourneren/');
    // The new address is a page.
    expect((await get('/keukens/showroomkeukens/')).status).toBe(200);
    // A form post to an old address is not turned into a GET elsewhere.
    expect((await get('/keukens/showroom/', 'POST')).status).not.toBe(301);
  });

  it('are listed one by one in the API, and an unknown one is 404', async () => {
    const rule = await server.call('GET', '/api/rewrites/inbouwovens/');
    expect(rule.status).toBe(200);
    expect(rule.body.data).toEqual({ rewriteId: 'inbouwovens', from: '/inbouw/ovens/', to: '/inbouwapparatuur/inbouwovens/', status: 301 });
    expect((await server.call('GET', '/api/rewrites/bestaat-niet/')).status).toBe(404);
  });

  it('are in the _redirects file the build wrote for a CDN, rule for rule', () => {
    const file = readFileSync(join(import.meta.dirname, '../../dist/client/_redirects'), 'utf8');
    expect(file).toContain('/keukens/showroom/ /keukens/showroomkeukens/ 301\n');
    expect(file).toContain('/inbouw/ovens/ /inbouwapparatuur/inbouwovens/ 301\n');
    expect(file.trim().split('\n')).toHaveLength(5);
  });
});

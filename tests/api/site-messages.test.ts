// The API's site messages: the current ones (per page), one by id with whether it shows now; the clock is frozen inside
// the Christmas message of content/settings/messages.yaml (20–27 December 2026).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ fakeNow: '2026-12-21T09:00:00Z' });
});
afterAll(() => server?.stop());

describe('site messages', () => {
  it('lists the messages shown now, per page', async () => {
    const all = await server.call('GET', '/api/messages/');
    expect(all.status).toBe(200);
    expect(all.body.data.messages.map((m: { id: string }) => m.id).sort()).toEqual(['kerst-2026', 'showroomkeukens-uitverkoop']);
    const onStores = await server.call('GET', '/api/messages/?pagina=/winkels/');
    expect(onStores.body.data.messages.map((m: { id: string }) => m.id)).toEqual(['kerst-2026']);
  });

  it('shows one message with whether it is current, and 404 for an unknown one', async () => {
    const one = await server.call('GET', '/api/messages/kerst-2026/');
    expect(one.body.data).toMatchObject({ id: 'kerst-2026', current: true, pages: ['/'], dismissible: true });
    expect(Date.parse(one.body.data.from)).toBe(Date.parse('2026-12-20T00:00:00+01:00'));
    expect((await server.call('GET', '/api/messages/bestaat-niet/')).status).toBe(404);
  });
});

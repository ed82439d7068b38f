// The API's banners: the current ones (per slot), one by id with whether it shows now. The clock is frozen on
// Saturday 28 November 2026, inside Black Friday (27 November – 1 December) of content/settings/banners.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ fakeNow: '2026-11-28T10:00:00Z' });
});
afterAll(() => server?.stop());

const idsOf = (reply: { body: { data: { banners: { id: string }[] } } }) => reply.body.data.banners.map((b) => b.id);

describe('banners', () => {
  it('lists the banners shown now, per slot, in the order of the file', async () => {
    const all = await server.call('GET', '/api/banners/');
    expect(all.status).toBe(200);
    expect(idsOf(all)).toEqual(['black-friday-2026', 'winter-keukens', 'stille-vaatwassers', 'bosch-in-de-winkel']);
    expect(idsOf(await server.call('GET', '/api/banners/?plaats=home'))).toEqual(['black-friday-2026', 'winter-keukens']);
    expect(idsOf(await server.call('GET', '/api/banners/?plaats=producttype:vaatwassers'))).toEqual(['stille-vaatwassers']);
    expect(idsOf(await server.call('GET', '/api/banners/?plaats=merk:miele'))).toEqual([]);
  });

  it('shows one banner with whether it is current, and 404 for an unknown one', async () => {
    const one = await server.call('GET', '/api/banners/black-friday-2026/');
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: 'black-friday-2026',
      current: true,
      tone: 'oranje',
      image: null,
      placements: ['home', 'categorie:inbouwapparatuur'],
      link: { href: '/aanbiedingen/', label: 'Bekijk de aanbiedingen' },
    });
    expect(Date.parse(one.body.data.until)).toBe(Date.parse('2026-12-01T00:00:00+01:00'));
    const missing = await server.call('GET', '/api/banners/bestaat-niet/');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ failed: true });
  });
});

describe('banners after their time', () => {
  let later: TestServer;
  beforeAll(async () => {
    later = await startServer({ fakeNow: '2026-12-01T00:00:00+01:00' });
  });
  afterAll(() => later?.stop());

  it('leaves out a banner from its until on, and says it is no longer current', async () => {
    expect(idsOf(await later.call('GET', '/api/banners/?plaats=home'))).toEqual(['winter-keukens']);
    expect((await later.call('GET', '/api/banners/black-friday-2026/')).body.data.current).toBe(false);
  });
});

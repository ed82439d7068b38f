// The cart without JavaScript over HTTP (src/pages/winkelwagen/index.astro, src/server/cart/page-form.ts): the buy
// form's post makes a cart and keeps the guest token in an HttpOnly, SameSite=Lax cookie; the cart page shows it,
// private and never stored; line posts change it; another site's posts are refused (403), bad input gets a Dutch
// 4xx and leaves the cart as it was, a too large form 413, maintenance 503; /winkelwagen/sessie/ hands the token
// to the islands and back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, staffToken, type TestServer } from './helpers/server.ts';

// content/catalog/products/keukenaccessoires/brabantia-profile-keukenrolhouder-matt-black-100468.yaml: € 29,00, no
// discounts, no delivery cost of its own, so content/settings/delivery.yaml applies: € 4,95 below € 50,00.
const HOLDER = 100468;
// content/catalog/products/afzuigkappen/aeg-6000-hob2hood-dve5961hb-100065.yaml: € 549,00, € 50,00 cash-desk discount.
const HOOD = 100065;

let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startServer();
  origin = server.url;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

type Jar = Map<string, string>;

function remember(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (/max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

async function post(jar: Jar, fields: Record<string, string> | string, headers: Record<string, string> = {}): Promise<Response> {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  const all: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    origin,
    cookie: cookieHeader(jar),
    ...headers,
  };
  // An empty value leaves the header out.
  for (const [name, value] of Object.entries(all)) if (value === '') delete all[name];
  const response = await fetch(`${server.url}/winkelwagen/`, {
    method: 'POST',
    redirect: 'manual',
    headers: all,
    body,
  });
  remember(jar, response);
  return response;
}

async function page(jar: Jar): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${server.url}/winkelwagen/`, { headers: { cookie: cookieHeader(jar) } });
  remember(jar, response);
  return { response, html: (await response.text()).replaceAll('\u00a0', ' ') };
}

/** The cart as the API answers it to the cookie's token. */
async function apiCart(jar: Jar) {
  const reply = await server.call('GET', `/api/carts/${jar.get('app-local-cart-id')}/`, { token: jar.get('kh_gast') });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

describe('the buy form and the cart page without JavaScript', () => {
  const jar: Jar = new Map();

  it('adds with a form post: 303 to the cart page, the token in an HttpOnly SameSite=Lax cookie, the message once', async () => {
    const added = await post(jar, { add: String(HOLDER), qty: '1', opt: '' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/winkelwagen/');
    const cookies = added.headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith('kh_gast='))!;
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(token).toMatch(/Path=\//);
    expect(cookies.find((c) => c.startsWith('kh_gast_id='))).not.toMatch(/HttpOnly/i);
    expect(jar.get('kh_gast_id')).toBe(jar.get('kh_gast')!.slice(-16));
    expect(jar.get('app-local-cart-id')).toMatch(/^[\w-]{22}$/);

    const first = await page(jar);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toBe('private, no-store');
    expect(first.html).toContain('Brabantia Profile keukenrolhouder matt Black is toegevoegd aan je winkelwagen.');
    // € 29,00 + € 4,95 delivery below the € 50,00 threshold.
    expect(first.html).toContain('1 × <span class="price">€ 29,00</span>');
    expect(first.html).toMatch(/<dt[^>]*>Bezorgkosten<\/dt>\s*<dd[^>]*>€ 4,95<\/dd>/);
    expect(first.html).toMatch(/<dd class="grand"[^>]*>€ 33,95<\/dd>/);
    expect(first.html).toContain('Afrekenen kan alleen met JavaScript');
    // The message is shown once.
    expect((await page(jar)).html).not.toContain('is toegevoegd aan je winkelwagen');
  });

  it('changes the quantity (free delivery from € 50,00), the options and removes a line, the same cart for the API', async () => {
    expect((await post(jar, { regel: String(HOLDER), qty: '2', actie: 'aantal' })).status).toBe(303);
    const two = await page(jar);
    expect(two.html).toContain('Het aantal is aangepast.');
    expect(two.html).toMatch(/<dd class="grand"[^>]*>€ 58,00<\/dd>/);
    expect(two.html).toMatch(/<dt[^>]*>Bezorgkosten<\/dt>\s*<dd[^>]*>gratis<\/dd>/);

    expect((await post(jar, { add: String(HOOD), qty: '1', opt: '' })).status).toBe(303);
    // Assembly € 149,00 for the hood: 58,00 + 549,00 - 50,00 + 149,00 = 706,00.
    expect((await post(jar, { regel: String(HOOD), opt: 'assembly', actie: 'opties' })).status).toBe(303);
    const cart = await apiCart(jar);
    expect(cart.items[HOOD].options.assembly).toBe(true);
    expect(cart.grandTotal).toBe(70600);
    expect((await page(jar)).html).toMatch(/<dd class="grand"[^>]*>€ 706,00<\/dd>/);

    expect((await post(jar, { regel: String(HOOD), actie: 'verwijderen' })).status).toBe(303);
    expect(Object.keys((await apiCart(jar)).items)).toEqual([String(HOLDER)]);
  });

  it('refuses bad input with a Dutch 422 and leaves the stored cart as it was', async () => {
    const before = await apiCart(jar);
    for (const [fields, text] of [
      [{ regel: String(HOLDER), qty: '11', actie: 'aantal' }, 'Je kunt maximaal 10 stuks van dit artikel bestellen.'],
      [{ regel: String(HOLDER), qty: 'veel', actie: 'aantal' }, 'Kies een aantal van 1 tot en met 10.'],
      [{ add: String(HOLDER), qty: '9' }, 'Je kunt maximaal 10 stuks van dit artikel bestellen.'],
      [{ add: '999999999' }, 'Dit artikel bestaat niet.'],
      [{ regel: String(HOLDER), actie: 'wissen' }, 'Deze actie is hier niet mogelijk.'],
    ] as const) {
      const refused = await post(jar, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect((await refused.text()).replaceAll('\u00a0', ' ')).toContain(text);
    }
    const after = await apiCart(jar);
    expect(after.version).toBe(before.version);
    expect(after.items).toEqual(before.items);
  });

  it('refuses posts from another site (403) and a too large form (413), the cart unchanged', async () => {
    const before = await apiCart(jar);
    const fields = { regel: String(HOLDER), actie: 'verwijderen' };
    expect((await post(jar, fields, { origin: 'https://elders.example' })).status).toBe(403);
    expect((await post(jar, fields, { origin: '', referer: 'https://elders.example/pagina/' })).status).toBe(403);
    expect((await post(jar, fields, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const large = await post(jar, `regel=${HOLDER}&actie=verwijderen&opvulling=${'x'.repeat(20 * 1024)}`);
    expect(large.status).toBe(413);
    expect(await large.text()).toMatch(/(De aanvraag|Dit formulier) is te groot\./);
    expect((await apiCart(jar)).version).toBe(before.version);
  });

  it('hands the token to the islands and takes theirs, same origin only', async () => {
    const session = (headers: Record<string, string>) =>
      fetch(`${server.url}/winkelwagen/sessie/`, { method: 'POST', redirect: 'manual', headers: { origin, ...headers } });
    const given = await session({ cookie: cookieHeader(jar) });
    expect(given.status).toBe(200);
    expect(given.headers.get('cache-control')).toBe('private, no-store');
    expect((await given.json()).data.token).toBe(jar.get('kh_gast'));
    expect((await session({ cookie: cookieHeader(jar), origin: 'https://elders.example' })).status).toBe(403);
    expect((await session({})).status).toBe(404);

    // An island's token goes into the cookie; a staff token never does.
    const islandToken = await server.guestToken();
    const taken = await session({ authorization: `Bearer ${islandToken}` });
    expect(taken.status).toBe(204);
    const islandJar: Jar = new Map();
    remember(islandJar, taken);
    expect(islandJar.get('kh_gast')).toBe(islandToken);
    expect((await session({ authorization: `Bearer ${staffToken('admin')}` })).status).toBe(403);
  });

  it('refuses form posts in maintenance with a Dutch 503 and Retry-After', async () => {
    const admin = staffToken('admin');
    expect((await server.call('PUT', '/api/shop/mode/', { token: admin, body: { mode: 'maintenance' } })).status).toBe(200);
    try {
      // The page server reads the shared switch at most every 2 s (SHOP_MODE_CACHE_MS); setting the quantity it has
      // already changes nothing while it still sees the shop open.
      const same = { regel: String(HOLDER), qty: '2', actie: 'aantal' };
      await expect.poll(async () => (await post(jar, same)).status, { timeout: 5_000, interval: 250 }).toBe(503);
      const refused = await post(jar, { add: String(HOLDER) });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('300');
      expect(await refused.text()).toContain('We werken even aan de webwinkel.');
    } finally {
      await server.call('PUT', '/api/shop/mode/', { token: admin, body: { mode: 'live' } });
    }
  });
});

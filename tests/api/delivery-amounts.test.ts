// One delivery threshold and amount for the whole shop (issue 23, item 5): with FREE_DELIVERY_THRESHOLD=7500 and
// DELIVERY_COST=695 (€ 75,00 and € 6,95 instead of delivery.yaml's € 50,00 and € 4,95), a page built with them, the
// cart of a server started with them and the order's e-mail all say the same amounts. The build is the scoped publish
// build (src/integrations/publish-scope.ts: the editorial pages only, into a folder of its own under dist/), so it
// costs a fraction of a full build and leaves dist/ as it is.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, item } from './helpers/catalog.ts';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'dist/.delivery-amounts-test');
const AMOUNTS = { FREE_DELIVERY_THRESHOLD: '7500', DELIVERY_COST: '695' };
const EURO = (text: string) => `€\u00a0${text}`;
/** An in-stock product of € 50,00 to € 74,99 without discounts or delivery cost of its own: free by delivery.yaml,
 *  € 6,95 to deliver under the threshold of the environment. */
const PRODUCT = [...catalog.summaries.values()].find(
  (p) =>
    !p.expired &&
    p.stock.state === 'inStock' &&
    p.price >= 5000 &&
    p.price < 7500 &&
    p.deliveryCost === null &&
    Object.keys(p.discounts).length === 0,
)!;

const built = (page: string) => readFileSync(join(OUT, 'client', page, 'index.html'), 'utf8');

let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  const { PREVIEW: _, ...inherited } = process.env;
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', PUBLISH_OUT_DIR: OUT, ...AMOUNTS },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) throw new Error(build.stdout.slice(-3000) + build.stderr.slice(-3000));
  smtp = await startSmtpServer();
  server = await startServer({ fakeNow: ORDER_NOW, env: { ...AMOUNTS, SMTP_URL: smtp.url, LOG_LEVEL: 'error' } });
}, 600_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(OUT, { recursive: true, force: true });
});

describe('the delivery amounts of the environment', () => {
  it('are in the built pages and the record of the build, and no page says the amounts of delivery.yaml', () => {
    const terms = built('leveringsvoorwaarden');
    expect(terms).toContain(
      `Bestellingen vanaf ${EURO('75,00')} bezorgt Keukenhuys gratis; daaronder zijn de bezorgkosten ${EURO('6,95')}.`,
    );
    const delivery = built('klantenservice/bezorgen-afhalen');
    expect(delivery).toContain(`${EURO('75,00')}`);
    expect(delivery).toContain(`${EURO('6,95')}`);
    for (const page of [terms, delivery, built('')]) {
      expect(page).not.toMatch(/€(\s|&nbsp;)50,00/);
      expect(page).not.toContain('{gratis-bezorging-vanaf}');
    }
    // The checkout's island gets the threshold and the amount from the build.
    expect(built('afrekenen')).toMatch(/freeDeliveryThreshold&quot;:\[0,7500\]/);
    expect(built('afrekenen')).toMatch(/deliveryCost&quot;:\[0,695\]/);
    expect(JSON.parse(readFileSync(join(OUT, 'server/delivery.json'), 'utf8'))).toEqual({ freeDeliveryThreshold: 7500, deliveryCost: 695 });
  });

  it('are what the cart charges, what the order e-mail says and what the content API fills in', async () => {
    const token = await server.guestToken();
    const cart = await server.call('POST', '/api/carts/', { token, body: { items: item(PRODUCT, 1) } });
    expect(cart.status, cart.text).toBe(201);
    const read = await server.call('GET', `/api/carts/${cart.body.data.cartId}/`, { token });
    expect(read.body.data.deliveryTotal).toBe(695);
    const rules = await server.call('GET', '/api/delivery-rules/');
    expect(rules.body.data).toMatchObject({ freeDeliveryThreshold: 7500, deliveryCost: 695 });

    const email = 'bezorgkosten@voorbeeld.nl';
    await placeOrder(server, token, { items: item(PRODUCT, 1), fields: { emailAddress: email } });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).toContain(`Bezorgkosten: ${EURO('6,95')}`);

    const page = await server.call('GET', '/api/pages/leveringsvoorwaarden/');
    expect(page.body.data.body).toContain(
      `vanaf ${EURO('75,00')} bezorgt Keukenhuys gratis; daaronder zijn de bezorgkosten ${EURO('6,95')}`,
    );
  });

  it('differ from those of dist/ (built with delivery.yaml): the server says so in its log', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'dist/server/delivery.json'), 'utf8'))).toEqual({
      freeDeliveryThreshold: 5000,
      deliveryCost: 495,
    });
    expect(server.output()).toContain('delivery amounts differ between the build and this server');
  });
});

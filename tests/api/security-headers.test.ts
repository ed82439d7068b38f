// Security headers (issue 8) on every kind of answer of the production server: every page type, the on-demand
// pages, the 404 page, static files, redirects, refusals, /api and /typesense. Pages get a Content-Security-Policy
// that allows each of their inline scripts and styles by its SHA-256 (worked out here from the page itself, not by
// the server's code) and never 'unsafe-inline' for scripts; nothing may frame any answer.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct } from './helpers/catalog.ts';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let order: { orderId: string; paymentUrl: string };
let productUrl: string;
beforeAll(async () => {
  server = await startServer({ fakeNow: ORDER_NOW });
  order = await placeOrder(server, await server.guestToken());
  productUrl = (await server.call('GET', `/api/products/${inStockProduct(0).productId}/`)).body.data.url;
});
afterAll(() => server?.stop());

/** The directives of a Content-Security-Policy: name → sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Inline scripts a browser runs (no src; no type, or a JavaScript type), and every inline <style>. */
function inlineCode(html: string): { scripts: string[]; styles: string[]; dataBlocks: number } {
  const scripts: string[] = [];
  let dataBlocks = 0;
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes)) continue;
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (type === '' || type === 'module' || type === 'text/javascript') scripts.push(body);
    else dataBlocks++;
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  return { scripts, styles, dataBlocks };
}

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
  expect(directives(headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('pages', () => {
  // [page, path, status, has inline scripts]: every page of the shell has its colour-scheme script; the test payment
  // page stands alone and has none.
  const pages: [string, () => string, number, boolean][] = [
    ['home', () => '/', 200, true],
    ['store', () => '/keukenwinkels/keukens-cruquius/', 200, true],
    ['category', () => '/inbouwapparatuur/inbouwvaatwassers/', 200, true],
    ['product', () => productUrl, 200, true],
    ['cart', () => '/winkelwagen/', 200, true],
    ['checkout', () => '/afrekenen/', 200, true],
    ['search', () => '/zoeken/', 200, true],
    ['order confirmation (on demand)', () => `/bestelling/${order.orderId}/`, 200, true],
    ['test payment page (on demand)', () => order.paymentUrl, 200, false],
    ['not found', () => '/deze-pagina-bestaat-niet/', 404, true],
  ];

  it.each(pages)(
    '%s: security headers, and a policy that allows exactly its inline code by hash',
    async (_name, path, status, withScripts) => {
      const reply = await fetch(server.url + path());
      const html = await reply.text();
      expect(reply.status).toBe(status);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expectCommonHeaders(reply.headers);
      const policy = directives(reply.headers.get('content-security-policy'));
      const scriptSrc = policy.get('script-src') ?? [];
      const styleSrc = policy.get('style-src') ?? [];
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(styleSrc).not.toContain("'unsafe-inline'");
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      const { scripts, styles } = inlineCode(html);
      expect(scripts.length > 0).toBe(withScripts);
      // Styled by inline styles (allowed by hash) or by the shared stylesheet, a same-origin file ('self').
      const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)"/g)];
      expect(styles.length + stylesheets.length).toBeGreaterThan(0);
      expect(styleSrc).toContain("'self'");
      for (const script of scripts) expect(scriptSrc, `script ${script.slice(0, 60)}`).toContain(sha256(script));
      for (const style of styles) expect(styleSrc, `style ${style.slice(0, 60)}`).toContain(sha256(style));
      // No inline event handlers or style attributes: the policy would block them.
      expect(html).not.toMatch(/<[a-z][^>]*\s(?:on[a-z]+|style)=/i);
    },
  );

  it('does not need a hash for JSON-LD, which is data (the product page has some, its policy does not list it)', async () => {
    const reply = await fetch(server.url + productUrl);
    const html = await reply.text();
    const scriptSrc = directives(reply.headers.get('content-security-policy')).get('script-src') ?? [];
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(jsonLd.length).toBeGreaterThan(0);
    for (const block of jsonLd) expect(scriptSrc).not.toContain(sha256(block));
  });

  it('gives the on-demand pages a policy of their own inline code, not the whole build’s', async () => {
    const home = directives((await fetch(`${server.url}/`)).headers.get('content-security-policy'));
    const payment = await fetch(server.url + order.paymentUrl);
    const html = await payment.text();
    const policy = directives(payment.headers.get('content-security-policy'));
    // The payment page has no inline script; its one inline style is listed, plus the suggestion list's style.
    expect(inlineCode(html).scripts).toEqual([]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')!.length).toBeLessThan(home.get('style-src')!.length);
  });
});

describe('everything else', () => {
  const dataPolicy = ["'none'"];

  it.each([
    ['GET', '/api/app-state/', 200],
    ['GET', '/api/bestaat-niet/', 404],
    ['POST', '/api/carts/', 401],
    ['GET', '/typesense/health', 200],
    ['POST', '/typesense/multi_search', 401],
  ])('%s %s (%i): security headers, and a policy that lets nothing load', async (method, path, status) => {
    const reply = await fetch(server.url + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(reply.status).toBe(status);
    expectCommonHeaders(reply.headers);
    expect(directives(reply.headers.get('content-security-policy')).get('default-src')).toEqual(dataPolicy);
  });

  it('sends them with static files, redirects and refusals of the page server too', async () => {
    const html = await (await fetch(`${server.url}/winkelwagen/`)).text();
    const script = /component-url="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the cart page loads its island from a script file').toBeTruthy();
    const answers = [
      await fetch(server.url + script!),
      await fetch(`${server.url}/images/logo.svg`),
      await fetch(`${server.url}/robots.txt`),
      await fetch(`${server.url}/winkelwagen`, { redirect: 'manual' }),
      await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-length': String(1024 * 1024) }, body: 'x'.repeat(1024 * 1024) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 301, 413]);
    for (const answer of answers) expectCommonHeaders(answer.headers);
  });
});

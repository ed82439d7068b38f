// JavaScript budgets, weighed on what the production server (`npm start`, which Playwright runs) sends to a browser:
// everything a page loads up front (script tags, module preloads, island components and renderers, and their static
// imports), each file's body as it goes over the wire to a client that accepts brotli and gzip. The list of files
// comes from the build; their weight from the server, so a server that stopped compressing fails these.
import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures/cart.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pageFiles, weighPage } from '../../bench/lib/page-weight.ts';

const client = join(import.meta.dirname, '../../dist/client');
const KB = 1024;

function aProductPage(): string {
  const dir = join(client, 'inbouwapparatuur/inbouwvaatwassers');
  const product = readdirSync(dir).find((name) => /-\d+$/.test(name));
  return `/inbouwapparatuur/inbouwvaatwassers/${product}/`;
}

test('a product page loads at most 80 KB of JavaScript (as sent, compressed)', async ({ baseURL }) => {
  const weight = await weighPage(baseURL!, client, aProductPage());
  expect(weight.jsFiles.length).toBeGreaterThan(0);
  expect(weight.jsSent).toBeLessThanOrEqual(80 * KB);
  // Every script and the page itself come compressed; a file under 1 KB may come as it is.
  expect(weight.encodings[0]).toBe('br');
  expect(weight.jsSent).toBeLessThan(weight.jsBytes / 2);
});

test('the search page loads at most 20 KB of JavaScript up front (as sent, compressed) and no framework', async ({ baseURL }) => {
  // Its first answer is drawn without React; the widgets (React, InstantSearch, the adapter) load on first use
  // (src/client/search-page).
  const weight = await weighPage(baseURL!, client, '/zoeken/');
  expect(weight.jsFiles.length).toBeGreaterThan(0);
  expect(weight.jsSent).toBeLessThanOrEqual(20 * KB);
  expect(weight.jsFiles.filter((file) => /react|instantsearch|client\.[\w-]+\.js$/i.test(file))).toEqual([]);
});

test('the service request page loads at most 20 KB of JavaScript (as sent, compressed) and no framework', async ({ baseURL }) => {
  const weight = await weighPage(baseURL!, client, '/service-melding/');
  expect(weight.jsFiles.length).toBeGreaterThan(0);
  expect(weight.jsSent).toBeLessThanOrEqual(20 * KB);
  expect(weight.jsFiles.filter((file) => /react|client\.[\w-]+\.js$/i.test(file))).toEqual([]);
});

test('a product page in the browser receives its scripts compressed, within the budget', async ({ page }) => {
  // What Chromium itself receives (its own Accept-Encoding), counted from the network: the encoded body sizes.
  const scripts: { url: string; encoding: string | undefined; response: import('@playwright/test').Response }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'], response });
  });
  const document = await page.goto(aProductPage(), { waitUntil: 'load' });
  expect(document?.headers()['content-encoding']).toBe('br');
  // The island's modules are imported by Astro's island script, which may finish after the load event.
  await hydrated(page, 'BuyBox');
  const sizes = await Promise.all(scripts.map((s) => s.response.request().sizes()));
  const sent = sizes.reduce((n, s) => n + s.responseBodySize, 0);
  expect(scripts.length).toBeGreaterThan(0);
  // Files under 1 KB have no compressed copy (src/server/http/compression.ts); everything larger comes as brotli.
  for (const s of scripts) if ((await s.response.body()).length >= 1024) expect(s.encoding, s.url).toBe('br');
  expect(sent).toBeLessThanOrEqual(80 * KB);
});

test('content pages load no JavaScript file, only small inline scripts', () => {
  for (const path of [
    '/',
    '/keukenwinkels/keukens-cruquius/',
    '/klantenservice/betalen/',
    '/merken/bosch/',
    '/inbouwapparatuur/inbouwvaatwassers/',
  ]) {
    expect(pageFiles(client, path).jsFiles, path).toEqual([]);
  }
});

test('every product page, with photos or without, arrives within 14 KB of HTML (as sent, compressed)', async ({ baseURL }) => {
  // The whole prebuilt catalogue of the seed: the pages with photos, energy labels and sets are the largest.
  const paths: string[] = [];
  for (const top of readdirSync(client, { withFileTypes: true }))
    if (top.isDirectory() && !top.name.startsWith('_'))
      for (const sub of readdirSync(join(client, top.name), { withFileTypes: true }))
        if (sub.isDirectory())
          for (const product of readdirSync(join(client, top.name, sub.name)))
            if (/-\d{6}$/.test(product)) paths.push(`/${top.name}/${sub.name}/${product}/`);
  expect(paths.length).toBeGreaterThan(300);
  const sizes: [string, number][] = [];
  for (const path of paths) {
    const response = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding'), path).toBe('br');
    // fetch decodes the body; the server's precompressed file is what went over the wire.
    const sent = Number(response.headers.get('content-length'));
    await response.arrayBuffer();
    sizes.push([path, sent]);
  }
  const largest = sizes.sort((a, b) => b[1] - a[1])[0]!;
  console.log(`largest product page: ${largest[0]} ${largest[1]} bytes (brotli)`);
  for (const [path, sent] of sizes) expect(sent, path).toBeLessThanOrEqual(14 * KB);
});

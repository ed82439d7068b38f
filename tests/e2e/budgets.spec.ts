// JavaScript budgets, weighed on the production build that the browser tests run against: everything a page
// loads up front (script tags, module preloads, island components and renderers, and their static imports).
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { weighPage } from '../../bench/lib/page-weight.ts';

const client = join(import.meta.dirname, '../../dist/client');
const KB = 1024;

function aProductPage(): string {
  const dir = join(client, 'inbouwapparatuur/inbouwvaatwassers');
  const product = readdirSync(dir).find((name) => /-\d+$/.test(name));
  return `/inbouwapparatuur/inbouwvaatwassers/${product}/`;
}

test('a product page loads at most 80 KB of JavaScript (gzip)', () => {
  const weight = weighPage(client, aProductPage());
  expect(weight.jsFiles.length).toBeGreaterThan(0);
  expect(weight.jsGzip).toBeLessThanOrEqual(80 * KB);
});

test('the search page loads at most 170 KB of JavaScript (gzip)', () => {
  expect(weighPage(client, '/zoeken/').jsGzip).toBeLessThanOrEqual(170 * KB);
});

test('the service request page loads at most 20 KB of JavaScript (gzip) and no framework', () => {
  const weight = weighPage(client, '/service-melding/');
  expect(weight.jsFiles.length).toBeGreaterThan(0);
  expect(weight.jsGzip).toBeLessThanOrEqual(20 * KB);
  expect(weight.jsFiles.filter((file) => /react|client\.[\w-]+\.js$/i.test(file))).toEqual([]);
});

test('content pages load no JavaScript file, only small inline scripts', () => {
  for (const path of [
    '/',
    '/keukenwinkels/keukens-cruquius/',
    '/klantenservice/betalen/',
    '/merken/bosch/',
    '/inbouwapparatuur/inbouwvaatwassers/',
  ]) {
    const weight = weighPage(client, path);
    expect(weight.jsFiles, path).toEqual([]);
  }
});

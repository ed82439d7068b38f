// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling, the performance category) on what `npm start`
// sends a browser: the production server (src/server/serve.ts on the current build) in Debian's Chromium. Prints the
// performance score, LCP, CLS and total blocking time per page type. Not part of `npm test`.
//
//   npm run bench:lighthouse [-- --runs 1]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startShop } from './lib/shop-process.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const RUNS = Number(values.runs);

const PAGES: [string, string][] = [
  ['home', '/'],
  ['category', '/inbouwapparatuur/inbouwvaatwassers/'],
  // A product with photos (the gallery, its first photo the LCP element) and one with its drawing.
  ['product', '/inbouwapparatuur/afzuigkappen/aeg-6000-hob2hood-dve5961hb-100065/'],
  ['product-nf', '/inbouwapparatuur/afzuigkappen/pelgrim-isl947rvs-100074/'],
  ['cart', '/winkelwagen/'],
  ['checkout', '/afrekenen/'],
  ['search', '/zoeken/?q=vaatwasser'],
  ['store', '/keukenwinkels/keukens-cruquius/'],
  ['kitchen', '/keukens/keuken-bergen-wit-mat/'],
];

const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-lighthouse-'));
const shop = await startShop('src/server/serve.ts', { dataDir, logLevel: 'warn' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  console.log('page        score   LCP      CLS     TBT      (median of runs)');
  for (const [name, path] of PAGES) {
    const runs: { score: number; lcp: number; cls: number; tbt: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${shop.url}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
    }
    const median = <K extends keyof (typeof runs)[number]>(key: K) =>
      runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    console.log(
      `${name.padEnd(10)} ${String(median('score')).padStart(5)}   ${(median('lcp') / 1000).toFixed(2)} s   ${median('cls').toFixed(3)}   ${Math.round(median('tbt'))} ms`,
    );
  }
} finally {
  chrome.kill();
  shop.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

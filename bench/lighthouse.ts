// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling, the performance category) on what `npm start`
// sends a browser: the production server src/server/serve.ts (what `npm start` runs; built first, as `npm start` does,
// when the sources are newer than the build) in Debian's Chromium. Prints the performance score, LCP, CLS and total
// blocking time per page type (the median of the runs). Each run has a fresh browser (its own profile, no cache). Not
// part of `npm test`.
//
//   npm run bench:lighthouse [-- --runs 1] [-- --url /zoeken/?q=vaatwasser] [-- --verbose]
//
//   --runs N     runs per page (default 1); the median is printed.
//   --url PATH   only this path (repeatable), instead of every page type.
//   --verbose    also print each run, and the main-thread time per script and the long tasks of the median run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, needsBuild } from '../scripts/start.ts';
import { startShop } from './lib/shop-process.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    url: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);

const ALL_PAGES: [string, string][] = [
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
const PAGES: [string, string][] = values.url?.length
  ? values.url.map((path) => [ALL_PAGES.find(([, p]) => p === path)?.[0] ?? path, path])
  : ALL_PAGES;

type Run = { score: number; lcp: number; cls: number; tbt: number; bootup: string; longTasks: string };

/** One Lighthouse run in a browser of its own (a fresh profile, so nothing is cached between runs). */
async function measure(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    const bootup =
      (lhr.audits['bootup-time']?.details as { items?: { url: string; total: number; scripting: number }[] } | undefined)?.items ?? [];
    const longTasks =
      (lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      bootup: bootup
        .map(
          (item) =>
            `    ${item.url.replace(/^https?:\/\/[^/]+/, '')}: ${Math.round(item.total)} ms (script ${Math.round(item.scripting)} ms)`,
        )
        .join('\n'),
      longTasks: longTasks
        .map(
          (task) => `    at ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms ${task.url.replace(/^https?:\/\/[^/]+/, '')}`,
        )
        .join('\n'),
    };
  } finally {
    chrome.kill();
  }
}

const line = (name: string, r: Pick<Run, 'score' | 'lcp' | 'cls' | 'tbt'>) =>
  `${name.padEnd(10)} ${String(r.score).padStart(5)}   ${(r.lcp / 1000).toFixed(2)} s   ${r.cls.toFixed(3)}   ${Math.round(r.tbt)} ms`;

// As `npm start` does: build first when the build is missing or older than its sources.
if (needsBuild()) {
  console.log('Building the shop first…');
  if (build() !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-lighthouse-'));
const shop = await startShop('src/server/serve.ts', { dataDir, logLevel: 'warn' });
try {
  console.log('page        score   LCP      CLS     TBT      (median of runs)');
  for (const [name, path] of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(`${shop.url}${path}`);
      if (values.verbose) console.log(`  run ${i + 1}: ${line(name, run)}`);
      runs.push(run);
    }
    const median = (key: 'score' | 'lcp' | 'cls' | 'tbt') => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    console.log(line(name, { score: median('score'), lcp: median('lcp'), cls: median('cls'), tbt: median('tbt') }));
    if (values.verbose) {
      const byTbt = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor(runs.length / 2)]!;
      console.log(`  main thread per script (median-TBT run):\n${byTbt.bootup}\n  long tasks:\n${byTbt.longTasks}`);
    }
  }
} finally {
  shop.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench:publish`: how long an editor's change of one store's opening hours takes to reach the pages a running
// `npm start` serves, at 10,000 and 50,000 products (issue 22: at most 30 s at 50,000). For each size it copies the
// project with a generated catalogue (bench/lib/project-copy.ts), builds it in full (the baseline: what publishing
// cost before), starts `npm start` on it (two processes, no build), changes Thursday's closing time of
// content/stores/keukens-den-haag.md, runs `npm run content:publish` and asks the store page until it shows the new
// time. In the same run a plain Astro project of as many trivial pages as the publish rendered is built: the floor
// of any Astro build of that many pages on this machine.
//
//   npm run bench:publish [-- --sizes 10000,50000 --keep]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { plainAstroProject } from './lib/plain-astro.ts';
import { projectCopy } from './lib/project-copy.ts';
import { freePort, waitFor } from './lib/shop-process.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,50000' }, keep: { type: 'boolean', default: false } } });
const STORE_FILE = 'content/stores/keukens-den-haag.md';
const STORE_PAGE = '/keukenwinkels/keukens-den-haag/';

/** Runs node with `args` in `cwd`; returns the wall seconds and the output, or throws with it. */
function timedNode(args: string[], cwd: string): { seconds: number; output: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}):\n${output.slice(-4000)}`);
  return { seconds: (performance.now() - started) / 1000, output };
}

/** A plain Astro project of `pages` trivial pages, built: its seconds. */
function plainAstro(pages: number): number {
  const dir = plainAstroProject(pages);
  try {
    return timedNode([join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], dir).seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Thursday's closing time in the store file, replaced by `time`; returns the old one. */
function setThursdayClose(dir: string, time: string): string {
  const file = join(dir, STORE_FILE);
  const text = readFileSync(file, 'utf8');
  const thursday = /(thursday:[\s\S]*?close:\s*['"]?)(\d\d:\d\d)/.exec(text);
  if (!thursday) throw new Error(`${STORE_FILE}: no Thursday closing time`);
  writeFileSync(file, text.replace(thursday[0], `${thursday[1]}${time}`));
  return thursday[2]!;
}

async function measure(size: number): Promise<void> {
  console.log(`\n${size.toLocaleString('en')} products`);
  const dir = projectCopy(`publish-${size}`, size);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-publish-data-'));
  let server: ReturnType<typeof spawn> | null = null;
  try {
    const full = timedNode([join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], dir);
    console.log(`  full build (astro build, the baseline): ${full.seconds.toFixed(1)} s`);
    server = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SKIP_BUILD: '1',
        SHOP_PROCESSES: '2',
        SHOP_TEST_PAYMENTS: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        SHOP_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const page = `http://127.0.0.1:${port}${STORE_PAGE}`;
    await waitFor(page, server);
    const old = setThursdayClose(dir, '20:45');
    const saved = performance.now();
    const published = timedNode(['scripts/content-publish.ts'], dir);
    let served = Number.NaN;
    while (performance.now() - saved < 600_000) {
      const html = await (await fetch(page, { headers: { 'accept-encoding': 'br' } })).text();
      if (html.includes('20:45') && !html.includes(`>09:30 - ${old}<`)) {
        served = (performance.now() - saved) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const rendered = Number(/Built (\d+) pages/.exec(published.output)?.[1] ?? 0);
    console.log(
      `  publish (npm run content:publish, Thursday 09:30 - ${old} → 20:45): page served with the new time after ${served.toFixed(1)} s (command ${published.seconds.toFixed(1)} s, ${rendered} pages rendered) = ${((served / full.seconds) * 100).toFixed(0)}% of the full build`,
    );
    for (const line of published.output.trim().split('\n')) console.log(`    | ${line}`);
    if (rendered > 0) console.log(`  plain Astro, ${rendered} trivial pages: ${plainAstro(rendered).toFixed(1)} s`);
  } finally {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    if (values.keep) console.log(`  kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

for (const size of values.sizes.split(',').map(Number)) await measure(size);

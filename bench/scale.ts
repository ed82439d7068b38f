// `npm run bench:scale`: the shop at 10,000 and 50,000 products. For each size it copies the project into a temporary
// directory (content/ of the copy gets a generated catalogue; the real content/ is never touched), builds it, and
// reports the pages, the build's seconds, pages/s and peak memory, the largest HTML page (raw, gzip, brotli), the
// server's time to its first answers and its memory, search latency over HTTP (a three-search page load), and how long
// a static page and a search take while `npm run search:index` rebuilds the search collections. In the same run it
// builds a plain Astro project of as many trivial pages, so the build's pages/s can be read against Astro's own.
//
//   npm run bench:scale [-- --sizes 10000,50000 --keep]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEFAULT_SEARCH_KEY as searchKey, productsQueryBy } from '../src/search/config.ts';
import { plainAstroProject } from './lib/plain-astro.ts';
import { projectCopy } from './lib/project-copy.ts';
import { freePort, waitFor } from './lib/shop-process.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,50000' }, keep: { type: 'boolean', default: false } } });
const SIZES = values.sizes.split(',').map(Number);
const KB = 1024;

type Timed = { seconds: number; peakMb: number };

/** Runs `args` with node in `cwd` under GNU time: wall seconds and the peak resident memory of the process. */
function timedNode(args: string[], cwd: string, env: Record<string, string> = {}): Timed {
  const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', process.execPath, ...args], {
    cwd,
    env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const match = /TIME ([\d.]+) (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !match) throw new Error(`${args.join(' ')} failed (${run.status}):\n${(run.stderr ?? '').slice(-4000)}`);
  return { seconds: Number(match[1]), peakMb: Number(match[2]) / KB };
}

function htmlFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) htmlFiles(path, found);
    else if (name.endsWith('.html')) found.push(path);
  }
  return found;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} requests)`;
};

/** A plain Astro project of `pages` trivial pages: the build speed of Astro itself on this machine. */
function baseline(pages: number): Timed & { pages: number } {
  const dir = plainAstroProject(pages);
  const timed = timedNode([join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], dir);
  rmSync(dir, { recursive: true, force: true });
  return { ...timed, pages };
}

async function serverFigures(dir: string): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-scale-data-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SHOP_TEST_PAYMENTS: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    SHOP_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  const child = spawn(process.execPath, ['src/server/serve.ts'], { cwd: dir, env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/`, child);
    const firstPage = performance.now() - started;
    const search = (q: string) =>
      fetch(`${url}/typesense/multi_search?x-typesense-api-key=${searchKey}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({
          searches: [
            { collection: 'v3_producten', q, query_by: productsQueryBy, facet_by: 'brand,category', per_page: 24 },
            { collection: 'v3_producten', q, query_by: productsQueryBy, facet_by: 'brand', per_page: 0 },
            { collection: 'v3_producten', q, query_by: productsQueryBy, facet_by: 'category', per_page: 0 },
          ],
        }),
      });
    let firstSearch = Number.NaN;
    while (performance.now() - started < 120_000) {
      const reply = await search('vaatwasser');
      if (reply.ok && !JSON.stringify(await reply.json()).includes('"error"')) {
        firstSearch = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / KB;
    console.log(
      `  server: first page after ${(firstPage / 1000).toFixed(1)} s, first search after ${(firstSearch / 1000).toFixed(1)} s, ${rssMb.toFixed(0)} MB resident`,
    );

    const words = ['vaatwasser', 'koelkast', 'inductie', 'oven bosch', 'wasmachine', 'vaatwaser', 'afzuigkap', 'barbecue'];
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await (await search(words[i % words.length]!)).arrayBuffer();
      latencies.push(performance.now() - t);
    }
    console.log(`  search (three searches per page load, over HTTP): ${ms(latencies)}`);

    // While the search collections are rebuilt: a static page and a search every 20 ms.
    const page: number[] = [];
    const found: number[] = [];
    let reindexing = true;
    const indexer = spawn(process.execPath, ['scripts/search-index.ts'], { cwd: dir, env: { ...env }, stdio: 'ignore' });
    const reindexStarted = performance.now();
    const done = new Promise<number>((resolve) => indexer.once('exit', (code) => resolve(code ?? 1)));
    const probe = (async () => {
      while (reindexing) {
        let t = performance.now();
        await (await fetch(`${url}/`)).arrayBuffer();
        page.push(performance.now() - t);
        t = performance.now();
        await (await search(words[page.length % words.length]!)).arrayBuffer();
        found.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const code = await done;
    reindexing = false;
    await probe;
    console.log(`  reindex (npm run search:index, exit ${code}): ${((performance.now() - reindexStarted) / 1000).toFixed(1)} s`);
    console.log(`    static page meanwhile: ${ms(page)}`);
    console.log(`    search meanwhile: ${ms(found)}`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const size of SIZES) {
  console.log(`\n${size.toLocaleString('en')} products`);
  const dir = projectCopy(`scale-${size}`, size);
  try {
    const built = timedNode([join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], dir);
    const pages = htmlFiles(join(dir, 'dist/client'));
    console.log(
      `  build: ${pages.length} pages in ${built.seconds.toFixed(1)} s = ${(pages.length / built.seconds).toFixed(0)} pages/s, peak ${built.peakMb.toFixed(0)} MB`,
    );
    const largest = pages.map((p) => ({ p, size: statSync(p).size })).sort((a, b) => b.size - a.size)[0]!;
    const bytes = readFileSync(largest.p);
    console.log(
      `  largest HTML: ${largest.p.slice(join(dir, 'dist/client').length)} ${(bytes.length / KB).toFixed(1)} KB, gzip ${(gzipSync(bytes, { level: 9 }).length / KB).toFixed(1)} KB, brotli ${(brotliCompressSync(bytes).length / KB).toFixed(1)} KB`,
    );
    const plain = baseline(pages.length);
    console.log(
      `  plain Astro, ${plain.pages} trivial pages: ${plain.seconds.toFixed(1)} s = ${(plain.pages / plain.seconds).toFixed(0)} pages/s, peak ${plain.peakMb.toFixed(0)} MB; the shop builds at ${((pages.length / built.seconds / (plain.pages / plain.seconds)) * 100).toFixed(0)}% of that rate`,
    );
    await serverFigures(dir);
  } finally {
    if (values.keep) console.log(`  kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

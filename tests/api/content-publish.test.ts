// `npm run content:publish` on a copy of the project (bench/lib/project-copy.ts) served by `npm start` with two
// processes: a changed Thursday closing time reaches the store page without a restart, the page has the bytes a full
// build gives it, untouched pages keep theirs, and a time the build refuses changes nothing in dist/.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy } from '../../bench/lib/project-copy.ts';
import { freePort, waitFor } from '../../bench/lib/shop-process.ts';

const STORE = 'content/stores/keukens-den-haag.md';
const STORE_PAGE = 'keukenwinkels/keukens-den-haag/index.html';
const LISTING_PAGE = 'inbouwapparatuur/afzuigkappen/index.html';

let dir: string;
let dataDir: string;
let server: ChildProcess | null = null;
let url: string;

const env = () => ({ ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' });
const run = (args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd: dir, env: { ...env(), ...extra }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const built = (page: string) => readFileSync(join(dir, 'dist/client', page), 'utf8');
const serverLog = () => readFileSync(join(dir, 'server.log'), 'utf8').slice(-3000);

/** The page at `path` as the running server sends it with `encoding`, decompressed, on a connection of its own. */
function served(path: string, encoding = 'identity'): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url + path, { agent: false, headers: { connection: 'close', 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const sent = res.headers['content-encoding'];
        if (sent !== (encoding === 'identity' ? undefined : encoding)) reject(new Error(`${path}: ${encoding} asked, ${sent} sent`));
        else resolve((sent === 'br' ? brotliDecompressSync(body) : sent === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      });
    });
    req.on('error', (error) => reject(new Error(`${path} (${encoding}): ${error.message}\n${serverLog()}`)));
    req.end();
  });
}

function setThursdayClose(time: string): void {
  const file = join(dir, STORE);
  const text = readFileSync(file, 'utf8');
  const thursday = /(thursday:[\s\S]*?close:\s*['"]?)(\d\d:\d\d)/.exec(text)!;
  writeFileSync(file, text.replace(thursday[0], `${thursday[1]}${time}`));
}

beforeAll(async () => {
  dir = projectCopy('publish-test');
  dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-publish-test-data-'));
  const build = run(['node_modules/astro/bin/astro.mjs', 'build']);
  if (build.status !== 0) throw new Error(build.stdout + build.stderr);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: dir,
    env: {
      ...env(),
      SKIP_BUILD: '1',
      SHOP_PROCESSES: '2',
      SHOP_TEST_PAYMENTS: '1',
      PORT: String(port),
      SHOP_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', openSync(join(dir, 'server.log'), 'w'), openSync(join(dir, 'server.log'), 'a')],
  });
  await waitFor(`${url}/`, server);
}, 600_000);

afterAll(() => {
  server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm run content:publish', () => {
  it("publishes a store's new Thursday closing time to the running server, with a full build's bytes", async () => {
    expect(await served('/keukenwinkels/keukens-den-haag/')).toContain('<th scope="row">Donderdag</th><td>09:30 - 21:00</td>');
    const listing = built(LISTING_PAGE);
    setThursdayClose('20:15');
    const publish = run(['scripts/content-publish.ts']);
    expect(publish.status, publish.stdout + publish.stderr).toBe(0);
    expect(publish.stdout).toContain('Scoped build');
    expect(publish.stdout).toContain('  /keukenwinkels/keukens-den-haag/\n');
    for (const encoding of ['identity', 'br', 'gzip']) {
      const page = await served('/keukenwinkels/keukens-den-haag/', encoding);
      expect(page).toContain('<th scope="row">Donderdag</th><td>09:30 - 20:15</td>');
      expect(page).not.toContain('09:30 - 21:00');
    }
    // A catalogue page was neither rendered nor replaced.
    expect(built(LISTING_PAGE)).toBe(listing);
    expect(await served(`/${LISTING_PAGE.replace('index.html', '')}`)).toBe(listing);

    // A full build of the same content (beside dist/) gives the store page the same bytes.
    const full = run(['node_modules/astro/bin/astro.mjs', 'build'], { PUBLISH_OUT_DIR: 'dist/.full-check', PUBLISH_SCOPE: 'full' });
    expect(full.status, full.stdout + full.stderr).toBe(0);
    const fromFullBuild = readFileSync(join(dir, 'dist/.full-check/client', STORE_PAGE), 'utf8');
    // Apart from what a build takes from the clock (the open/closed line is worked out at build time).
    const timeless = (html: string) => html.replace(/(data-open-status="[^"]*"[^>]*>)[^<]*/g, '$1');
    expect(timeless(built(STORE_PAGE))).toBe(timeless(fromFullBuild));
    // And so does every other page: the served build after the publish is the full build of the new content.
    const pages = readdirSync(join(dir, 'dist/.full-check/client'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(400);
    const differing = pages.filter(
      (page) => timeless(built(page)) !== timeless(readFileSync(join(dir, 'dist/.full-check/client', page), 'utf8')),
    );
    expect(differing).toEqual([]);
  }, 600_000);

  it('refuses a closing time of 25:00 with the build message, and changes nothing in dist/', async () => {
    const before = built(STORE_PAGE);
    const stamp = readFileSync(join(dir, 'dist/published.json'), 'utf8');
    setThursdayClose('25:00');
    const publish = run(['scripts/content-publish.ts']);
    expect(publish.status).toBe(1);
    expect(publish.stderr).toContain('keukens-den-haag');
    expect(publish.stderr).toContain('openingHours.thursday.0.close');
    expect(publish.stderr).toContain('nothing in dist/ changed');
    expect(built(STORE_PAGE)).toBe(before);
    expect(readFileSync(join(dir, 'dist/published.json'), 'utf8')).toBe(stamp);
    expect(await served('/keukenwinkels/keukens-den-haag/')).toContain('<td>09:30 - 20:15</td>');
  }, 300_000);
});

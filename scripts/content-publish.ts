// `npm run content:publish`: publishes what editors changed in content/ to the build a running `npm start` serves,
// without restarting it and, for editorial changes, without rendering the catalogue's pages (docs/content.md
// "Preview and publish").
//
//   1. compares content/ with dist/content-snapshot.json (what dist/ was built from: src/integrations/content-snapshot.ts)
//      and decides what the changes need (scripts/lib/publish-plan.ts): nothing, the editorial pages, or everything;
//   2. builds that into dist/.publish (src/integrations/publish-scope.ts; a preview build stays a preview build);
//      content the build refuses stops here: exit 1 with the build's message, dist/ untouched;
//   3. swaps the pages that changed and any new files into dist/client (scripts/lib/publish-swap.ts) and stamps
//      dist/published.json, from which every server process lists the new files and hashes on its next request.
// Prints the pages that changed and the seconds. Exit 0 once the running server serves them.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContentSnapshot, SNAPSHOT_FILE, takeSnapshot } from '../src/integrations/content-snapshot.ts';
import { publishPlan } from './lib/publish-plan.ts';
import { swapInto } from './lib/publish-swap.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const out = join(dist, '.publish');
const lockFile = join(dist, '.publish.lock');
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Runs `astro build` with `env`; the build's output is shown only when it fails. */
function astroBuild(env: Record<string, string>): boolean {
  const preview = readJson<{ preview?: boolean }>(join(dist, 'server/build.json'))?.preview === true;
  const { PREVIEW: _, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env: { ...inherited, ...(preview ? { PREVIEW: '1' } : {}), NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', ...env },
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (run.status === 0) return true;
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.split('\n');
  const first = output.findIndex((line) => /error|refused|fout|invalid|ongeldig/i.test(line));
  console.error(output.slice(first === -1 ? -40 : Math.max(0, first - 2)).join('\n'));
  return false;
}

function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
}

if (!existsSync(join(dist, 'server/entry.mjs')) || !existsSync(join(dist, 'server/csp.json'))) {
  console.log('No build in dist/: a full build (npm run build).');
  if (!astroBuild({})) {
    console.error(`Publish refused after ${seconds()} s.`);
    process.exit(1);
  }
  console.log(`Built in ${seconds()} s; start the shop with npm start.`);
  process.exit(0);
}

// One publish at a time: the second waits for nothing and says so.
let lock: number;
try {
  lock = openSync(lockFile, 'wx');
} catch {
  console.error(`Another publish is running (${lockFile}); try again when it has finished.`);
  process.exit(1);
}
let exitCode = 1;
try {
  const built = readJson<ContentSnapshot>(join(dist, SNAPSHOT_FILE));
  const now = takeSnapshot(join(root, 'content'));
  const plan = built ? publishPlan(built, now) : { kind: 'full' as const, changed: [], reasons: [`no ${SNAPSHOT_FILE} in dist/`] };
  if (plan.kind === 'none') {
    console.log(`Nothing to publish: content/ is what dist/ was built from (${seconds()} s).`);
    exitCode = 0;
  } else {
    if (plan.changed.length > 0) console.log(`Changed: ${plan.changed.map((p) => `content/${p}`).join(', ')}`);
    const full = plan.kind === 'full';
    if (full) console.log(`Full build (every page), because:\n${plan.reasons.map((r) => `  ${r}`).join('\n')}`);
    else console.log("Scoped build: the editorial pages, without the catalogue's products and listings.");
    rmSync(out, { recursive: true, force: true });
    if (!astroBuild({ PUBLISH_OUT_DIR: out, ...(full ? { PUBLISH_SCOPE: 'full' } : {}) })) {
      rmSync(out, { recursive: true, force: true });
      console.error(`Publish refused after ${seconds()} s: nothing in dist/ changed.`);
    } else {
      const rendered = countPages(join(out, 'client'));
      const built = seconds();
      const swapped = swapInto(dist, out, full);
      // Each server process looks at dist/published.json at most every 200 ms, on its next request.
      await new Promise((resolve) => setTimeout(resolve, 250));
      console.log(`Built ${rendered} pages in ${built} s (${full ? 'full' : 'scoped'} build); ${swapped.pages.length} changed:`);
      for (const page of swapped.pages) console.log(`  ${page}`);
      if (swapped.files.length > 0)
        console.log(
          `  and ${swapped.files.length} new or changed files (${swapped.files.slice(0, 5).join(', ')}${swapped.files.length > 5 ? ', …' : ''})`,
        );
      if (swapped.removed.length > 0) console.log(`  ${swapped.removed.length} files removed`);
      console.log(`Published in ${seconds()} s.`);
      exitCode = 0;
    }
  }
} finally {
  closeSync(lock);
  unlinkSync(lockFile);
}
process.exit(exitCode);

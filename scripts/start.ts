// `npm start`: builds the shop when the build is missing or older than its sources, then runs the production
// server src/server/serve.ts on HOST:PORT (default 127.0.0.1:4321): /api/** directly on node:http, every other
// request through the Astro build's handler (dist/server/entry.mjs).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const serverScript = join(root, 'src/server/serve.ts');
export const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Whether the build in `dir` is missing or older than its sources (exported for the API tests and benches). */
export function needsBuild(dir: string = root): boolean {
  if (process.env.SKIP_BUILD === '1') return false;
  const built = join(dir, 'dist/server/entry.mjs');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => existsSync(join(dir, s)) && newestMtime(join(dir, s)) > builtAt);
}

/** Runs `astro build` in `dir`; returns the exit status. */
export function build(dir: string = root): number {
  // Always a production build: a caller running under NODE_ENV=test (Vitest's global setup) would otherwise get
  // React's development bundles.
  const result = spawnSync(process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return result.status ?? 1;
}

// Run as a script (not when imported for needsBuild/build).
const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));

if (isMain && needsBuild()) {
  console.log('Building the shop (sources changed or no build yet)…');
  const status = build();
  if (status !== 0) process.exit(status);
}

if (isMain) serve();

function serve(): void {
  const env = { ...process.env, HOST: process.env.HOST ?? '127.0.0.1', PORT: process.env.PORT ?? '4321' };
  console.log(`Keukenhuys: http://${env.HOST}:${env.PORT}/`);
  const server = spawn(process.execPath, [serverScript], { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

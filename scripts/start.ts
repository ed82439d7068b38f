// `npm start`: builds the shop when the build is missing or older than its sources, then serves the static
// pages and the API with the node adapter's standalone server on HOST:PORT (default 127.0.0.1:4321).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function needsBuild(): boolean {
  if (process.env.SKIP_BUILD === '1') return false;
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return SOURCES.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > built);
}

if (needsBuild()) {
  console.log('Building the shop (sources changed or no build yet)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env, HOST: process.env.HOST ?? '127.0.0.1', PORT: process.env.PORT ?? '4321' };
console.log(`Keukenhuys: http://${env.HOST}:${env.PORT}/`);
const server = spawn(process.execPath, [entry], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

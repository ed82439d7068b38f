// `npm start`: builds the shop when the build is missing or older than its sources, then runs SHOP_PROCESSES copies
// of the production server src/server/serve.ts on HOST:PORT (default 127.0.0.1:4321): /api/** directly on node:http,
// every other request through the Astro build's handler (dist/server/entry.mjs).
//
//   SHOP_PROCESSES   how many server processes (default: the machine's cores, os.availableParallelism()). Above 1 each
//                    opens the port with SO_REUSEPORT and the kernel spreads the connections over them; each process
//                    stands on its own, as another machine would (state they share goes through the database:
//                    src/server/runtime/topology.ts). 1 runs one process, without SO_REUSEPORT. Where the platform does
//                    not spread connections over such sockets (not Linux), one process runs, with a warning.
//   SKIP_BUILD=1     serve the build as it is (`npm run preview`).
//
// Each process gets SHOP_PROCESSES and SHOP_INSTANCE (1…N) in its environment, and an IPC channel on which it says
// when it listens. This script supervises them:
//   - it logs each start and each exit;
//   - a process that exits while nobody asked it to is started again after a back-off (0.25 s, doubling), at most
//     RESTARTS_PER_MINUTE times a minute per instance; beyond that, or when a process exits before it ever listened
//     (a configuration error will not mend itself), it stops the others and exits 1;
//   - SIGTERM and SIGINT are passed to every process (each drains: src/server/serve.ts); the script exits 0 once all
//     have exited 0 (1 if one did not).
// When this script is killed outright, each process notices its IPC channel close and drains by itself.
import { spawnSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** Restarts of one instance within a minute beyond which the script gives up. */
const RESTARTS_PER_MINUTE = 5;
const FIRST_BACKOFF_MS = 250;

/** How many server processes to run: SHOP_PROCESSES, else the cores; 1 where SO_REUSEPORT does not spread. */
function processesToRun(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): number {
  const raw = env.SHOP_PROCESSES?.trim();
  const wanted = raw ? Number(raw) : availableParallelism();
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 256) {
    console.error(`SHOP_PROCESSES must be a whole number from 1 to 256, not ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  if (wanted > 1 && platform !== 'linux') {
    console.warn(`SHOP_PROCESSES=${wanted}: this platform (${platform}) does not spread connections over processes; running 1`);
    return 1;
  }
  return wanted;
}

// Run as a script (not when imported for needsBuild/build).
const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));

if (isMain && needsBuild()) {
  console.log('Building the shop (sources changed or no build yet)…');
  const status = build();
  if (status !== 0) process.exit(status);
}

if (isMain) supervise(processesToRun(process.env, process.platform));

type Instance = { n: number; child: ChildProcess | null; listened: boolean; restarts: number[]; timer: NodeJS.Timeout | null };

function supervise(count: number): void {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = process.env.PORT ?? '4321';
  const log = (text: string) => console.log(`[start] ${text}`);
  console.log(`Keukenhuys: http://${host}:${port}/ (${count} server process${count === 1 ? '' : 'es'})`);
  const instances: Instance[] = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    child: null,
    listened: false,
    restarts: [],
    timer: null,
  }));
  let stopping = false;
  let stopSignal: NodeJS.Signals | null = null;
  let failed = false;

  function run(instance: Instance): void {
    instance.timer = null;
    instance.listened = false;
    const env = { ...process.env, HOST: host, PORT: port, SHOP_PROCESSES: String(count), SHOP_INSTANCE: String(instance.n) };
    const child = spawn(process.execPath, [serverScript], { cwd: root, env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    instance.child = child;
    log(`process ${instance.n} of ${count} started (pid ${child.pid})`);
    child.on('message', (message: { shop?: string }) => {
      if (message?.shop === 'listening') instance.listened = true;
    });
    child.on('exit', (code, signal) => exited(instance, code, signal));
  }

  function exited(instance: Instance, code: number | null, signal: NodeJS.Signals | null): void {
    const pid = instance.child?.pid;
    instance.child = null;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      log(`process ${instance.n} (pid ${pid}) exited with ${how}`);
      // Killed by the signal passed on: it was still starting, before it could drain (nothing to drain yet).
      if (code !== 0 && signal !== stopSignal) failed = true;
      finishIfAllExited();
      return;
    }
    if (!instance.listened) {
      giveUp(`process ${instance.n} (pid ${pid}) exited with ${how} before it listened`);
      return;
    }
    const now = Date.now();
    instance.restarts = instance.restarts.filter((at) => now - at < 60_000);
    if (instance.restarts.length >= RESTARTS_PER_MINUTE) {
      giveUp(`process ${instance.n} (pid ${pid}) exited with ${how}, the ${RESTARTS_PER_MINUTE + 1}th time within a minute`);
      return;
    }
    const delay = FIRST_BACKOFF_MS * 2 ** instance.restarts.length;
    instance.restarts.push(now);
    log(`process ${instance.n} (pid ${pid}) exited with ${how} unexpectedly: starting it again in ${delay} ms`);
    instance.timer = setTimeout(() => run(instance), delay);
  }

  function giveUp(reason: string): void {
    console.error(`[start] ${reason}: giving up, stopping the others`);
    failed = true;
    stopAll('SIGTERM');
  }

  function stopAll(signal: NodeJS.Signals): void {
    stopping = true;
    stopSignal ??= signal;
    for (const instance of instances) {
      if (instance.timer) clearTimeout(instance.timer);
      instance.timer = null;
      instance.child?.kill(signal);
    }
    finishIfAllExited();
  }

  function finishIfAllExited(): void {
    if (instances.every((instance) => instance.child === null)) process.exit(failed ? 1 : 0);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (!stopping) log(`${signal}: stopping ${count} server process${count === 1 ? '' : 'es'}`);
      stopAll(signal);
    });
  for (const instance of instances) run(instance);
}

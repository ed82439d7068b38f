// Starts the built shop on a free port with its own data directory, for API tests over real HTTP: by default the
// production server (`node src/server/serve.ts`: the API directly on node:http), or with `server: 'entry'` the
// Astro build alone (`node dist/server/entry.mjs`: the API through src/middleware.ts and the Astro route, as under
// `astro dev`). DATABASE_URL is passed through, so the same tests run against PostgreSQL when it is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToken } from '../../../src/server/http/tokens.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The secret the test servers sign with, so tests can mint staff tokens. */
export const TEST_SECRET = 'test-secret-for-the-api-suite-0123456789abcdef';

export type StartOptions = {
  /** Reuse a data directory (restart tests); a fresh temp dir otherwise. */
  dataDir?: string;
  /** Freeze the server clock (honoured because NODE_ENV=test). */
  fakeNow?: string;
  env?: Record<string, string>;
  /** 'direct' (default): src/server/serve.ts, as `npm start` runs it; 'entry': dist/server/entry.mjs, the API inside Astro. */
  server?: ServerKind;
  /** Wait until the health check answers at all, not until it answers 200 (for a server whose storage is broken). */
  unhealthy?: boolean;
  /**
   * Start it as `npm start` does: `node scripts/start.ts` (with SKIP_BUILD=1), the supervisor of SHOP_PROCESSES server
   * processes on one port (set SHOP_PROCESSES in `env`). `child` is then the supervisor; the health check is answered
   * by whichever process the connection reaches.
   */
  supervised?: boolean;
};

export type ServerKind = 'direct' | 'entry';
export const SERVER_KINDS: readonly ServerKind[] = ['direct', 'entry'];

type Reply<T = any> = { status: number; headers: Headers; body: T; text: string };

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** JSON request helper: `body` is sent as JSON unless `raw` is given. */
  call<T = any>(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; raw?: string | Buffer; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  /** A fresh guest token from GET /api/app-state/. */
  guestToken(): Promise<string>;
  /** Graceful stop (SIGTERM); removes the data dir unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
  /** SIGKILL, nothing flushed; the data dir stays. */
  kill(): Promise<void>;
  /** What the server wrote to stdout and stderr since it started (the last 200,000 characters). */
  output(): string;
};

// Ports come from a range of this Vitest worker's own, outside the kernel's ephemeral range, and each is used
// once per run: a port the kernel hands out (listen on 0) may be handed to another worker's server in the moment
// between the probe closing and our server binding, and then this test would talk to that server.
const PORTS_PER_WORKER = 2000;
const firstPort = 12_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 10) * PORTS_PER_WORKER;
let nextPort = 0;

function available(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = firstPort + (nextPort++ % PORTS_PER_WORKER);
    if (await available(port)) return port;
  }
  throw new Error(`no free port in ${firstPort}..${firstPort + PORTS_PER_WORKER - 1}`);
}

export function staffToken(role: 'employee' | 'admin', sub = `staff-${role}-000000000000000000`): string {
  return createToken({ sub, role }, new Date(), Buffer.from(TEST_SECRET));
}

/** Resolves once `child` has exited (at once when it has already). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

// Servers still running when this worker ends (a test that timed out before its stop()) are not left behind.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'keukenhuys-api-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SHOP_DATA_DIR: dataDir,
    SHOP_SECRET: TEST_SECRET,
    LOG_LEVEL: process.env.API_TEST_LOG_LEVEL ?? 'silent',
    ASTRO_NODE_LOGGING: 'disabled',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(options.fakeNow ? { SHOP_FAKE_NOW: options.fakeNow } : {}),
    // Servers of parallel test files may share one PostgreSQL database: each sends only its own e-mail (the same queue
    // again when a test restarts a server on the same data).
    MAIL_QUEUE: basename(dataDir)
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 64),
    ...(options.supervised ? { SKIP_BUILD: '1' } : {}),
    ...options.env,
  };
  const script = options.supervised ? 'scripts/start.ts' : options.server === 'entry' ? 'dist/server/entry.mjs' : 'src/server/serve.ts';
  const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-200_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-200_000)));
  const url = `http://127.0.0.1:${port}`;

  const call: TestServer['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Buffer | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(url + path, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as any, text };
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    try {
      const reply = await call('GET', '/api/system-health/');
      if (reply.status === 200 || options.unhealthy) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url,
    port,
    dataDir,
    child,
    call,
    async guestToken() {
      const reply = await call('GET', '/api/app-state/');
      return reply.body.data.token as string;
    },
    async stop(keepData = false) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    output: () => output,
  };
}

// Starts Varnish (Debian's `varnish` package) as the edge cache in front of a started shop, configured by
// tests/edge/cdn.vcl like a CDN that follows the origin's Cache-Control. One varnishd per test file: its own
// working directory (-n), a free port on loopback (-a), 64 MB of memory storage, in the foreground (-F), stopped
// with the file's servers. varnishd cannot take both -b and -f, so the backend (the origin) is written into a small
// VCL next to the working directory that includes cdn.vcl.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited } from '../api/helpers/server.ts';

const CDN_VCL = fileURLToPath(new URL('./cdn.vcl', import.meta.url));

/** The varnishd binary, or null when Varnish is not installed. */
export function findVarnishd(): string | null {
  for (const candidate of ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd']) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v varnishd'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() !== '' ? which.stdout.trim() : null;
}

export type EdgeCache = {
  url: string;
  port: number;
  /** What varnishd wrote since it started. */
  output(): string;
  stop(): Promise<void>;
};

/** A port the kernel hands out on loopback (outside the test servers' own ranges of tests/api/helpers/server.ts). */
function ephemeralPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts varnishd in front of the origin at 127.0.0.1:`originPort` (probed at `healthPath`); resolves once it accepts
 * connections.
 */
export async function startVarnish(varnishd: string, originPort: number, healthPath = '/api/system-health/'): Promise<EdgeCache> {
  const dir = mkdtempSync(join(tmpdir(), 'keukenhuys-edge-'));
  // varnishd drops privileges when run as root: its compiler must be able to read the VCL.
  chmodSync(dir, 0o755);
  const vcl = join(dir, 'edge.vcl');
  writeFileSync(
    vcl,
    [
      'vcl 4.1;',
      'import std;',
      // The probe tells cdn.vcl whether the origin is up (stale-if-error): sick after 2 failures out of 3, 0.5 s apart.
      `backend origin {`,
      `  .host = "127.0.0.1";`,
      `  .port = "${originPort}";`,
      `  .probe = { .url = "${healthPath}"; .interval = 0.5s; .timeout = 1s; .window = 3; .threshold = 2; .initial = 3; }`,
      `}`,
      `include "${CDN_VCL}";`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  for (let attempt = 0; ; attempt++) {
    const port = await ephemeralPort();
    const child = spawn(
      varnishd,
      [
        '-F',
        '-n',
        join(dir, 'work'),
        '-a',
        `127.0.0.1:${port}`,
        '-f',
        vcl,
        '-s',
        'malloc,64m',
        // A response without stale-while-revalidate is not served stale (Varnish's own default is 10 s).
        '-p',
        'default_grace=0',
        // Accept-Encoding reaches the origin as the client (normalised by cdn.vcl) sent it; the origin's br and gzip
        // copies are stored as they come, each under its own Vary entry.
        '-p',
        'http_gzip_support=off',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    running.add(child);
    child.once('exit', () => running.delete(child));
    let output = '';
    child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-100_000)));
    child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-100_000)));
    const deadline = Date.now() + 20_000;
    while (child.exitCode === null && !(await accepts(port))) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`varnishd did not start listening:\n${output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (child.exitCode !== null) {
      // Another process took the port in the meantime: try another one; anything else is a real failure.
      if (attempt < 3 && /Address already in use/i.test(output)) continue;
      throw new Error(`varnishd exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    }
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      output: () => output,
      async stop() {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited(child);
        clearTimeout(timer);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

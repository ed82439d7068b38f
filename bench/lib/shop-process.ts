// Starting the built shop as a child process for a benchmark: on a free port, with its own data directory, and
// waiting until its API answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until `url` answers 2xx; throws when the process ends first or after 30 s. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Runs `script` (a path below the project root) as the production shop and returns its base URL once healthy. */
export async function startShop(
  script: string,
  options: { dataDir: string; logLevel: string; env?: Record<string, string> },
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [`${root}${script}`], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // A production shop without provider keys refuses to start; the benchmarks pay with the test provider.
      SHOP_TEST_PAYMENTS: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      SHOP_DATA_DIR: options.dataDir,
      LOG_LEVEL: options.logLevel,
      ASTRO_NODE_LOGGING: 'disabled',
      ...options.env,
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/system-health/`, child);
  return { url, child };
}

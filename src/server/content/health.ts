// The health routes, for monitoring and a load balancer (docs/api.md, "Health"):
//   GET /api/system-health/        storage answers, and what this server serves (backend, products): 200 or 503;
//   GET /api/system-health/live/   liveness: 200 while the process runs and its event loop turns (touches nothing);
//   GET /api/system-health/ready/  readiness: 200 when the database answers a trivial query within READY_TIMEOUT_MS,
//                                  the build is present and the search engine is ready; else 503 naming what is not,
//                                  and 503 from the moment the instance drains (SIGTERM, src/server/serve.ts).
// Each names the instance (its number among this machine's processes and its pid: nothing secret). Never cached.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { searchConfig } from '../../search/config.ts';
import type { Handler } from '../http/context.ts';
import { json } from '../http/reply.ts';
import { now } from '../runtime/clock.ts';
import { instanceNumber, isDraining } from '../runtime/topology.ts';
import { getStorage } from '../storage/index.ts';
import { getCatalog } from './catalog.ts';
import { shopSearchEngine } from './search-engine.ts';

/** How long readiness waits for the database or a Typesense cluster before it calls them not ready. */
const READY_TIMEOUT_MS = 2_000;

const instance = () => ({ instance: instanceNumber(), pid: process.pid });

/** The database answers a read (of a document that does not exist); throws when it cannot. */
async function probeStorage(): Promise<true> {
  await getStorage().get('carts', 'health-check', now());
  return true;
}

export const systemHealth: Handler = async () => {
  const catalog = getCatalog();
  const storage = getStorage();
  await probeStorage();
  return json({ status: 'ok', storage: storage.backend, products: catalog.products.size, time: now().toISOString() });
};

export const systemLive: Handler = () => json({ status: 'live', ...instance() });

type Check = 'ok' | 'draining' | 'missing' | 'unavailable' | 'timed out' | 'indexing';

/** `work` settled within `ms`: 'ok' when it resolved to true, 'unavailable' when false or rejected. */
async function within(work: Promise<boolean>, ms: number): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
  });
  try {
    return await Promise.race([work.then((ok): Check => (ok ? 'ok' : 'unavailable')).catch((): Check => 'unavailable'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers a read within READY_TIMEOUT_MS. */
function database(): Promise<Check> {
  return within(probeStorage(), READY_TIMEOUT_MS);
}

/** The build this server serves (process.cwd() is the project's root, as for GET /api/preview/). */
function build(): Check {
  const dist = join(process.cwd(), 'dist');
  return existsSync(join(dist, 'server/entry.mjs')) && existsSync(join(dist, 'client')) ? 'ok' : 'missing';
}

/** With TYPESENSE_URL the cluster's /health answers; else the embedded engine has built its first index. */
async function search(): Promise<Check> {
  const config = searchConfig(process.env);
  if (config.node) {
    const { protocol, host, port, path } = config.node;
    const url = `${protocol}://${host}:${port}${path}/health`;
    return within(
      fetch(url, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) }).then(async (response) => {
        await response.body?.cancel();
        return response.ok;
      }),
      READY_TIMEOUT_MS,
    );
  }
  const names = [config.collections.products, config.collections.kitchens];
  return (await shopSearchEngine().searchable(names, 0)) ? 'ok' : 'indexing';
}

export const systemReady: Handler = async () => {
  const [databaseCheck, searchCheck] = await Promise.all([database(), search()]);
  const checks: Record<string, Check> = {
    instance: isDraining() ? 'draining' : 'ok',
    database: databaseCheck,
    build: build(),
    search: searchCheck,
  };
  const notReady = Object.keys(checks).filter((name) => checks[name] !== 'ok');
  const ready = notReady.length === 0;
  return json(
    { status: ready ? 'ready' : 'not ready', ...instance(), notReady, checks },
    ready ? 200 : 503,
    ready ? {} : { 'retry-after': '5' },
  );
};

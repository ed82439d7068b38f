// The production server (`npm start` runs it): /api/** is answered directly on node:http (src/server/node-api.ts,
// several times faster per request than through Astro's page pipeline), /typesense/** by the embedded search
// engine (src/search/node-http.ts: Typesense clients call paths without a trailing slash, which Astro would
// redirect), everything else (static files, the 404
// page, trailing-slash redirects, on-demand pages such as the payment page) goes to the Astro build's own
// request handler, so pages behave exactly as under dist/server/entry.mjs.
//
//   node src/server/serve.ts        (Node 24 runs the TypeScript sources directly; build first: `npm start` does)
//
// Environment as dist/server/entry.mjs: HOST, PORT, SHOP_DATA_DIR, DATABASE_URL, SHOP_SECRET, LOG_LEVEL, … (README).
// SIGTERM and SIGINT stop it gracefully: no new connections, requests in flight finish (at most 10 s), storage
// is closed, exit 0. Repeated signals are ignored (Ctrl-C reaches both `npm start`'s script and this process).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { handleApi, isApiPath } from './node-api.ts';
import { closeStorage, getStorage } from './storage/index.ts';
import { now } from './clock.ts';
import { logger } from './log.ts';
import { typesenseListener } from '../search/node-http.ts';
import { embeddedKeys } from '../search/embedded.ts';
import { shopSearchEngine } from './search-engine.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

const root = fileURLToPath(new URL('../../', import.meta.url));
// The build's entry module starts its own standalone server unless told not to.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = (await import(pathToFileURL(join(root, 'dist/server/entry.mjs')).href)) as { handler: NodeHandler };

/** Astro's handler, guarded: a throw or rejection answers 500 (or ends the response) instead of ending the process. */
function pages(req: IncomingMessage, res: ServerResponse): void {
  const failed = (error: unknown) => {
    logger.error({ err: error, url: req.url }, 'page handler failed');
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    } else res.destroy();
  };
  try {
    const result = entry.handler(req, res);
    if (result instanceof Promise) result.catch(failed);
  } catch (error) {
    failed(error);
  }
}

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const search = typesenseListener(
  () => shopSearchEngine(),
  () => embeddedKeys(),
);
const isSearchPath = (url: string | undefined) =>
  url !== undefined && (url === '/typesense' || url.startsWith('/typesense/') || url.startsWith('/typesense?'));

const server = createServer((req, res) => {
  if (isApiPath(req.url)) handleApi(req, res);
  else if (isSearchPath(req.url)) {
    search(req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'search engine failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
      } else res.destroy();
    });
  } else pages(req, res);
});
server.on('error', (error) => {
  logger.error({ err: error }, 'server error');
  process.exit(1);
});
server.listen(port, host, () => logger.info(`Keukenhuys: http://${host}:${port}/`));

// Expired carts (31 days after their last change) and other expired documents are already invisible to every
// request; this removes them from the database once an hour (also available as the system-health task).
const PURGE_INTERVAL_MS = 3_600_000;
const purge = setInterval(() => {
  getStorage()
    .purgeExpired(now())
    .then((purged) => purged > 0 && logger.info({ purged }, 'expired documents removed'))
    .catch((error: unknown) => logger.error({ err: error }, 'purging expired documents failed'));
}, PURGE_INTERVAL_MS);
purge.unref();

// A stray rejection (e.g. in a page's streaming) is logged; it must not take the shop down for everyone.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  clearInterval(purge);
  logger.info(`${signal}: stopping`);
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  server.close(() => {
    clearTimeout(force);
    void closeStorage()
      .catch((error: unknown) => logger.error({ err: error }, 'closing storage failed'))
      .finally(() => process.exit(0));
  });
  // Keep-alive connections without a request in flight would hold close() open.
  server.closeIdleConnections();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

// The production server (`npm start` runs it): /api/** is answered directly on node:http (src/server/node-api.ts,
// several times faster per request than through Astro's page pipeline), /typesense/** by the embedded search
// engine (src/search/node-http.ts: Typesense clients call paths without a trailing slash, which Astro would
// redirect), everything else (static files, the 404
// page, trailing-slash redirects, on-demand pages such as the payment page) goes to the Astro build's own
// request handler, so pages behave exactly as under dist/server/entry.mjs. The build's static files themselves are
// sent by src/server/http/static-files.ts (brotli or gzip copies made at build time, cache policy per kind, docs/cdn.md);
// API answers above 1 KB are compressed per request (node-api.ts).
//
//   node src/server/serve.ts        (Node 24 runs the TypeScript sources directly; build first: `npm start` does)
//
// Environment as dist/server/entry.mjs: HOST, PORT, SHOP_DATA_DIR, DATABASE_URL, SHOP_SECRET, LOG_LEVEL, … (README),
// plus the limits of src/server/runtime/limits.ts (time-outs, connections, quotas, TRUST_PROXY), and:
//   SHOP_PROCESSES, SHOP_INSTANCE  set by scripts/start.ts, which runs SHOP_PROCESSES copies of this file on one port:
//                                  above 1 the port is opened with SO_REUSEPORT (`reusePort`), so the kernel spreads
//                                  connections over the copies; SHOP_INSTANCE (1…N) names this one in logs and in the
//                                  health routes (src/server/runtime/topology.ts).
//   SHOP_DRAIN_DELAY_MS            (default 0) how long a draining instance goes on answering, readiness already 503,
//                                  before it closes its listener: set it to the load balancer's health-check interval
//                                  times its unhealthy threshold, so the balancer stops sending before the port closes.
//
// Draining (SIGTERM; SIGINT too): at once GET /api/system-health/ready/ answers 503 and every answer carries
// `Connection: close`, so keep-alive clients leave after the answer they are waiting for; after SHOP_DRAIN_DELAY_MS
// the listener closes (no new connections), event streams end with a `retry:` hint (src/server/http/event-stream.ts)
// so that clients reconnect to another instance, background jobs stop. Requests in flight finish. Idle keep-alive
// connections are not cut at once (a busy client's next request may be on its way on one): a busy connection ends
// with its next answer; what is still idle IDLE_GRACE_MS later is closed (on SIGINT, Ctrl-C, at once). After at most
// 10 s every connection is closed.
// Then storage is closed and the process exits 0. Repeated signals are ignored (Ctrl-C reaches both `npm start`'s
// script and this process). Started by scripts/start.ts (an IPC channel), it tells the script when it listens, and
// drains the same way when the script is gone.
//
// Every answer carries the security headers of src/server/http/security-headers.ts; slow clients are cut off by the
// time-outs of src/server/runtime/limits.ts (uploads have a longer one, body-deadline.ts); an answer that leaves a body
// unread ends its connection (unread-body.ts).
import compression from 'compression';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { limitBodyTime } from './http/body-deadline.ts';
import { streamsBody } from './gate.ts';
import { isEditorPath, withSlash } from '../editor/paths.ts';
import { handleApi, isApiPath } from './node-api.ts';
import { endAllEventStreams } from './http/event-stream.ts';
import { closeStorage } from './storage/index.ts';
import { stopChatHub } from './chat/hub.ts';
import { LIMITS } from './runtime/limits.ts';
import { logger } from './runtime/log.ts';
import { CSP_MANIFEST, DATA_CONTENT_SECURITY_POLICY, pageContentSecurityPolicy, SECURITY_HEADERS } from './http/security-headers.ts';
import { bodyLeftUnread, endConnectionIfBodyUnread } from './http/unread-body.ts';
import { staticFiles } from './http/static-files.ts';
import { publishGeneration } from './http/published.ts';
import { COMPRESS_MIN_BYTES, encodeAnswer } from './http/compression.ts';
import { typesenseListener } from '../search/node-http.ts';
import { embeddedKeys } from '../search/embedded.ts';
import { findRewrite, rewriteTable } from '../domain/rewrites.ts';
import { CACHE_CONTROL } from './http/cache-control.ts';
import { getCatalog, loadRewrites, replaceCatalogProducts } from './content/catalog.ts';
import { startLiveCatalog, whenLiveCatalogLoaded } from './catalog/live.ts';
import { integrationKeys } from './http/integration-keys.ts';
import { checkPayments } from './payments/start-check.ts';
import { checkSms } from './notifications/sms-settings.ts';
import { contentRoot, readSetting } from './content/read-content.ts';
import { shopSearchEngine } from './content/search-engine.ts';
import { startBackgroundJobs, type BackgroundJobs } from './jobs/background.ts';
import { instanceId, isDraining, processCount, startDraining } from './runtime/topology.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

const root = fileURLToPath(new URL('../../', import.meta.url));
// The build's entry module starts its own standalone server unless told not to.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = (await import(pathToFileURL(join(root, 'dist/server/entry.mjs')).href)) as { handler: NodeHandler };

// The pages' policy: the inline scripts and styles of the whole build, collected by src/integrations/csp.ts.
function readPagePolicy(): string {
  const file = join(root, 'dist/server', CSP_MANIFEST);
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes: string[]; styleHashes: string[]; connectSources: string[] };
    return pageContentSecurityPolicy(manifest, manifest.connectSources);
  } catch (error) {
    throw new Error(`${file} cannot be read; build the shop again (npm run build)`, { cause: error });
  }
}
let pagePolicy = readPagePolicy();
// A publish (npm run content:publish) may add hashes to csp.json under the running server: read again when it did.
const publishes = publishGeneration(join(root, 'dist'));
let policyOf = publishes();
function currentPagePolicy(): string {
  if (publishes() !== policyOf) {
    policyOf = publishes();
    pagePolicy = readPagePolicy();
  }
  return pagePolicy;
}
const { server: serverLimits, body: bodyLimits } = LIMITS;

function securityHeaders(res: ServerResponse, policy: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  // Pages rendered on demand send their own policy (src/middleware.ts); it replaces this one.
  res.setHeader('content-security-policy', policy);
}

function plainAnswer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-security-policy': DATA_CONTENT_SECURITY_POLICY,
    ...headers,
  });
  res.end(text);
}

/**
 * What Astro's handler answers (pages rendered on demand: orders, payment, back office, Mijn keuken; the 404 page;
 * redirects) goes out compressed like an API answer, from 1 KB on, by Accept-Encoding (the `compression` middleware:
 * brotli quality 5 or gzip level 6, `Vary: Accept-Encoding`). Answers that are compressed already (the energy labels),
 * event streams and downloads in compressed formats are left as they are.
 */
const compressPage = compression({
  threshold: COMPRESS_MIN_BYTES,
  level: 6,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  filter: (req, res) => !String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
});

/** Astro's handler, guarded: a throw or rejection answers 500 (or ends the response) instead of ending the process. */
function astro(req: IncomingMessage, res: ServerResponse): void {
  // The middleware is written for Express; it uses nothing of Express's request and response beyond node:http's.
  compressPage(req as Parameters<typeof compressPage>[0], res as Parameters<typeof compressPage>[1], () => astroUncompressed(req, res));
}

function astroUncompressed(req: IncomingMessage, res: ServerResponse): void {
  const failed = (error: unknown) => {
    logger.error({ err: error, url: req.url?.slice(0, 200) }, 'page handler failed');
    if (!res.headersSent) plainAnswer(res, 500, 'Internal Server Error');
    else res.destroy();
  };
  try {
    const result = entry.handler(req, res);
    if (result instanceof Promise) result.catch(failed);
  } catch (error) {
    failed(error);
  }
}

// The build's files, sent precompressed (brotli or gzip, made by src/integrations/precompress.ts) with the cache
// policy of src/server/http/cache-control.ts; everything else (redirects, 404, on-demand pages) goes to Astro's handler.
// One watcher of the publish stamp serves both the page policy above and the list of files.
const files = staticFiles(join(root, 'dist/client'), astro, publishes);

// Old addresses that moved (content/settings/rewrites.yaml; the build writes the same rules for a CDN as _redirects).
const rewrites = rewriteTable(loadRewrites());

function pages(req: IncomingMessage, res: ServerResponse): void {
  // No page takes more than a small form (the test payment page); a larger declared body is refused unread.
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > bodyLimits.pageFormBytes) {
    plainAnswer(res, 413, 'De aanvraag is te groot.', { connection: 'close' });
    return;
  }
  if (rewrites.size > 0 && (req.method === 'GET' || req.method === 'HEAD')) {
    const raw = req.url ?? '/';
    const query = raw.indexOf('?');
    const rewrite = findRewrite(rewrites, query === -1 ? raw : raw.slice(0, query));
    if (rewrite) {
      // The query string goes along (campaign links keep their parameters).
      const location = `${rewrite.to}${query === -1 || rewrite.to.includes('?') ? '' : raw.slice(query)}`;
      res.writeHead(301, { location, 'cache-control': CACHE_CONTROL.rewrite, 'content-type': 'text/plain; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : `Verplaatst naar ${location}`);
      return;
    }
  }
  files(req, res);
}

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const search = typesenseListener(
  () => shopSearchEngine(),
  () => embeddedKeys(),
  '/typesense',
  { searchBytes: bodyLimits.searchBytes, importBytes: bodyLimits.searchImportBytes },
  // Search answers of 1 KB and more go out compressed, as API answers do.
  encodeAnswer,
);
/** A request to a route whose body is streamed (multipart uploads, the catalogue feed): it has the upload time-out. */
function isUpload(req: IncomingMessage): boolean {
  const url = req.url;
  if ((req.method !== 'POST' && req.method !== 'PUT') || !isApiPath(url)) return false;
  const query = url!.indexOf('?');
  return streamsBody(req.method, query === -1 ? url! : url!.slice(0, query));
}
const isSearchPath = (url: string | undefined) =>
  url !== undefined && (url === '/typesense' || url.startsWith('/typesense/') || url.startsWith('/typesense?'));

/** Once the instance drains, every answer ends its connection (`Connection: close`), on keep-alive ones too. */
class ShopResponse extends ServerResponse {
  // Every head goes through writeHead, the implicit one of write() and end() too (ServerResponse._implicitHeader).
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (isDraining()) this.shouldKeepAlive = false;
    return (super.writeHead as (code: number, ...more: unknown[]) => this)(statusCode, ...rest);
  }
}

/** Whether the build has the browser editor in GitHub mode (src/editor/integration.ts; set when building and starting). */
const EDITOR_ON = Boolean(process.env.KEYSTATIC_GITHUB_REPO?.trim());

const server = createServer(
  {
    ServerResponse: ShopResponse,
    headersTimeout: serverLimits.headersTimeoutMs,
    // The longest a request may take (a streamed upload); other bodies get requestTimeoutMs from limitBodyTime.
    requestTimeout: serverLimits.uploadTimeoutMs,
    keepAliveTimeout: serverLimits.keepAliveTimeoutMs,
    maxHeaderSize: serverLimits.maxHeaderBytes,
    // How often node:http checks the two time-outs above (default 30 s, which would let them run 30 s late).
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(serverLimits.headersTimeoutMs / 4)),
  },
  (req, res) => {
    endConnectionIfBodyUnread(req, res, serverLimits.lingerMs, serverLimits.lingerBytes);
    if (!isUpload(req)) limitBodyTime(req, res, serverLimits.requestTimeoutMs);
    if (EDITOR_ON && isEditorPath(req.url)) {
      // The browser editor in GitHub mode (docs/content.md, "Edit in the browser"): Keystatic's page and API are Astro routes.
      req.url = withSlash(req.url!);
      astro(req, res);
    } else if (isApiPath(req.url)) {
      securityHeaders(res, DATA_CONTENT_SECURITY_POLICY);
      // Right after the start the API waits for the live catalogue's first read (prices from the feed), pages do not.
      whenLiveCatalogLoaded(req.url, () => handleApi(req, res));
    } else if (isSearchPath(req.url)) {
      securityHeaders(res, DATA_CONTENT_SECURITY_POLICY);
      search(req, res).catch((error: unknown) => {
        logger.error({ err: error, url: req.url?.slice(0, 200) }, 'search engine failed');
        if (!res.headersSent)
          plainAnswer(res, 500, JSON.stringify({ message: 'Internal Server Error' }), {
            'content-type': 'application/json',
            ...(bodyLeftUnread(req) ? { connection: 'close' } : {}),
          });
        else res.destroy();
      });
    } else {
      securityHeaders(res, currentPagePolicy());
      pages(req, res);
    }
  },
);
server.maxHeadersCount = serverLimits.maxHeadersCount;
server.maxConnections = serverLimits.maxConnections;
// A socket with no traffic either way for this long is destroyed (no 'timeout' listener: node:http does it).
server.setTimeout(serverLimits.socketTimeoutMs);
server.on('error', (error) => {
  logger.error({ err: error }, 'server error');
  process.exit(1);
});
// Listening comes first: what needs the whole catalogue (its files are read synchronously; some seconds at 50,000
// products) starts on the next turn, so static pages answer from the first moment (issue 11).
// Payment providers' keys are checked before the shop answers anything: a malformed key, a live key outside
// production, or in production a prepaid method whose provider has no keys stops the start with the reason
// (src/server/payments/start-check.ts). SHOP_TEST_PAYMENTS=1 in production is warned about on every start.
const paymentProviders = (() => {
  try {
    const { providers, warnings } = checkPayments(process.env, readSetting('payment', contentRoot())?.methods ?? []);
    for (const warning of warnings) logger.warn(warning);
    return providers;
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
})();
// SMS (src/server/notifications/sms-settings.ts): SMS_PROVIDER=vonage without its keys stops a production start.
try {
  for (const warning of checkSms(process.env)) logger.warn(warning);
} catch (error) {
  logger.fatal((error as Error).message);
  process.exit(1);
}
// INTEGRATION_KEYS (the warehouse's, the ERP's keys) the same way: a malformed list stops the start with the reason.
try {
  integrationKeys(process.env);
} catch (error) {
  logger.fatal((error as Error).message);
  process.exit(1);
}
let jobs: BackgroundJobs | null = null;
// The catalogue feed's values over the content's (src/server/catalog/live.ts): read on the next turn, then followed.
const liveCatalog = startLiveCatalog({ current: getCatalog, replaceProducts: replaceCatalogProducts });

// One of several processes on this port (scripts/start.ts): SO_REUSEPORT, the kernel spreads the connections.
const processes = processCount();
server.listen({ port, host, reusePort: processes > 1 }, () => {
  logger.info({ processes, id: instanceId() }, `Keukenhuys: http://${host}:${port}/`);
  process.send?.({ shop: 'listening' });
  setImmediate(startBackgroundWork);
});

function startBackgroundWork(): void {
  if (stopping) return;
  jobs = startBackgroundJobs(paymentProviders);
}

// A stray rejection (e.g. in a page's streaming) is logged; it must not take the shop down for everyone.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

function drainDelayMs(): number {
  const raw = process.env.SHOP_DRAIN_DELAY_MS?.trim() || '0';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) {
    logger.fatal(`SHOP_DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to 600000, not ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
}
const DRAIN_DELAY_MS = drainDelayMs();
/** The longest the connections may take to finish once the listener is closed. */
const FINISH_MS = 10_000;
/** How long a keep-alive connection may stay idle, once the listener is closed, before it is closed. */
const IDLE_GRACE_MS = 1_000;

let stopping = false;
function stop(reason: NodeJS.Signals | 'disconnect'): void {
  if (stopping) return;
  stopping = true;
  startDraining();
  logger.info({ drainDelayMs: DRAIN_DELAY_MS }, `${reason}: draining`);
  if (DRAIN_DELAY_MS === 0) closeListener(reason);
  else setTimeout(() => closeListener(reason), DRAIN_DELAY_MS);
}

function closeListener(reason: NodeJS.Signals | 'disconnect'): void {
  const force = setTimeout(() => {
    logger.warn(`connections still open after ${FINISH_MS} ms: closing them`);
    server.closeAllConnections();
  }, FINISH_MS);
  force.unref();
  const jobsStopped = Promise.all([jobs?.stop(), liveCatalog.stop()]).catch((error: unknown) =>
    logger.error({ err: error }, 'stopping jobs failed'),
  );
  // node:http's close() would also destroy every idle keep-alive connection at once, and with it a request a busy
  // client may be sending on one this very moment; net's close() only stops accepting and calls back once every
  // connection has ended: a busy one with its next answer (Connection: close), an idle one by the sweep below.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS);
  sweep.unref();
  NetServer.prototype.close.call(server, () => {
    clearTimeout(force);
    clearInterval(sweep);
    void jobsStopped
      // The chat's presence records are written as gone (staff keep their grace period) before the storage closes.
      .then(stopChatHub)
      .then(closeStorage)
      .catch((error: unknown) => logger.error({ err: error }, 'closing storage failed'))
      .finally(() => process.exit(0));
  });
  // The chat's event streams would hold the connections open for minutes: they end now, with a hint to reconnect.
  endAllEventStreams();
  // Ctrl-C: someone waits at a terminal, no balancer sends anything; idle keep-alive connections need no grace.
  if (reason === 'SIGINT') server.closeIdleConnections();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
// Started by scripts/start.ts: when it is gone (killed), nobody supervises this process any more; it drains.
if (process.send) process.once('disconnect', () => stop('disconnect'));

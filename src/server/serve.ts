// A production server that answers /api/** directly on node:http (src/server/node-api.ts) and hands everything
// else (static pages, on-demand pages such as the payment page) to the Astro build's handler:
//
//   node src/server/serve.ts        (Node 24 runs the TypeScript sources directly; build first)
//
// Same environment as dist/server/entry.mjs: HOST, PORT, SHOP_DATA_DIR, DATABASE_URL, SHOP_SECRET, LOG_LEVEL.
// The API behaves exactly as through Astro (same gate, same handlers); it is several times faster per request.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { handleApi, isApiPath } from './node-api.ts';
import { closeStorage } from './storage/index.ts';
import { logger } from './log.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = (await import(pathToFileURL(join(root, 'dist/server/entry.mjs')).href)) as {
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
};

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const server = createServer((req, res) => {
  if (isApiPath(req.url)) void handleApi(req, res);
  else entry.handler(req, res);
});
server.listen(port, host, () => logger.info(`Keukenhuys: http://${host}:${port}/`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void closeStorage().finally(() => process.exit(0));
  });
}

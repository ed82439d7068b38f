// `npm run bench:pages`: production build time and page count, and the weight of each page type (HTML and
// JavaScript: the files' size, and what the production server, started here, sends to a browser that accepts
// brotli and gzip). Pass --no-build to weigh the existing dist/.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { weighPage } from './lib/page-weight.ts';
import { startShop } from './lib/shop-process.ts';
import { build } from '../scripts/start.ts';

const root = join(import.meta.dirname, '..');
const client = join(root, 'dist/client');

if (!process.argv.includes('--no-build')) {
  const start = performance.now();
  if (build(root) !== 0) throw new Error('astro build failed');
  const seconds = (performance.now() - start) / 1000;
  const pages = countHtml(client);
  console.log(`build: ${seconds.toFixed(1)} s for ${pages} pages (${(pages / seconds).toFixed(0)} pages/s)`);
}

function countHtml(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) n += countHtml(p);
    else if (name.endsWith('.html')) n++;
  }
  return n;
}

function firstProductPath(): string {
  for (const top of ['inbouwapparatuur']) {
    for (const sub of readdirSync(join(client, top))) {
      const dir = join(client, top, sub);
      if (!statSync(dir).isDirectory()) continue;
      const product = readdirSync(dir).find((n) => /-\d+$/.test(n));
      if (product) return `/${top}/${sub}/${product}/`;
    }
  }
  throw new Error('no product page found');
}

const pageTypes: [string, string][] = [
  ['home', '/'],
  ['store', '/keukenwinkels/keukens-cruquius/'],
  ['customer service', '/klantenservice/bestellen/'],
  ['top category', '/inbouwapparatuur/'],
  ['category', '/inbouwapparatuur/inbouwvaatwassers/'],
  ['product', firstProductPath()],
  ['brand', '/merken/bosch/'],
  ['kitchen list', '/keukens/'],
  ['showroom kitchens', '/keukens/showroomkeukens/'],
  ['vacancy list', '/vacatures/'],
  ['cart', '/winkelwagen/'],
  ['checkout', '/afrekenen/'],
  ['service request', '/service-melding/'],
  ['search', '/zoeken/'],
  ['not found', '/404.html'],
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-bench-pages-'));
const shop = await startShop('src/server/serve.ts', { dataDir, logLevel: 'warn' });
try {
  const rows = [];
  for (const [type, path] of pageTypes) {
    const w = await weighPage(shop.url, client, path);
    rows.push({
      type,
      path: w.path,
      html: kb(w.htmlBytes),
      'html sent': kb(w.htmlSent),
      'inline js': `${w.inlineScriptBytes} B`,
      'js files': w.jsFiles.length,
      js: kb(w.jsBytes),
      'js sent': kb(w.jsSent),
      'lazy js': w.lazyJsFiles.join(' '),
    });
  }
  console.table(rows);
} finally {
  shop.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

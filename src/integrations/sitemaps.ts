// Writes the sitemaps after the build: one per kind of page (kitchen, page, product, showroom-kitchen) under
// one sitemap index, from the pages Astro actually rendered. Pages marked noindex in their head are left out. A kind
// with more than the protocol's 50,000 URLs goes over several files (sitemap-product.xml, sitemap-product-2.xml, …),
// all in the index.
import type { AstroIntegration } from 'astro';
import { open, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mapInBatches } from './in-batches.ts';

type SitemapKind = 'kitchen' | 'page' | 'product' | 'showroom-kitchen';
const SITEMAP_KINDS: SitemapKind[] = ['kitchen', 'page', 'product', 'showroom-kitchen'];

/** Which sitemap a path belongs in. Product URLs end in -{productId}/ below a category. */
function sitemapKind(path: string): SitemapKind {
  if (path.startsWith('/keukens/showroomkeukens/')) return 'showroom-kitchen';
  if (path.startsWith('/keukens/')) return 'kitchen';
  if (/^\/[a-z-]+\/[a-z0-9-]+\/[a-z0-9-]+-\d+\/$/.test(path)) return 'product';
  return 'page';
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function urlset(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${escapeXml(u)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
}

/** The sitemap protocol's limit of URLs per file; a larger group is split over sitemap-{kind}-2.xml, -3.xml, … */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** The files of one kind of sitemap: one file up to the limit (its name unchanged), then numbered ones. */
export function sitemapChunks(kind: string, urls: readonly string[], max = MAX_URLS_PER_SITEMAP): { name: string; urls: string[] }[] {
  const chunks: { name: string; urls: string[] }[] = [];
  for (let i = 0; i === 0 || i < urls.length; i += max)
    chunks.push({ name: i === 0 ? `sitemap-${kind}.xml` : `sitemap-${kind}-${i / max + 1}.xml`, urls: urls.slice(i, i + max) });
  return chunks;
}

/** Bytes read of a page to find its robots meta tag: the head comes first; a longer head is read whole. */
const HEAD_BYTES = 16 * 1024;

/** Whether a built page asks not to be indexed in its head; null for a page that is not there. */
async function noindex(file: string): Promise<boolean | null> {
  let head: string;
  try {
    const handle = await open(file);
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      head = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
  if (!head.includes('</head>')) head = await readFile(file, 'utf8');
  const end = head.indexOf('</head>');
  return /<meta name="robots" content="noindex/.test(end === -1 ? head : head.slice(0, end));
}

function sitemapIndex(urls: string[], lastmod: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<sitemap><loc>${escapeXml(u)}</loc><lastmod>${lastmod}</lastmod></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export default function sitemaps(): AstroIntegration {
  let site = '';
  return {
    name: 'keukenhuys-sitemaps',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = (config.site ?? '').replace(/\/$/, '');
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const groups = new Map<SitemapKind, string[]>(SITEMAP_KINDS.map((k) => [k, []]));
        const paths = pages
          .map(({ pathname }) => `${`/${pathname}`.replace(/\/+$/, '')}/`)
          .filter((path) => path !== '/404/' && !path.startsWith('/keystatic/'));
        // 32 pages at a time: the reads overlap, and memory stays bounded.
        const skips = await mapInBatches(paths, 32, (path) => noindex(fileURLToPath(new URL(`.${path}index.html`, dir))));
        for (const [index, path] of paths.entries()) if (skips[index] === false) groups.get(sitemapKind(path))!.push(`${site}${path}`);
        const files: string[] = [];
        for (const [kind, urls] of groups) {
          urls.sort();
          for (const chunk of sitemapChunks(kind, urls)) {
            await writeFile(new URL(chunk.name, dir), urlset(chunk.urls));
            files.push(`${site}/${chunk.name}`);
          }
        }
        const today = new Date().toISOString().slice(0, 10);
        await writeFile(new URL('sitemap-index.xml', dir), sitemapIndex(files, today));
        logger.info(SITEMAP_KINDS.map((k) => `${k}: ${groups.get(k)!.length}`).join(', '));
      },
    },
  };
}

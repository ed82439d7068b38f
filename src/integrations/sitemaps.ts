// Writes the sitemaps after the build: one per kind of page (kitchen, page, product, showroom-kitchen) under
// one sitemap index, from the pages Astro actually rendered. Pages marked noindex are left out.
import type { AstroIntegration } from 'astro';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

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
        for (const { pathname } of pages) {
          const path = `${`/${pathname}`.replace(/\/+$/, '')}/`;
          if (path === '/404/') continue;
          const html = await readFile(fileURLToPath(new URL(`.${path}index.html`, dir)), 'utf8').catch(() => '');
          if (!html || /<meta name="robots" content="noindex/.test(html)) continue;
          groups.get(sitemapKind(path))!.push(`${site}${path}`);
        }
        for (const [kind, urls] of groups) {
          urls.sort();
          await writeFile(new URL(`sitemap-${kind}.xml`, dir), urlset(urls));
        }
        const today = new Date().toISOString().slice(0, 10);
        await writeFile(
          new URL('sitemap-index.xml', dir),
          sitemapIndex(
            SITEMAP_KINDS.map((k) => `${site}/sitemap-${k}.xml`),
            today,
          ),
        );
        logger.info(SITEMAP_KINDS.map((k) => `${k}: ${groups.get(k)!.length}`).join(', '));
      },
    },
  };
}

import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { sitemapPaths } from './fixtures/site';

const specRoutes = [
  '/',
  '/keukens/',
  '/productgroepen/',
  '/winkels/',
  '/keukenwinkels/',
  '/keukenwinkels/keukens-cruquius/',
  '/keukenwinkels/keukens-den-haag/',
  '/keukenwinkels/keukens-zoeterwoude/',
  '/keukens/keukeninspiratie/',
  '/huishouden/',
  '/keukenapparatuur/',
  '/inbouwapparatuur/',
  '/barbecues/',
  '/aanbiedingen/',
  '/vacatures/',
  '/service-melding/',
  '/mijn-keuken-info/',
  '/chat/',
  '/leveringsvoorwaarden/',
  '/merken/',
  '/merken-nieuws/',
  '/keukens/showroomkeukens/',
  '/klantenservice/bestellen/',
  '/klantenservice/bezorgen-afhalen/',
  '/klantenservice/betalen/',
  '/klantenservice/annuleren-retourneren/',
  '/klantenservice/service-garantie/',
  '/klantenservice/installatie-inbouw/',
];

test('every route of the site configuration is in the sitemaps', async ({ request }) => {
  const paths = new Set(await sitemapPaths(request));
  for (const route of specRoutes) expect(paths, route).toContain(route);
  expect(paths.size).toBeGreaterThan(400);
});

test('every page answers 200 with one h1, a unique title, description and its own canonical URL', async ({ request }) => {
  test.setTimeout(180_000);
  const paths = await sitemapPaths(request);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html.match(/<h1[\s>]/g)?.length, `${path}: h1 count`).toBe(1);
    expect(html, path).toContain('<html lang="nl">');
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(title, `${path}: title`).toBeTruthy();
    expect(description, `${path}: description`).toBeTruthy();
    expect(canonical && new URL(canonical).pathname, `${path}: canonical`).toBe(path);
    expect(titles.get(title!), `${path}: title also used by`).toBeUndefined();
    expect(descriptions.get(description!), `${path}: description also used by`).toBeUndefined();
    titles.set(title!, path);
    descriptions.set(description!, path);
    if (path !== '/') expect(html, `${path}: breadcrumbs`).toContain('"@type":"BreadcrumbList"');
  }
});

test('an unknown page answers 404 with a Dutch page', async ({ page }) => {
  const response = await page.goto('/bestaat-niet/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naar de homepage', exact: true })).toBeVisible();
});

test('robots.txt points at the sitemap index, which lists the four sitemaps', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://www.keukenhuys.nl/sitemap-index.xml');
  const index = await (await request.get('/sitemap-index.xml')).text();
  for (const kind of ['kitchen', 'page', 'product', 'showroom-kitchen']) expect(index).toContain(`/sitemap-${kind}.xml`);
  const products = await (await request.get('/sitemap-product.xml')).text();
  expect(products.match(/<loc>/g)?.length).toBeGreaterThanOrEqual(300);
});

test('the home, store and customer-service pages stay under 14 KB compressed', async ({ request }) => {
  for (const path of [
    '/',
    '/keukenwinkels/keukens-cruquius/',
    '/keukenwinkels/keukens-den-haag/',
    '/keukenwinkels/keukens-zoeterwoude/',
    '/klantenservice/bestellen/',
    '/klantenservice/bezorgen-afhalen/',
    '/klantenservice/betalen/',
    '/klantenservice/annuleren-retourneren/',
    '/klantenservice/service-garantie/',
    '/klantenservice/installatie-inbouw/',
  ]) {
    const html = await (await request.get(path)).body();
    expect(gzipSync(html).length, path).toBeLessThan(14 * 1024);
  }
});

test('pages without islands load no JavaScript file at all', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  for (const path of [
    '/',
    '/keukenwinkels/keukens-cruquius/',
    '/klantenservice/betalen/',
    '/merken/bosch/',
    '/keukens/',
    '/inbouwapparatuur/',
  ]) {
    await page.goto(path);
    const inline = await page
      .locator('script:not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').length));
    for (const length of inline) expect(length, `${path}: inline script size`).toBeLessThan(1024);
  }
  expect(scripts).toEqual([]);
});

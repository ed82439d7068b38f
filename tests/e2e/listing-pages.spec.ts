// Long lists are prebuilt pages of 48 products: Bosch has more than 48 products for sale in the catalogue files, so its
// brand page is the first of two, linked both ways (plain links and <link rel="prev|next">), each page canonical to
// itself and in the sitemap; the pages work without JavaScript.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sitemapPaths } from './fixtures/site.ts';

/** Bosch products for sale, counted from the catalogue's files. */
function boschForSale(): number {
  const root = 'content/catalog/products';
  let count = 0;
  for (const dir of readdirSync(root)) {
    for (const file of readdirSync(join(root, dir))) {
      const text = readFileSync(join(root, dir, file), 'utf8');
      if (/^brand: Bosch$/m.test(text) && !/^expired: true$/m.test(text)) count++;
    }
  }
  return count;
}

test.use({ javaScriptEnabled: false });

test('a brand with more than 48 products is paged: 48 on the first page, the rest on the next', async ({ page, request }) => {
  const total = boschForSale();
  expect(total).toBeGreaterThan(48);
  expect(total).toBeLessThanOrEqual(96);

  await page.goto('/merken/bosch/');
  const list = page.getByRole('list', { name: 'Producten van Bosch' });
  await expect(list.getByRole('listitem')).toHaveCount(48);
  const pages = page.getByRole('navigation', { name: "Pagina's met producten van Bosch" });
  await expect(pages).toContainText('Pagina 1 van 2');
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', 'https://www.keukenhuys.nl/merken/bosch/pagina/2/');
  await expect(page.locator('link[rel="prev"]')).toHaveCount(0);

  await pages.getByRole('link', { name: 'Volgende' }).click();
  await expect(page).toHaveURL(/\/merken\/bosch\/pagina\/2\/$/);
  await expect(page).toHaveTitle('Bosch kopen – pagina 2 van 2 | Keukenhuys');
  await expect(page.getByRole('list', { name: 'Producten van Bosch' }).getByRole('listitem')).toHaveCount(total - 48);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.keukenhuys.nl/merken/bosch/pagina/2/');
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', 'https://www.keukenhuys.nl/merken/bosch/');
  await expect(page.locator('link[rel="next"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pagina 1' })).toHaveAttribute('href', '/merken/bosch/');

  const inSitemaps = await sitemapPaths(request);
  expect(inSitemaps).toContain('/merken/bosch/pagina/2/');
  expect(inSitemaps).not.toContain('/merken/bosch/pagina/3/');
});

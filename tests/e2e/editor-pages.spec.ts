// Pages editors build from content/: blocks (content/blocks/*.md) placed on a page by id, and buying guides
// (content/information/*.md) linked from their category pages, and the newsletter archive (content/newsletters/).
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

test('the customer-service page shows the block it places, below its text', async ({ page }) => {
  await page.goto('/klantenservice/');
  const main = page.getByRole('main');
  const block = main.getByRole('region', { name: 'Hulp nodig bij je keuze?' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('heading', { level: 2, name: 'Hulp nodig bij je keuze?' })).toBeVisible();
  await expect(block).toContainText('Neem de maten van je keukenkast mee, dan kijken we samen wat past.');
});

test('the built-in dishwashers page links to the dishwasher guide, which has its heading and breadcrumbs', async ({ page }) => {
  await page.goto('/inbouwapparatuur/inbouwvaatwassers/');
  await page.getByRole('navigation', { name: 'Advies' }).getByRole('link', { name: 'Welke vaatwasser past bij mij?' }).click();
  await expect(page).toHaveURL(/\/advies\/welke-vaatwasser\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welke vaatwasser past bij mij?' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Hoe breed?' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Alle inbouwvaatwassers' })).toHaveAttribute(
    'href',
    '/inbouwapparatuur/inbouwvaatwassers/',
  );
});

test('the built-in ovens page links to the oven guide only', async ({ page }) => {
  await page.goto('/inbouwapparatuur/inbouwovens/');
  const guides = page.getByRole('navigation', { name: 'Advies' }).getByRole('link');
  await expect(guides).toHaveText(['Welke inbouwoven past bij mij?']);
  await expect(guides).toHaveAttribute('href', '/advies/welke-inbouwoven/');
});

test('the buying guides are in the sitemap of pages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-page.xml')).text();
  expect(sitemap).toContain('<loc>https://www.keukenhuys.nl/advies/welke-vaatwasser/</loc>');
  expect(sitemap).toContain('<loc>https://www.keukenhuys.nl/advies/welke-inbouwoven/</loc>');
});

test('the newsletter page keeps its sign-up form and lists the sent newsletters, newest first', async ({ page }) => {
  await page.goto('/nieuwsbrief/');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwsbrief' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Je e-mail voor de nieuwsbrief' })).toBeVisible();
  const archive = page.getByRole('region', { name: 'Eerdere nieuwsbrieven' });
  await expect(archive.getByRole('listitem')).toHaveText([
    'Klaar voor de feestdagen 12 november 2026',
    'Herfst in de keuken 8 oktober 2026',
  ]);
  await archive.getByRole('link', { name: 'Herfst in de keuken' }).click();
  await expect(page).toHaveURL(/\/nieuwsbrief\/2026-10-herfst\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Herfst in de keuken' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Verstuurd op 8 oktober 2026');
});

for (const [name, path] of [
  ['a page with a block', '/klantenservice/'],
  ['a buying guide', '/advies/welke-inbouwoven/'],
  ['the newsletter archive', '/nieuwsbrief/'],
  ['a newsletter', '/nieuwsbrief/2026-11-feestdagen/'],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violations on ${name} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expectNoSeriousViolations(page);
    });
  }
}

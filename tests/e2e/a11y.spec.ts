// axe on one page of each kind, in light and dark.
import { test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

const pages: [string, (page: Page) => Promise<string>][] = [
  ['home', async () => '/'],
  ['store page', async () => '/keukenwinkels/keukens-den-haag/'],
  ['customer-service page', async () => '/klantenservice/bezorgen-afhalen/'],
  ['category page', async () => '/inbouwapparatuur/inbouwvaatwassers/'],
  [
    'product page',
    async (page) => {
      await page.goto('/inbouwapparatuur/inbouwvaatwassers/');
      // the first product card's name links to its page
      return (await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href'))!;
    },
  ],
  ['brand page', async () => '/merken/bosch/'],
  // Photos (a gallery) and the energy class arrow, issue 13.
  ['product page with photos', async () => '/inbouwapparatuur/afzuigkappen/aeg-6000-hob2hood-dve5961hb-100065/'],
  ['kitchen page with photos', async () => '/keukens/keuken-bergen-wit-mat/'],
];

for (const [name, path] of pages) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violations on the ${name} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(await path(page));
      await expectNoSeriousViolations(page);
    });
  }
}

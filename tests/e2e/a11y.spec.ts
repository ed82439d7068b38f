// axe on one page of each kind, in light and dark.
import { test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

const pages: [string, (page: Page) => Promise<string>][] = [
  ['home', async () => '/'],
  ['store page', async () => '/keukenwinkels/keukens-den-haag/'],
  ['pick-up point page', async () => '/winkels/afhaalpunt-zoeterwoude/'],
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
  // A backorder: the notice says when it is expected and from when it can be delivered.
  ['product page of a backorder', async () => '/inbouwapparatuur/inbouwkoelkasten/siemens-iq300-ki41rnse0-100102/'],
  // Its "Vaak samen gekocht" sets each have an "In winkelwagen" form (ProductSets).
  ['product page with sets', async () => '/inbouwapparatuur/inbouwovens/bosch-serie-8-hbg7748b1-100020/'],
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

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

async function firstLink(page: import('@playwright/test').Page, selector: string) {
  return page.locator(selector).first().getAttribute('href');
}

const pages: [string, (page: import('@playwright/test').Page) => Promise<string>][] = [
  ['home', async () => '/'],
  ['store page', async () => '/keukenwinkels/keukens-den-haag/'],
  ['customer-service page', async () => '/klantenservice/bezorgen-afhalen/'],
  ['category page', async () => '/inbouwapparatuur/inbouwvaatwassers/'],
  [
    'product page',
    async (page) => {
      await page.goto('/inbouwapparatuur/inbouwvaatwassers/');
      return (await firstLink(page, 'main .card h2 a, main .card h3 a'))!;
    },
  ],
  ['brand page', async () => '/merken/bosch/'],
];

for (const [name, path] of pages) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violations on the ${name} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(await path(page));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
}

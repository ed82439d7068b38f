// axe on one page of each kind, in light and dark.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { cartWith } from './fixtures/cart.ts';

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

// The pages whose layout issue 13 changed, on a phone too (the bottom menu, the "Menu" disclosure, the home page's
// entries in one column), and the main menu with a submenu opened from the keyboard (menu bar and menu roles).
test.describe('on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const [name, path] of [
    ['home', '/'],
    ['store page', '/keukenwinkels/keukens-den-haag/'],
  ]) {
    test(`axe finds no serious or critical violations on the ${name}, with the Menu open`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Menu', { exact: true }).click();
      await expectNoSeriousViolations(page);
    });
  }
  test('axe finds no serious or critical violations on a filled cart page', async ({ page }) => {
    await cartWith(page);
    await expectNoSeriousViolations(page);
  });
});

test('axe finds no serious or critical violations in the main menu with a submenu opened by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const appliances = page.getByRole('menubar', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Inbouwapparatuur', exact: true });
  await appliances.focus();
  await expect(appliances).toHaveAttribute('aria-haspopup', 'menu');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu', { name: 'Inbouwapparatuur' })).toBeVisible();
  await expectNoSeriousViolations(page, 'header');
});

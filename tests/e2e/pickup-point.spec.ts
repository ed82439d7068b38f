// The pick-up point's own page (/winkels/afhaalpunt-zoeterwoude/): what a shopper collecting an order needs (address,
// hours, route, what to bring, how long the order waits, loading help and which car fits), its structured data and
// place in the sitemap, the links to it from /winkels/ and from the checkout's pick-up choice, its weight and axe.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { cartWith, hydrated } from './fixtures/cart.ts';
import { sitemapPaths } from './fixtures/site.ts';

const PAGE = '/winkels/afhaalpunt-zoeterwoude/';
const ROUTE = 'https://www.google.com/maps/dir/?api=1&destination=Keukenhuys+afhaalpunt%2C+Hogeweg+22%2C+2381+LW+Zoeterwoude';

test('the pick-up point page answers 200 with one h1, is in the sitemap and stays under 14 KB compressed', async ({ request }) => {
  const response = await request.get(PAGE);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html.match(/<h1[\s>]/g)?.length).toBe(1);
  expect(gzipSync(html).length).toBeLessThan(14 * 1024);
  expect(await sitemapPaths(request)).toContain(PAGE);
});

test('the page says where, when, how to get there, what to bring, how long the order waits and which car fits', async ({ page }) => {
  // Sunday 29 November 2026, 15:00 in Amsterdam: the pick-up point is open on Sunday afternoon.
  await page.clock.setFixedTime(new Date('2026-11-29T15:00:00+01:00'));
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afhaalpunt webshop Zoeterwoude');
  const aside = page.getByRole('complementary', { name: 'Adres en openingstijden' });
  await expect(aside).toContainText('Hogeweg 22');
  await expect(aside).toContainText('2381 LW Zoeterwoude');
  await expect(aside.getByRole('link', { name: 'Routebeschrijving naar Hogeweg 22, 2381 LW Zoeterwoude' })).toHaveAttribute('href', ROUTE);
  const hours = aside.getByRole('table', { name: 'Openingstijden' });
  await expect(hours.getByRole('row', { name: /Maandag t\/m vrijdag/ })).toContainText('09:00 - 20:00');
  await expect(hours.getByRole('row', { name: /Zondag/ })).toContainText('14:30 - 20:00');
  await expect(page.getByText('Nu open, tot 20:00')).toBeVisible();

  const bring = page.getByRole('region', { name: 'Neem mee' });
  await expect(bring.getByRole('listitem')).toHaveText([
    'de bevestiging van je bestelling met het bestelnummer, op papier of op je telefoon',
    'een geldig identiteitsbewijs: paspoort, identiteitskaart of rijbewijs',
    'een machtiging en een kopie van het identiteitsbewijs van de besteller als iemand anders ophaalt',
  ]);
  await expect(bring).toContainText('Je bestelling blijft tien werkdagen voor je bewaard.');
  await expect(page.getByRole('heading', { name: 'Hulp bij het inladen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Past het in je auto?' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Wasmachine of droger/ })).toContainText('stationwagen of MPV');

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const store = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Store');
  expect(store).toMatchObject({
    name: 'Afhaalpunt webshop Zoeterwoude',
    url: `https://www.keukenhuys.nl${PAGE}`,
    hasMap: ROUTE,
    address: { streetAddress: 'Hogeweg 22', postalCode: '2381 LW', addressLocality: 'Zoeterwoude' },
  });
  // Open seven days a week.
  const weekly = (store.openingHoursSpecification as { validFrom?: string; dayOfWeek?: string | string[] }[]).filter((s) => !s.validFrom);
  expect(weekly.flatMap((s) => [s.dayOfWeek ?? []].flat())).toHaveLength(7);
});

test('/winkels/ links to the pick-up point page', async ({ page }) => {
  await page.goto('/winkels/');
  await page.getByRole('main').getByRole('link', { name: 'Afhaalpunt webshop Zoeterwoude' }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afhaalpunt webshop Zoeterwoude');
});

test("the checkout's pick-up choice links to the pick-up point page and the route", async ({ page }) => {
  await cartWith(page);
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await page.getByRole('radio', { name: 'Zelf afhalen' }).check();
  const more = page.getByRole('link', { name: /^Afhalen: wat je meeneemt en hulp bij inladen/ });
  await expect(more).toHaveAttribute('href', PAGE);
  await expect(page.getByRole('link', { name: /^Plan je route/ })).toHaveAttribute('href', ROUTE);
  // It opens in a new window, so the checkout stays where it was.
  const [popup] = await Promise.all([page.waitForEvent('popup'), more.click()]);
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Afhaalpunt webshop Zoeterwoude');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violations on the pick-up point page (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(PAGE);
    await expectNoSeriousViolations(page);
  });
}

test('the page does not scroll sideways on a phone', async ({ page }) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PAGE);
    // The shell's header search is checked elsewhere; the page's own content must fit.
    const widest = await page
      .getByRole('main')
      .evaluate((main) => Math.max(...[...main.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
    expect(widest, `${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

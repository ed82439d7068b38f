// The cookie consent (issue 12): a first visit sees the banner; nothing reaches window.dataLayer before a choice or
// after "Weigeren" (after a reload too); "Accepteren" lets the cart's add_to_cart through; the footer's
// "Cookie-instellingen" reopens the banner; axe on the banner and the three legal pages.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { hydrated, PRODUCT } from './fixtures/cart.ts';
import { NO_CONSENT } from './fixtures/consent.ts';
import { viewports } from './fixtures/site.ts';

test.use({ storageState: NO_CONSENT });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
/** The events pushed onto window.dataLayer (the GA4 data layer), by name. */
const events = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event).filter((e): e is string => Boolean(e)),
  );

/**
 * Waits until the analytics module, which the cart loads with its first event, has arrived and handled that event:
 * importing the same file here resolves once it has run, and a task later every callback that waited for it (the
 * cart's call of trackAddToCart) has run as well.
 */
async function analyticsHandled(page: Page): Promise<void> {
  const analyticsFile = () =>
    page.evaluate(
      () => performance.getEntriesByType('resource').find((entry) => /\/analytics\.[\w-]+\.js$/.test(entry.name))?.name ?? null,
    );
  await expect.poll(analyticsFile).not.toBeNull();
  await page.evaluate(
    async (file) => {
      await import(file);
      await new Promise((resolve) => setTimeout(resolve));
    },
    (await analyticsFile())!,
  );
}

async function addToCart(page: Page): Promise<void> {
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByRole('status')).toContainText('toegevoegd aan je winkelwagen');
}

test('a first visit sees the banner; before a choice adding to the cart pushes nothing to the data layer', async ({ page }) => {
  await page.goto(PRODUCT);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accepteren' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Weigeren' })).toBeVisible();
  await addToCart(page);
  // The analytics module loads with the first cart event; once it has handled the event, nothing was pushed.
  await analyticsHandled(page);
  expect(await events(page)).toEqual([]);
  await expect(banner(page)).toBeVisible();
});

test('"Weigeren" hides the banner and keeps the events off, after a reload too', async ({ page, context }) => {
  await page.goto(PRODUCT);
  await banner(page).getByRole('button', { name: 'Weigeren' }).click();
  await expect(banner(page)).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'app-consent');
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ v: 1, analytics: false });
  // Stored for 12 months (the cookie itself lasts a few days longer; the date inside decides).
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  await addToCart(page);
  await analyticsHandled(page);
  expect(await events(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await addToCart(page);
  await analyticsHandled(page);
  expect(await events(page)).toEqual([]);
});

test('"Accepteren" lets the cart\'s add_to_cart event through', async ({ page }) => {
  await page.goto(PRODUCT);
  await banner(page).getByRole('button', { name: 'Accepteren' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('app-consent') ?? 'null'))).toMatchObject({ v: 1, analytics: true });
  await addToCart(page);
  await expect.poll(() => events(page)).toEqual(['add_to_cart']);
});

test('an expired choice (older than 12 months) asks again', async ({ page, context }) => {
  const old = JSON.stringify({ v: 1, analytics: true, at: new Date(Date.now() - 370 * 86_400_000).toISOString() });
  await context.addInitScript((value) => localStorage.setItem('app-consent', value), old);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
});

test('the footer\'s "Cookie-instellingen" reopens the banner, and a new choice counts at once', async ({ page }) => {
  await page.goto(PRODUCT);
  await banner(page).getByRole('button', { name: 'Weigeren' }).click();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-instellingen' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accepteren' })).toBeFocused();
  await banner(page).getByRole('button', { name: 'Accepteren' }).click();
  await expect(banner(page)).toBeHidden();
  await addToCart(page);
  await expect.poll(() => events(page)).toEqual(['add_to_cart']);
});

test('the banner sits over the page: showing it moves nothing (no layout shift)', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious violations in the banner (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expectNoSeriousViolations(page, '#consent');
  });
}

test('on a phone the banner leaves most of the page visible', async ({ page }) => {
  await page.setViewportSize(viewports.xs);
  await page.goto('/');
  const box = (await banner(page).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewports.xs.height + 1);
  expect(box.height).toBeLessThan(viewports.xs.height / 2);
  await page.screenshot({ path: test.info().outputPath('phone.png') });
});

for (const [path, heading] of [
  ['/privacyverklaring/', 'Privacyverklaring'],
  ['/cookieverklaring/', 'Cookieverklaring'],
  ['/toegankelijkheidsverklaring/', 'Toegankelijkheidsverklaring'],
] as const) {
  test(`${heading}: linked from the footer, axe finds no serious violations (banner open)`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: heading }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(banner(page)).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the cookie statement lists the categories of cookies.yaml; the footer shows KvK and VAT numbers', async ({ page }) => {
  await page.goto('/cookieverklaring/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Noodzakelijk' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Analytisch' })).toBeVisible();
  await expect(main.getByRole('rowheader', { name: 'app-local-cart-id' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('KvK 28041976');
  await expect(footer).toContainText('btw-nummer NL008410273B01');
  await expect(footer).not.toContainText('B.V..');
  await main.getByRole('button', { name: 'Cookie-instellingen wijzigen' }).click();
  await expect(banner(page)).toBeVisible();
});

test('the delivery terms link to the privacy statement', async ({ page }) => {
  await page.goto('/leveringsvoorwaarden/');
  await page.getByRole('main').getByRole('link', { name: 'onze privacyverklaring' }).click();
  await expect(page).toHaveURL(/\/privacyverklaring\/$/);
});

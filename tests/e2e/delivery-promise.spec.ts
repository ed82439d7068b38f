// The delivery promise (issue 23): the prebuilt header says something true on any day, and on a product page the buy
// box makes it exact for the browser's moment: on a Saturday (no delivery on Sunday) never "morgen in huis".
import { expect, test } from '@playwright/test';
import { hydrated, PRODUCT } from './fixtures/cart.ts';

const header = (page: import('@playwright/test').Page) => page.locator('.top [data-promise]');

test('on a Saturday the header and the stock line promise Monday, not tomorrow', async ({ page }) => {
  // Saturday 28 November 2026, 12:00 in Amsterdam.
  await page.clock.setFixedTime(new Date('2026-11-28T12:00:00+01:00'));
  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await expect(header(page)).toHaveText('Nu besteld, maandag in huis');
  await expect(page.locator('.stock-line [data-promise]')).toHaveText('Nu besteld, maandag in huis');
  await expect(page.locator('body')).not.toContainText('morgen in huis');
});

test('on a Friday before 22:00 it is tomorrow; a page without the buy box keeps the text without a day', async ({ page }) => {
  // Friday 27 November 2026, 21:59 in Amsterdam: Saturday is a delivery day.
  await page.clock.setFixedTime(new Date('2026-11-27T21:59:00+01:00'));
  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await expect(header(page)).toHaveText('Voor 22:00 besteld, morgen in huis');
  await page.goto('/klantenservice/');
  await expect(header(page)).toHaveText('Voor 22:00 besteld, volgende bezorgdag in huis');
});

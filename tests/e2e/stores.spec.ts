import { expect, test } from '@playwright/test';

test('a store page shows its hours, its shopping night and whether it is open now', async ({ page }) => {
  // Friday 27 November 2026, 19:30 in Amsterdam: Cruquius has its late evening on Friday.
  await page.clock.setFixedTime(new Date('2026-11-27T19:30:00+01:00'));
  await page.goto('/keukenwinkels/keukens-cruquius/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cruquius');
  const hours = page.getByRole('table', { name: 'Openingstijden' });
  await expect(hours.getByRole('row', { name: /Vrijdag/ })).toContainText('09:30 - 21:00');
  await expect(hours.getByRole('row', { name: /Zaterdag/ })).toContainText('09:30 - 17:00');
  await expect(page.getByRole('complementary', { name: 'Adres en openingstijden' }).getByText('Koopavond op vrijdag')).toBeVisible();
  await expect(page.getByText('Nu open, tot 21:00')).toBeVisible();
});

test('Den Haag has its shopping night on Thursday and is closed on a Sunday', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-29T12:00:00+01:00'));
  await page.goto('/keukenwinkels/keukens-den-haag/');
  await expect(page.getByRole('complementary', { name: 'Adres en openingstijden' }).getByText('Koopavond op donderdag')).toBeVisible();
  await expect(page.getByText('Gesloten, opent morgen om 09:30')).toBeVisible();
});

test('the store page carries Store structured data with opening hours', async ({ page }) => {
  await page.goto('/keukenwinkels/keukens-zoeterwoude/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const store = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Store');
  expect(store.address.addressLocality).toBe('Zoeterwoude');
  expect(store.openingHoursSpecification.length).toBeGreaterThan(2);
});

test('the stores overview lists the three stores and the pickup location', async ({ page }) => {
  await page.goto('/winkels/');
  for (const city of ['Cruquius', 'Den Haag', 'Zoeterwoude'])
    await expect(page.getByRole('link', { name: new RegExp(city) }).first()).toBeVisible();
  await expect(page.getByText('Afhaalpunt voor je webshopbestelling')).toBeVisible();
});

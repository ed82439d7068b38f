import { expect, test } from '@playwright/test';
import { viewports } from './fixtures/site';

test.describe('on a phone (xs)', () => {
  test.use({ viewport: viewports.xs });

  test('shows the bottom menu with kitchens, equipment and stores, and no desktop overlays', async ({ page }) => {
    const overlays: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_app/overlays/')) overlays.push(r.url());
    });
    await page.goto('/');
    const mobile = page.getByRole('navigation', { name: 'Mobiel menu' });
    await expect(mobile).toBeVisible();
    await expect(mobile.getByRole('link')).toHaveText(['Keukens', 'Apparatuur', 'Winkels']);
    const main = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(main.getByRole('menuitem', { name: 'Merken', exact: true })).toBeHidden();
    await main.getByText('Menu', { exact: true }).click();
    await expect(main.getByRole('link', { name: 'Merken', exact: true })).toBeVisible();
    await expect(page.locator('footer [data-overlay=live-chat]')).toBeHidden();
    await mobile.getByRole('link', { name: 'Winkels' }).click();
    await expect(page).toHaveURL(/\/winkels\/$/);
    expect(overlays).toEqual([]);
  });
});

test.describe('on a desktop (xl)', () => {
  test.use({ viewport: viewports.xl });

  test('shows the main menu, hides the bottom menu and opens the mega menu lazily', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Mobiel menu' })).toBeHidden();
    const main = page.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Keukens', 'Inbouwapparatuur', 'Merken', 'Winkels'])
      await expect(main.getByRole('menuitem', { name, exact: true })).toBeVisible();
    const overlay = page.waitForRequest((r) => r.url().endsWith('/_app/overlays/mega-menu.js'));
    await main.getByRole('menuitem', { name: 'Inbouwapparatuur', exact: true }).hover();
    await overlay;
    await expect(main.getByRole('menuitem', { name: 'Inductiekookplaten' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(main.getByRole('menuitem', { name: 'Inductiekookplaten' })).toBeHidden();
  });

  test('the live-chat launcher opens its panel on demand', async ({ page }) => {
    await page.goto('/klantenservice/betalen/');
    await page.getByRole('link', { name: 'Chat met ons' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Klantenservice' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/31\d+$/);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('the colour scheme choice persists over a reload and follows the system when set to Systeem', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-scheme', 'light');
  await page.getByRole('radio', { name: 'Donker' }).check();
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  await expect(page.getByRole('radio', { name: 'Donker' })).toBeChecked();
  await page.getByRole('radio', { name: 'Systeem' }).check();
  await expect(html).toHaveAttribute('data-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  await expect(page.getByRole('radio', { name: 'Systeem' })).toBeChecked();
});

test('the scheme is applied before first paint (set in the head, before the body renders)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-color-scheme', 'dark'));
  await page.goto('/');
  const schemeAtBodyStart = await page.evaluate(() => document.documentElement.dataset.scheme);
  expect(schemeAtBodyStart).toBe('dark');
  const headScript = await page.locator('head script').first().textContent();
  expect(headScript).toContain('app-color-scheme');
});

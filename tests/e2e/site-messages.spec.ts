// Site messages (content/settings/messages.yaml) appear and go at their time without a rebuild, only on their pages,
// and stay closed once the visitor closes them. The page's clock is set for each case.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

const CHRISTMAS = 'Eerste Kerstdag (25 december) zijn onze winkels gesloten. Online bestellen kan altijd.';
const SHOWROOM = 'Showroomkeukens tot 70% korting zolang de voorraad strekt.';

test('a message shows between its from and until, on its pages only', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-12-21T10:00:00+01:00') });
  await page.goto('/keukens/');
  await expect(page.getByText(CHRISTMAS)).toBeVisible();
  await expect(page.getByText(SHOWROOM)).toBeVisible();
  await expectNoSeriousViolations(page, '.site-messages');
  await page.goto('/klantenservice/');
  await expect(page.getByText(CHRISTMAS)).toBeVisible();
  await expect(page.getByText(SHOWROOM)).toBeHidden();
});

test('before and after its time a message stays hidden', async ({ browser }) => {
  for (const time of ['2026-12-19T23:59:00+01:00', '2026-12-27T00:00:00+01:00']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install({ time: new Date(time) });
    await page.goto('/');
    await expect(page.getByText(CHRISTMAS), time).toBeHidden();
    await context.close();
  }
});

test('a closed message stays closed after a reload and on other pages', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-12-22T09:00:00+01:00') });
  await page.goto('/');
  await page.getByText(CHRISTMAS).locator('..').getByRole('button', { name: 'Melding sluiten' }).click();
  await expect(page.getByText(CHRISTMAS)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(CHRISTMAS)).toBeHidden();
  await page.goto('/keukens/');
  await expect(page.getByText(SHOWROOM)).toBeVisible();
  await expect(page.getByText(CHRISTMAS)).toBeHidden();
});

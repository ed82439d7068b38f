// Pages editors build from content/: blocks (content/blocks/*.md) placed on a page by id.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

test('the customer-service page shows the block it places, below its text', async ({ page }) => {
  await page.goto('/klantenservice/');
  const main = page.getByRole('main');
  const block = main.getByRole('region', { name: 'Hulp nodig bij je keuze?' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('heading', { level: 2, name: 'Hulp nodig bij je keuze?' })).toBeVisible();
  await expect(block).toContainText('Neem de maten van je keukenkast mee, dan kijken we samen wat past.');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violations on a page with a block (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/klantenservice/');
    await expectNoSeriousViolations(page);
  });
}

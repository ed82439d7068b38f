// An old address from content/settings/rewrites.yaml answers 301 and the browser lands on the new page.
import { expect, test } from '@playwright/test';

test('an old address answers 301 and the browser lands on its new page', async ({ page, request }) => {
  const answer = await request.get('/inbouw/ovens/', { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe('/inbouwapparatuur/inbouwovens/');
  await page.goto('/inbouw/ovens/');
  await expect(page).toHaveURL(/\/inbouwapparatuur\/inbouwovens\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inbouwovens');
});

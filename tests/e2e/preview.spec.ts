// The production build leaves drafts out: a brand news article marked `draft: true` has no page, no place in the list
// or the sitemap, and the build says it is no preview. (The preview build is tests/unit/preview-build.test.ts.)
import { expect, test } from '@playwright/test';
import { sitemapPaths } from './fixtures/site.ts';

const DRAFT = '/merken-nieuws/miele-demonstratiedagen-concept/';

test('a draft is not on the site, in its list or in the sitemap, and the build is no preview', async ({ page, request }) => {
  expect((await request.get(DRAFT)).status()).toBe(404);
  await page.goto('/merken-nieuws/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Miele-demonstratiedagen in onze drie winkels' })).toHaveCount(0);
  await expect(page.getByText('Voorbeeld', { exact: true })).toHaveCount(0);
  expect(await sitemapPaths(request)).not.toContain(DRAFT);
  const preview = await (await request.get('/api/preview/')).json();
  expect(preview.data.preview).toBe(false);
});

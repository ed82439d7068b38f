// The product FAQ of content/settings/product-faq.yaml (issue 12): a section of details/summary on the product page
// (the product's own questions first, then its category's) and FAQPage structured data with the same questions; and
// the badges of content/settings/product-tags.yaml on the product page and on product cards.
import { expect, test } from '@playwright/test';

const PRODUCT = '/inbouwapparatuur/afzuigkappen/atag-ws9011pm-100060/';
// From content/settings/product-faq.yaml: entry atag-ws9011pm, then entry afzuigkappen.
const QUESTIONS = [
  'Past de ATAG WS9011PM boven een kookplaat van 80 centimeter?',
  'Kan ik een afzuigkap zonder afvoer naar buiten gebruiken?',
  'Hoe hoog hangt een afzuigkap boven de kookplaat?',
];

test('a product page shows its questions and answers, and FAQPage structured data', async ({ page }) => {
  await page.goto(PRODUCT);
  const faq = page.getByRole('region', { name: 'Veelgestelde vragen' });
  await expect(faq.getByRole('heading', { level: 2, name: 'Veelgestelde vragen' })).toBeVisible();
  await expect(faq.locator('summary')).toHaveText(QUESTIONS);

  const answer = faq.getByText('Met een recirculatieset filtert de kap de lucht');
  await expect(answer).toBeHidden();
  await faq.getByText(QUESTIONS[1]!).click();
  await expect(answer).toBeVisible();

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'FAQPage');
  expect(faqPage['@context']).toBe('https://schema.org');
  expect(faqPage.mainEntity.map((q: { name: string }) => q.name)).toEqual(QUESTIONS);
  expect(faqPage.mainEntity[0]).toEqual({
    '@type': 'Question',
    name: QUESTIONS[0],
    acceptedAnswer: {
      '@type': 'Answer',
      text: 'Deze kap is 60 centimeter breed. Boven een bredere kookplaat vangt hij minder damp op; kies dan een kap van minstens dezelfde breedte als je kookplaat.',
    },
  });
});

test('a product without questions has no FAQ section and no FAQPage data', async ({ page }) => {
  // A built-in oven: content/settings/product-faq.yaml has no entry for its category or for it.
  await page.goto('/inbouwapparatuur/inbouwovens/aeg-6000-steambake-bps555060m-100010/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Veelgestelde vragen' })).toHaveCount(0);
  const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b)['@type']);
  expect(types).not.toContain('FAQPage');
});

test('a product page and its product card show the badges of product-tags.yaml', async ({ page }) => {
  // content/settings/product-tags.yaml: 100060 carries "Stil" and "Energiezuinig", in that order.
  await page.goto(PRODUCT);
  await expect(page.getByRole('list', { name: 'Kenmerken' }).getByRole('listitem')).toHaveText(['Stil', 'Energiezuinig']);

  await page.goto('/inbouwapparatuur/afzuigkappen/');
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: 'ATAG WS9011PM', exact: true }) });
  await expect(card.getByRole('list', { name: 'Kenmerken' }).getByRole('listitem')).toHaveText(['Stil', 'Energiezuinig']);
});

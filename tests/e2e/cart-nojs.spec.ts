// Buying without JavaScript (issue 23, item 4): the product page's buy form posts to the cart page, which shows the
// cart rendered on the server with forms to change the quantity and remove the line; checkout says it needs
// JavaScript, with the phone number. With JavaScript the island shows and changes the same cart (same cookies).
import { expect, test, type Page } from '@playwright/test';
import { hydrated, PRODUCT, quantity as islandQuantity } from './fixtures/cart.ts';

// content/catalog/products/afzuigkappen/aeg-6000-hob2hood-dve5961hb-100065.yaml: price € 549,00 with a cash-desk
// discount of € 50,00 a unit; no delivery cost of its own, and above the € 50,00 of content/settings/delivery.yaml
// delivery is free. One: 549,00 - 50,00 = € 499,00. Two: € 998,00. Three: € 1.497,00.
const NAME = 'AEG 6000 Hob2Hood DVE5961HB';
/** An amount as shown (a no-break space after the euro sign), matched whole. */
const euro = (text: string) => new RegExp(`^${text.replace('€ ', '€\\s').replace('.', '\\.')}$`);

const totals = (page: Page) => page.getByRole('region', { name: 'Overzicht', exact: true });
/** The last definition of the totals is the grand total ("Totaal"). */
const grandTotal = (page: Page) => totals(page).getByRole('definition').last();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('product page → In winkelwagen → cart page → quantity → remove; the island shows the same cart', async ({
    page,
    context,
    browser,
  }) => {
    await page.goto(PRODUCT);
    await page.getByRole('button', { name: 'In winkelwagen' }).click();

    await expect(page).toHaveURL('/winkelwagen/');
    await expect(page.getByText(`${NAME} is toegevoegd aan je winkelwagen.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
    await expect(page.getByText(/^1 × €\s549,00$/)).toBeVisible();
    await expect(totals(page)).toContainText('Bezorgkosten');
    await expect(totals(page)).toContainText('gratis');
    await expect(grandTotal(page)).toHaveText(euro('€ 499,00'));
    await expect(page.getByRole('heading', { name: 'Afrekenen kan alleen met JavaScript' })).toBeVisible();
    await expect(page.getByRole('link', { name: '071 203 40 00' }).first()).toHaveAttribute('href', 'tel:+31712034000');

    await page.getByRole('spinbutton', { name: 'Aantal' }).fill('2');
    await page.getByRole('button', { name: 'Aantal wijzigen' }).click();
    await expect(page.getByText('Het aantal is aangepast.')).toBeVisible();
    await expect(grandTotal(page)).toHaveText(euro('€ 998,00'));

    // With JavaScript, in a context with the same cookies and storage: the island takes over the same cart.
    const withScript = await browser.newContext({ javaScriptEnabled: true, storageState: await context.storageState() });
    try {
      const island = await withScript.newPage();
      await island.goto('/winkelwagen/');
      await hydrated(island, 'CartPage');
      await expect(island.getByRole('link', { name: new RegExp(NAME) })).toBeVisible();
      await expect(islandQuantity(island)).toHaveValue('2');
      await island.getByRole('button', { name: 'Aantal verhogen' }).click();
      await expect(islandQuantity(island)).toHaveValue('3');
      await expect(totals(island)).not.toHaveAttribute('aria-busy', /.*/);
    } finally {
      await withScript.close();
    }

    // The island's change is the server's: the page without JavaScript shows it.
    await page.goto('/winkelwagen/');
    await expect(page.getByRole('spinbutton', { name: 'Aantal' })).toHaveValue('3');
    await expect(grandTotal(page)).toHaveText(euro('€ 1.497,00'));

    await page.getByRole('button', { name: `Verwijderen: ${NAME}` }).click();
    await expect(page.getByText('Het artikel is uit je winkelwagen verwijderd.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Je winkelwagen is leeg' })).toBeVisible();
    await expect(page.getByRole('heading', { name: NAME })).toHaveCount(0);
  });
});

// The search island and the header suggestions against the built shop with its embedded search engine: a
// misspelled query from the header, facets, price range, sorting, pages, a product visit and the back button; the
// empty states of SPEC §8; search-click tracking; staff-only extras; the filter drawer on a phone; axe.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createToken, loadSecret, newSubject } from '../../src/server/http/tokens.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { layoutShifts } from './fixtures/layout-shift.ts';

test.beforeEach(async ({ page }) => {
  // No client-side cache of search answers in tests (DESIGN §5).
  await page.addInitScript(() => {
    (window as { __keukenhuysSearch?: { cacheSeconds: number } }).__keukenhuysSearch = { cacheSeconds: 0 };
  });
});

const results = (page: Page) => page.getByRole('region', { name: 'Zoekresultaten' });
/** The hit cards of a results region, one article each. */
const hits = (region: Locator) => region.getByRole('article');
/** The links on the hits' names (the h3 of each card). */
const hitLinks = (region: Locator) => hits(region).getByRole('heading', { level: 3 }).getByRole('link');
/** A facet of the filters (a section named by its heading: Merk, Prijs, Stijl, …). */
const facet = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The page links' current page (aria-current="page"). */
const pages = (region: Locator) => region.getByRole('navigation', { name: "Pagina's" });
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

/** The price each hit sells for: the one amount standing on its own (the old price reads "Van € …"). */
async function prices(page: Page): Promise<number[]> {
  return (
    await hits(results(page))
      .getByText(/^€\s[\d.]+,\d{2}$/)
      .allTextContents()
  ).map(euros);
}

test('a misspelled header search lands on results; brand, price, sort and page survive a product visit and the back button', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByLabel('Zoeken in de webshop').fill('vaatwaser');
  await header.getByLabel('Zoeken in de webshop').press('Enter');

  await expect(page).toHaveURL(/\/zoeken\/\?q=vaatwaser$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zoeken' })).toBeVisible();
  await expect(results(page).getByRole('status')).toHaveText(/^\d+ resultaten voor “vaatwaser”$/);
  // Dishwashers despite the typo: every card on the first page shows one.
  const alts = await hits(results(page))
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
  // a full first page: 12 cards
  expect(alts).toHaveLength(12);
  for (const alt of alts) expect(alt).toMatch(/^Vaatwasser van /);

  const brands = facet(page, 'Merk');
  const price = facet(page, 'Prijs');
  await brands.getByRole('checkbox', { name: /^Bosch/ }).check();
  await expect(page).toHaveURL(/merk=Bosch/);
  await brands.getByRole('checkbox', { name: /^Siemens/ }).check();
  await expect(page).toHaveURL(/merk=Bosch&merk=Siemens/);
  await price.getByLabel('Maximale prijs in euro').fill('800');
  await price.getByRole('button', { name: 'Prijs toepassen' }).click();
  await expect(page).toHaveURL(/prijs=-800/);
  await expect(results(page).getByRole('button', { name: /Prijs: tot en met € 800,00/ })).toBeVisible();

  await results(page).getByLabel('Sorteren op').selectOption({ label: 'Prijs laag-hoog' });
  await expect(page).toHaveURL(/sortering=prijs-oplopend/);
  await expect
    .poll(async () => {
      const list = await prices(page);
      return list.length === 12 && list.every((p, i) => i === 0 || list[i - 1]! <= p) && list.every((p) => p <= 800);
    })
    .toBe(true);
  const lastOnFirstPage = (await prices(page)).at(-1)!;

  await pages(results(page)).getByRole('link', { name: 'Pagina 2' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(pages(results(page)).getByRole('link', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pages(results(page)).getByRole('link', { name: 'Pagina 1' })).not.toHaveAttribute('aria-current', /.*/);
  const secondPage = await prices(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage[0]).toBeGreaterThanOrEqual(lastOnFirstPage);
  const refinedUrl = page.url();
  expect(new URL(refinedUrl).search).toBe('?q=vaatwaser&merk=Bosch&merk=Siemens&prijs=-800&sortering=prijs-oplopend&pagina=2');

  const first = hitLinks(results(page)).first();
  const firstName = (await first.textContent())!.trim();
  const productPath = await first.getAttribute('href');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${productPath!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

  // The click was tracked: the instant-search entry and the tracking record (13th hit: page 2, first place).
  const stored = await page.evaluate(() => ({
    entry: JSON.parse(localStorage.getItem('app-local-event-instant-search') ?? 'null'),
    record: JSON.parse(localStorage.getItem('app-local-event-search-click') ?? 'null'),
  }));
  expect(stored.entry).toHaveLength(1);
  expect(stored.entry[0]).toMatchObject({ indexName: 'v3_producten_price_asc', queryId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  expect(stored.entry[0].objectIds).toHaveLength(1);
  expect(stored.record).toMatchObject({ index_name: 'v3_producten_price_asc', query_id: stored.entry[0].queryId, position: 13 });
  expect(stored.record.item_ids.split(',')[0]).toBe(stored.entry[0].objectIds[0]);

  await page.goBack();
  await expect(page).toHaveURL(refinedUrl);
  await expect(brands.getByRole('checkbox', { name: /^Bosch/ })).toBeChecked();
  await expect(brands.getByRole('checkbox', { name: /^Siemens/ })).toBeChecked();
  await expect(price.getByLabel('Maximale prijs in euro')).toHaveValue('800');
  await expect(results(page).getByLabel('Sorteren op')).toHaveValue('v3_producten/sort/price:asc');
  await expect(pages(results(page)).getByRole('link', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
  await expect(hitLinks(results(page)).first()).toHaveText(firstName);
});

test('the back button steps back through refinements', async ({ page }) => {
  await page.goto('/zoeken/?q=vaatwasser');
  await expect(results(page).getByRole('status')).toHaveText(/resultaten voor “vaatwasser”/);
  await facet(page, 'Merk')
    .getByRole('checkbox', { name: /^Miele/ })
    .check();
  await expect(page).toHaveURL(/\?q=vaatwasser&merk=Miele$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?q=vaatwasser$/);
  await expect(facet(page, 'Merk').getByRole('checkbox', { name: /^Miele/ })).not.toBeChecked();
});

test('a nonsense query shows the empty state with spelling hints and ways on', async ({ page }) => {
  await page.goto('/zoeken/?q=qqxzzjjwv');
  const empty = results(page);
  await expect(empty.getByRole('heading', { name: 'Geen resultaten voor “qqxzzjjwv”' })).toBeVisible();
  await expect(hits(empty)).toHaveCount(0);
  await expect(empty).toContainText('gespeld');
  await expect(empty).toContainText('minder specifiek');
  await expect(empty.getByRole('link', { name: 'Bekijk alle apparatuur' })).toHaveAttribute('href', '/productgroepen/');
  await expect(empty.getByRole('link', { name: 'Naar de homepage' })).toHaveAttribute('href', '/');
});

test('the header suggests products while typing; arrows and Enter open the highlighted product, Escape closes', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('banner').getByLabel('Zoeken in de webshop');
  await field.click();
  await field.pressSequentially('miele vaat');
  const list = page.getByRole('listbox', { name: 'Zoeksuggesties' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Zoeken in de webshop' })).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.last()).toHaveText('Alle resultaten voor “miele vaat”');
  await expect(options.first()).toContainText('Miele');

  await field.press('Escape');
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');

  await field.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/[a-z-]+\/[a-z-]+\/miele-[a-z0-9-]+-\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Miele');
});

test('the showroom kitchens can be searched, and the showroom empty state shows when none matches', async ({ page }) => {
  await page.goto('/keukens/showroomkeukens/');
  const region = page.getByRole('region', { name: 'Showroomkeukens in de uitverkoop' });
  await expect(region.getByRole('status')).toHaveText(/^\d+ showroomkeukens$/);
  await facet(page, 'Stijl')
    .getByRole('checkbox', { name: /^Landelijk/ })
    .check();
  await expect(page).toHaveURL(/\?stijl=landelijk$/);
  await expect(hits(region)).toHaveCount(1);

  // Style and colour that no showroom kitchen has together.
  await page.goto('/keukens/showroomkeukens/?stijl=landelijk&kleur=taupe+mat');
  await expect(region.getByRole('heading', { name: 'Geen showroomkeuken gevonden die hierbij past' })).toBeVisible();
  await expect(hits(region)).toHaveCount(0);
  await expect(region).toContainText('70%');
  await expect(region).toContainText('kom gerust vaker terug');

  await page.goto('/keukens/showroomkeukens/?q=zwembad');
  await expect(region.getByRole('heading', { name: 'Geen showroomkeuken gevonden die hierbij past' })).toBeVisible();
});

test('on a phone the filters open in a drawer that Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/zoeken/?q=vaatwasser');
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('checkbox', { name: /^Bosch/ }).check();
  await expect(page).toHaveURL(/merk=Bosch/);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused();
});

test('shop-only filter and shop prices appear for staff only', async ({ page }) => {
  await page.goto('/zoeken/?q=vaatwasser');
  await expect(results(page).getByRole('status')).toHaveText(/resultaten/);
  await expect(page.getByRole('checkbox', { name: 'Alleen in de winkel' })).toHaveCount(0);
  await expect(page.getByText(/^Winkelprijs/)).toHaveCount(0);

  const now = new Date();
  const token = createToken({ sub: newSubject(), role: 'admin', exp: Math.floor(now.getTime() / 1000) + 3600 }, now, loadSecret());
  await page.evaluate((t) => localStorage.setItem('app-local-token', t), token);
  await page.goto('/zoeken/?q=vaatwasser&winkel=alleen');
  await expect(page.getByRole('checkbox', { name: 'Alleen in de winkel' })).toBeChecked();
  await expect(results(page).getByRole('status')).toHaveText(/^\d+ resultaten? voor “vaatwasser”$/);
  await expect(
    results(page)
      .getByText(/^Winkelprijs €\s/)
      .first(),
  ).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violations on the search page (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/zoeken/?q=vaatwasser&merk=Bosch');
    await expect(hits(results(page)).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the search page is not indexed and says what it is without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/zoeken/?q=vaatwasser');
  await expect(page.getByRole('heading', { level: 1, name: 'Zoeken' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('link', { name: 'alle apparatuur' })).toHaveAttribute('href', '/productgroepen/');
  await context.close();
});

test('a shared address opens on the same page, sort and filters', async ({ page }) => {
  await page.goto('/zoeken/?q=vaatwasser&merk=Bosch&sortering=prijs-aflopend&pagina=2');
  await expect(pages(results(page)).getByRole('link', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
  await expect(facet(page, 'Merk').getByRole('checkbox', { name: /^Bosch/ })).toBeChecked();
  await expect(results(page).getByLabel('Sorteren op')).toHaveValue('v3_producten/sort/price:desc');
  await expect.poll(async () => (await prices(page)).length).toBeGreaterThan(0);
  const list = await prices(page);
  expect(list).toEqual([...list].sort((a, b) => b - a));
  await expect(page).toHaveURL(/\?q=vaatwasser&merk=Bosch&sortering=prijs-aflopend&pagina=2$/);
});

test("an editor's synonym and curation change what the search page shows", async ({ page }) => {
  // content/search/synonyms.yaml: wasautomaat ↔ wasmachine; the catalogue has no product called "wasautomaat".
  await page.goto('/zoeken/?q=wasautomaat');
  await expect(results(page).getByRole('status')).toHaveText(/^\d+ resultaten voor “wasautomaat”$/);
  const alts = await hits(results(page))
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
  expect(alts.length).toBeGreaterThan(0);
  for (const alt of alts) expect(alt).toMatch(/^Wasmachine van /);
  // content/search/curations.yaml: "bosch vaatwasser" shows the editors' banner.
  await page.goto('/zoeken/?q=bosch%20vaatwasser');
  await expect(page.getByRole('note')).toHaveText('20% korting op alle Bosch vaatwassers');
});

test("the editors' product tags filter the results (Kenmerken)", async ({ page }) => {
  // content/settings/product-tags.yaml: "Stil" is on the ATAG hoods WS9011PM and WS9018PM.
  await page.goto('/zoeken/?q=afzuigkap');
  const tags = facet(page, 'Kenmerken');
  await tags.getByRole('checkbox', { name: /^Stil/ }).check();
  await expect(page).toHaveURL(/kenmerk=Stil/);
  await expect(hitLinks(results(page))).toHaveText([/WS9011PM|WS9018PM/, /WS9011PM|WS9018PM/]);
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
]) {
  test(`nothing moves while the first results and facets arrive (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/zoeken/?q=vaatwasser');
    await expect(hits(results(page)).first()).toBeVisible();
    // The facets are in (a column from md up; on a phone they wait behind the Filters button).
    if (viewport.width >= 768) await expect(facet(page, 'Merk')).toBeVisible();
    const { sum, moved } = await layoutShifts(page);
    // As Lighthouse reports CLS (three decimals): the header's menu button may move some 0.00005 as its script sets
    // it up; the toolbar, the facets and the hits never move.
    expect(sum, moved.join('\n')).toBeLessThan(0.0005);
  });
}

test('a plain query is answered without the widgets; they load on first use and take over in place, typing kept', async ({ page }) => {
  const widgetRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/_app\/search\/|react|instantsearch/i.test(request.url())) widgetRequests.push(request.url());
  });
  await page.goto('/zoeken/?q=vaatwasser');
  await expect(results(page).getByRole('status')).toHaveText(/^\d+ resultaten voor “vaatwasser”$/);
  await expect(hits(results(page))).toHaveCount(12);
  await expect(facet(page, 'Merk').getByRole('checkbox', { name: /^Bosch/ })).toBeVisible();
  // The whole first answer is on screen, and no framework has been loaded for it.
  expect(widgetRequests).toEqual([]);

  const field = page.getByRole('searchbox', { name: 'Zoek in alle producten' });
  await field.click();
  await field.press('End');
  await field.pressSequentially(' bosch');
  await expect(results(page).getByRole('status')).toHaveText(/^\d+ resultaten? voor “vaatwasser bosch”$/);
  await expect(field).toHaveValue('vaatwasser bosch');
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\?q=vaatwasser\+bosch$/);
  expect(widgetRequests.some((url) => url.includes('/_app/search/search-page.js'))).toBe(true);
  // One search form: the drawn one has gone.
  await expect(page.getByRole('search', { name: 'Zoek in alle producten' })).toHaveCount(1);
});

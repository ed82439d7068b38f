// The top of the product page (issue 13): editors' photos through astro:assets with a gallery that works by
// keyboard, buttons, scrolling and zoom (and the drawing when there are none), the EU energy class arrow with its
// label and product information sheet on cards, product pages and search hits, and on a phone the sticky buy bar.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { badge, cartWith, hydrated, PRODUCT } from './fixtures/cart.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { layoutShifts } from './fixtures/layout-shift.ts';

// AEG 6000 Hob2Hood DVE5961HB: three photos, energy class A on the A+++ to D scale of range hoods.
const HOOD = { path: PRODUCT, name: 'AEG 6000 Hob2Hood DVE5961HB', id: 100065 };
// AEG 7000 GlassCare FSE75768P: two photos, energy class B on the A to G scale of dishwashers.
const DISHWASHER = {
  path: '/inbouwapparatuur/inbouwvaatwassers/aeg-7000-glasscare-fse75768p-100083/',
  name: 'AEG 7000 GlassCare FSE75768P',
  id: 100083,
};
// Pelgrim ISL947RVS: no photos (its drawing), energy class A on the A+++ to D scale.
const NO_PHOTOS = { path: '/inbouwapparatuur/afzuigkappen/pelgrim-isl947rvs-100074/', id: 100074 };
const KITCHEN = '/keukens/keuken-bergen-wit-mat/';
const PHONE = { width: 390, height: 844 };

const gallery = (page: Page, name: string) => page.getByRole('region', { name: `Foto's van ${name}` });

/** Which photo the gallery's strip shows, 0-based: 1.5 while it is halfway from the second to the third. */
const shownPhoto = (region: Locator) =>
  region.getByRole('list').evaluate((track) => Math.round((track.scrollLeft / track.clientWidth) * 100) / 100);

test.describe('photos', () => {
  test('a product with photos shows them as responsive AVIF and WebP, the first eager and prioritised, the rest lazy', async ({ page }) => {
    await page.goto(HOOD.path);
    const photos = gallery(page, HOOD.name).getByRole('img');
    await expect(photos).toHaveCount(3);
    await expect(photos.nth(0)).toHaveAccessibleName('RVS schouwkap met zwarte glazen bedieningsstrook, recht van voren');
    await expect(photos.nth(0)).toHaveAttribute('loading', 'eager');
    await expect(photos.nth(0)).toHaveAttribute('fetchpriority', 'high');
    for (const i of [1, 2]) await expect(photos.nth(i)).toHaveAttribute('loading', 'lazy');
    for (let i = 0; i < 3; i++) {
      // Square photos: width and height keep their place before they load.
      await expect(photos.nth(i)).toHaveAttribute('width', '1080');
      await expect(photos.nth(i)).toHaveAttribute('height', '1080');
    }
    const sources = gallery(page, HOOD.name).locator('picture').first().locator('source');
    await expect(sources.nth(0)).toHaveAttribute('type', 'image/avif');
    await expect(sources.nth(0)).toHaveAttribute('srcset', /\.avif 360w, .*\.avif 720w, .*\.avif 1080w$/);
    await expect(sources.nth(1)).toHaveAttribute('type', 'image/webp');
    await expect(sources.nth(1)).toHaveAttribute('srcset', /\.webp 360w, .*\.webp 720w, .*\.webp 1080w$/);
    // Chromium reads AVIF: the first photo comes as AVIF, in a width from the srcset.
    await expect.poll(() => photos.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.avif$/);
  });

  test('the gallery moves by buttons and arrow keys, counts, and keeps one tab stop on the photo in view', async ({ page }) => {
    await page.goto(HOOD.path);
    const region = gallery(page, HOOD.name);
    const photos = region.getByRole('img');
    const previous = region.getByRole('button', { name: 'Vorige foto' });
    const next = region.getByRole('button', { name: 'Volgende foto' });
    await expect(region.getByText('Foto 1 van 3')).toBeVisible();
    await expect(previous).toBeDisabled();

    await next.click();
    await expect(region.getByText('Foto 2 van 3')).toBeVisible();
    await expect.poll(() => shownPhoto(region)).toBe(1);
    await next.click();
    await expect(region.getByText('Foto 3 van 3')).toBeVisible();
    await expect(next).toBeDisabled();
    await expect.poll(() => shownPhoto(region)).toBe(2);

    // The photo in view is the gallery's only tab stop; the arrow keys move photo and focus together.
    const links = region.getByRole('link');
    await expect(links.nth(2)).toHaveAttribute('tabindex', '0');
    await expect(links.nth(0)).toHaveAttribute('tabindex', '-1');
    await links.nth(2).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(region.getByText('Foto 2 van 3')).toBeVisible();
    await expect(links.nth(1)).toBeFocused();
    await expect.poll(() => shownPhoto(region)).toBe(1);
    await page.keyboard.press('ArrowLeft');
    await expect(region.getByText('Foto 1 van 3')).toBeVisible();
    await expect.poll(() => shownPhoto(region)).toBe(0);
    await expect(photos.nth(0)).toBeVisible();
  });

  test('swiping (scrolling the strip) snaps to the next photo and updates the count', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(HOOD.path);
    const region = gallery(page, HOOD.name);
    await expect(region.getByText('Foto 1 van 3')).toBeVisible();
    // A short swipe: scroll-snap carries the strip on to the second photo.
    await region.getByRole('list').evaluate((track) => track.scrollBy({ left: track.clientWidth * 0.6 }));
    await expect(region.getByText('Foto 2 van 3')).toBeVisible();
    await expect.poll(() => shownPhoto(region)).toBe(1);
  });

  test('a photo opens large in a dialog that Escape closes; the link itself leads to the large JPEG', async ({ page, request }) => {
    await page.goto(HOOD.path);
    const first = gallery(page, HOOD.name).getByRole('link').first();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/_astro\/voorkant\.[\w-]+\.jpg$/);
    const file = await request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/jpeg');

    await first.click();
    const dialog = page.getByRole('dialog', { name: 'RVS schouwkap met zwarte glazen bedieningsstrook, recht van voren' });
    await expect(dialog).toBeVisible();
    const large = dialog.getByRole('img');
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080);
    await expect(page).toHaveURL(new RegExp(`${HOOD.path}$`));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(first).toBeFocused();
  });

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    test(`nothing moves while the product page with photos loads (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(HOOD.path, { waitUntil: 'load' });
      await expect
        .poll(() =>
          gallery(page, HOOD.name)
            .getByRole('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete),
        )
        .toBe(true);
      await hydrated(page, 'BuyBox');
      // 0.000 as Lighthouse reports CLS (three decimals). A cold first load can show a shift of some 0.00005 in the
      // header's "Menu" button while the page's stylesheet arrives; the photos, the gallery and the buy box never move.
      const { sum, moved } = await layoutShifts(page);
      expect(sum, moved.join('\n')).toBeLessThan(0.0005);
    });
  }

  test('a product without photos keeps its drawing', async ({ page }) => {
    await page.goto(NO_PHOTOS.path);
    await expect(page.getByRole('region', { name: /^Foto's van/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Illustratie van afzuigkap/ })).toHaveAttribute('src', '/images/products/afzuigkap.svg');
  });

  test("the product's JSON-LD and og:image name its photos", async ({ page }) => {
    await page.goto(HOOD.path);
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(json['@type']).toBe('Product');
    expect(json.image).toHaveLength(3);
    for (const url of json.image) expect(url).toMatch(/^https:\/\/www\.keukenhuys\.nl\/_astro\/\w+\.[\w-]+\.jpg$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', json.image[0]);
  });

  test('a product card and a kitchen card show the first photo; the kitchen page has its gallery', async ({ page }) => {
    await page.goto('/inbouwapparatuur/inbouwvaatwassers/');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: DISHWASHER.name, exact: true }) });
    const photo = card.getByRole('img', { name: 'Volledig integreerbare vaatwasser met een wit front en de bediening in de bovenrand' });
    await expect(photo).toHaveAttribute('width', '200');
    await expect(photo).toHaveAttribute('loading', 'lazy');
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.avif$/);

    await page.goto('/keukens/');
    await expect(page.getByRole('img', { name: /^Witte hoekkeuken met eiken werkblad/ })).toBeVisible();

    await page.goto(KITCHEN);
    const region = gallery(page, 'Keuken Bergen mat wit');
    await expect(region.getByRole('img')).toHaveCount(3);
    await region.getByRole('button', { name: 'Volgende foto' }).click();
    await expect(region.getByText('Foto 2 van 3')).toBeVisible();
  });
  test('a search hit and a cart line show a small square of the first photo; without photos the drawing', async ({ page }) => {
    /** The image an <img> shows, as the browser decoded it: its file and its pixels. */
    const shown = (img: Locator) =>
      img.evaluate((el: HTMLImageElement) => ({
        // Empty until the browser has picked a source: the poll then tries again rather than fail on an invalid URL.
        src: el.currentSrc ? new URL(el.currentSrc).pathname : '',
        width: el.naturalWidth,
        height: el.naturalHeight,
      }));

    await page.goto('/zoeken/?q=FSE75768P');
    const hit = page.getByRole('article').filter({ has: page.getByRole('link', { name: DISHWASHER.name }) });
    await expect.poll(() => shown(hit.getByRole('img'))).toEqual({ src: `/images/photos/${DISHWASHER.id}.webp`, width: 200, height: 200 });

    await cartWith(page, DISHWASHER.id);
    const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: DISHWASHER.name }) });
    await expect.poll(() => shown(line.locator('img'))).toEqual({ src: `/images/photos/${DISHWASHER.id}.webp`, width: 200, height: 200 });

    // Pelgrim ISL947RVS has no photos: its hit shows the range hood drawing.
    await page.goto('/zoeken/?q=ISL947RVS');
    const drawing = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: /ISL947RVS/ }) })
      .getByRole('img');
    await expect.poll(async () => (await shown(drawing)).src).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
  });
});

test.describe('energy labels', () => {
  test('a product card shows the class arrow, linked to the label image, and the product information sheet', async ({ page, request }) => {
    await page.goto('/inbouwapparatuur/inbouwvaatwassers/');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: DISHWASHER.name, exact: true }) });
    const arrow = card.getByRole('link', { name: 'Energieklasse B', exact: true });
    await expect(arrow).toBeVisible();
    // B is the second class of the A to G scale: the second colour, green.
    expect(await arrow.evaluate((a) => getComputedStyle(a).getPropertyValue('--energy-colour').trim())).toBe('#50b848');
    await expect(arrow).toHaveAttribute('href', `/energielabels/${DISHWASHER.id}.svg`);
    const label = await request.get(`/energielabels/${DISHWASHER.id}.svg`);
    expect(label.status()).toBe(200);
    expect(label.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await label.text()).toContain('energieklasse B');

    const sheet = card.getByRole('link', { name: 'Productinformatieblad' });
    await expect(sheet).toHaveAttribute('href', `/energielabels/${DISHWASHER.id}.pdf`);
    const pdf = await request.get(`/energielabels/${DISHWASHER.id}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  test('the product page shows the arrow beside the price; with photos the label opens in the zoom dialog', async ({ page }) => {
    await page.goto(HOOD.path);
    const buy = page.getByRole('complementary', { name: 'Prijs en bestellen' });
    const arrow = buy.getByRole('link', { name: 'Energieklasse A', exact: true });
    await expect(arrow).toBeVisible();
    // A range hood's A is the fourth class of A+++ to D: yellow, the range shown beside it.
    expect(await arrow.evaluate((a) => getComputedStyle(a).getPropertyValue('--energy-colour').trim())).toBe('#fff200');
    // The range beside the arrow: A+++ above, D below (CSS text, so that the link's name holds all its visible text).
    const range = await arrow.evaluate((a) => {
      const box = a.firstElementChild!;
      return [getComputedStyle(box, '::before').content, getComputedStyle(box, '::after').content];
    });
    expect(range).toEqual(['"A+++"', '"D"']);
    await expect(buy.getByRole('link', { name: 'Productinformatieblad' })).toHaveAttribute('href', `/energielabels/${HOOD.id}.pdf`);

    await arrow.click();
    const dialog = page.getByRole('dialog', { name: `Energielabel van ${HOOD.name}` });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('without photos the arrow leads to the label image itself', async ({ page }) => {
    await page.goto(NO_PHOTOS.path);
    await page
      .getByRole('complementary', { name: 'Prijs en bestellen' })
      .getByRole('link', { name: 'Energieklasse A', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/energielabels/${NO_PHOTOS.id}\\.svg$`));
  });

  test('a search hit shows the arrow and the sheet link', async ({ page }) => {
    await page.goto('/zoeken/?q=FSE75768P');
    const hit = page.getByRole('article').filter({ has: page.getByRole('link', { name: DISHWASHER.name }) });
    await expect(hit.getByRole('link', { name: 'Energieklasse B', exact: true })).toHaveAttribute(
      'href',
      `/energielabels/${DISHWASHER.id}.svg`,
    );
    await expect(hit.getByRole('link', { name: 'Productinformatieblad' })).toHaveAttribute('href', `/energielabels/${DISHWASHER.id}.pdf`);
  });

  test('a cart line shows the class beside its price; a product without a label shows none', async ({ page }) => {
    await cartWith(page, DISHWASHER.id);
    const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: DISHWASHER.name }) });
    await expect(line.getByRole('link', { name: 'Energieklasse B', exact: true })).toHaveAttribute(
      'href',
      `/energielabels/${DISHWASHER.id}.svg`,
    );
    await expect(line.getByRole('link', { name: 'Productinformatieblad' })).toHaveAttribute('href', `/energielabels/${DISHWASHER.id}.pdf`);
    await expectNoSeriousViolations(page);

    // ExpertFry Dual FRL4398B, an airfryer: no energy label in its file.
    await page.goto('/winkelwagen/?add=100166');
    const airfryer = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /ExpertFry Dual FRL4398B/ }) });
    await expect(airfryer.getByRole('heading')).toBeVisible();
    await expect(airfryer.getByRole('link', { name: /^Energieklasse/ })).toHaveCount(0);
  });
});

test.describe('sticky buy bar', () => {
  test.use({ viewport: PHONE });

  for (const [what, path] of [
    ['with photos', HOOD.path],
    ['without photos', NO_PHOTOS.path],
  ]) {
    test(`on a phone an "In winkelwagen" button is in the first screen of a product page ${what}`, async ({ page }) => {
      await page.goto(path);
      const bar = page.getByRole('region', { name: 'Snel bestellen' });
      await expect(bar.getByRole('button', { name: 'In winkelwagen' })).toBeInViewport();
      await expect(bar).toHaveAttribute('data-sticky-bottom', '');
    });
  }

  test("the bar's button adds the product to the cart, and the bar gives way to the buy box", async ({ page }) => {
    await page.goto(HOOD.path);
    await hydrated(page, 'BuyBox');
    const bar = page.getByRole('region', { name: 'Snel bestellen' });
    await expect(bar).toContainText('€ 499,00');
    // Wherever a price shows, its energy class shows beside it.
    await expect(bar.getByRole('link', { name: 'Energieklasse A', exact: true })).toBeVisible();
    await bar.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(badge(page)).toHaveText('1');
    await expect(bar).toContainText('Het artikel is toegevoegd aan je winkelwagen.');

    // With the buy box in view the bar steps aside, and comes back when the buy box scrolls away.
    await page
      .getByRole('complementary', { name: 'Prijs en bestellen' })
      .getByRole('button', { name: 'In winkelwagen' })
      .scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('on a wide screen there is no bar: the buy box is in view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(HOOD.path);
    await expect(page.getByRole('region', { name: 'Snel bestellen' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'In winkelwagen' })).toBeInViewport();
  });
});

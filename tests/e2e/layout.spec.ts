// Layout and navigation at phone, tablet and desktop widths (issue 13): no page type is wider than the screen at 320,
// 390, 768 and 1280 px; the main menu keeps to one row from xl; links that are not shown are out of the tab order (the
// Tab count from the top of a filled cart page to "Afrekenen" is reported and stays at 20 or fewer) and a submenu
// opened with the keyboard is reachable; the home page's first screen leads to kitchens, appliances, offers and
// stores; the koopavond is named once on a store page; one search field on the search page; the footer's legal name
// has one full stop; the chat button rises above bars fixed to the bottom of the screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cartTotals, cartWith, hydrated, PRODUCT } from './fixtures/cart.ts';

const WIDTHS = [320, 390, 768, 1280];

/** One page of each type that a shopper can reach without a cart. */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['top-level category', '/inbouwapparatuur/'],
  ['subcategory', '/inbouwapparatuur/inbouwovens/'],
  // No category of the seed has more than 48 products; the offers and Bosch are paged like a category.
  ['second page of the offers', '/aanbiedingen/pagina/2/'],
  ['second page of a brand', '/merken/bosch/pagina/2/'],
  ['product', PRODUCT],
  ['brand', '/merken/bosch/'],
  ['brand list', '/merken/'],
  ['product groups', '/productgroepen/'],
  ['stores list', '/winkels/'],
  ['kitchen stores', '/keukenwinkels/'],
  ['store', '/keukenwinkels/keukens-den-haag/'],
  ['customer service', '/klantenservice/bezorgen-afhalen/'],
  ['service request form', '/service-melding/'],
  ['Mijn keuken login', '/mijn-keuken-info/'],
  ['newsletter', '/nieuwsbrief/'],
  ['newsletter issue', '/nieuwsbrief/2026-11-feestdagen/'],
  ['kitchens', '/keukens/'],
  ['kitchen', '/keukens/keuken-bergen-wit-mat/'],
  ['showroom kitchens', '/keukens/showroomkeukens/'],
  ['kitchen inspiration', '/keukens/keukeninspiratie/'],
  ['inspiration article', '/keukens/keukeninspiratie/moderne-keuken-met-kookeiland/'],
  ['buying guide', '/advies/welke-vaatwasser/'],
  ['brand news', '/merken-nieuws/'],
  ['vacancies', '/vacatures/'],
  ['terms and conditions', '/leveringsvoorwaarden/'],
  ['chat', '/chat/'],
  ['not found', '/bestaat-niet/'],
];

/**
 * The page is no wider than the screen (document.documentElement.scrollWidth); when it is, the message names the
 * outermost elements that stick out on the right (those inside a row that scrolls or clips on its own do not count).
 */
async function expectFits(page: Page, label: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const { scrollWidth, offenders } = await page.evaluate((width) => {
    const sticksOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5;
    };
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const nameOf = (el: Element) => {
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}> ends at ${Math.round(el.getBoundingClientRect().right)}px: "${text}"`;
    };
    const scrollWidth = document.documentElement.scrollWidth;
    const offenders: string[] = [];
    if (scrollWidth > width)
      for (const el of document.body.querySelectorAll('*'))
        if (sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)) && !clipped(el)) offenders.push(nameOf(el));
    return { scrollWidth, offenders: offenders.slice(0, 5) };
  }, width);
  expect(scrollWidth, `${label} at ${width}px is ${scrollWidth}px wide; sticking out: ${offenders.join('; ')}`).toBeLessThanOrEqual(width);
}

/** Presses Tab until `target` has the focus; answers the number of presses. */
async function tabTo(page: Page, target: Locator, limit = 100): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${limit} Tab presses did not reach ${target}`);
}

const days = (page: Page) => page.getByRole('radiogroup', { name: 'Kies je bezorgdag' });

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no page type is wider than the screen', async ({ page }) => {
      test.setTimeout(90_000);
      for (const [name, path] of PAGES) {
        await page.goto(path);
        await expectFits(page, `the ${name} page (${path})`);
      }
      // The search page draws its results in the browser: measured once they are there.
      await page.goto('/zoeken/?q=oven');
      await expect(page.getByRole('region', { name: 'Zoekresultaten' }).getByRole('status')).toHaveText(/resultaten voor/);
      await expectFits(page, 'the search page');
    });

    test('a filled cart, the checkout and the order confirmation fit the screen', async ({ page }) => {
      await cartWith(page);
      await expectFits(page, 'the cart page');
      await page.goto('/afrekenen/');
      await hydrated(page, 'Checkout');
      await page.getByLabel('Voornaam').fill('Anna');
      await page.getByLabel('Achternaam').fill('de Vries');
      await page.getByLabel('E-mailadres').fill('anna@voorbeeld.nl');
      await page.getByLabel('Telefoonnummer').fill('06 12345678');
      await page.getByLabel('Postcode', { exact: true }).fill('2511 CV');
      await page.getByLabel('Huisnummer', { exact: true }).fill('10');
      await page.getByLabel('Huisnummer', { exact: true }).press('Tab');
      await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Spui');
      await days(page).getByRole('radio', { disabled: false }).first().check();
      await expectFits(page, 'the checkout, filled in');
      // Paid at the door, or by bank transfer, whose confirmation shows the account details to pay to.
      const method = width === 320 || width === 768 ? /^Vooraf overmaken/ : /^Pinnen bij aflevering/;
      await page.getByRole('radiogroup', { name: 'Kies hoe je betaalt' }).getByRole('radio', { name: method }).check();
      await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
      await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Bedankt voor je bestelling|Je bestelling is geplaatst)$/);
      await hydrated(page, 'OrderConfirmation');
      await expectFits(page, 'the order confirmation');
    });
  });
}

test.describe('the main menu', () => {
  const menubar = (page: Page) => page.getByRole('menubar', { name: 'Hoofdmenu' });
  /** navigation.yaml's entries whose breakpoints include the width's. */
  const shown: [number, string[]][] = [
    [390, ['Keukens', 'Inbouwapparatuur', 'Aanbiedingen']],
    [640, ['Keukens', 'Inbouwapparatuur', 'Huishouden', 'Aanbiedingen']],
    [800, ['Keukens', 'Inbouwapparatuur', 'Keukenapparatuur', 'Huishouden', 'Aanbiedingen', 'Winkels']],
    [1000, ['Keukens', 'Inbouwapparatuur', 'Keukenapparatuur', 'Huishouden', 'Barbecues', 'Meubels', 'Aanbiedingen', 'Merken', 'Winkels']],
  ];
  const all = [
    'Keukens',
    'Inbouwapparatuur',
    'Keukenapparatuur',
    'Huishouden',
    'Barbecues',
    'Meubels',
    'Aanbiedingen',
    'Merken',
    'Winkels',
    'Klantenservice',
  ];

  const tops = (page: Page) =>
    menubar(page)
      .getByRole('menuitem')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));

  for (const width of [1200, 1280, 1920]) {
    test(`keeps every entry on one row from xl (${width}px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/winkelwagen/');
      await expect(menubar(page).getByRole('menuitem')).toHaveText(all);
      expect(new Set(await tops(page)).size).toBe(1);
      await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Menu', { exact: true })).toBeHidden();
    });
  }

  for (const [width, entries] of shown) {
    test(`below xl shows its breakpoint's entries on one row and the rest under Menu (${width}px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(menubar(page).getByRole('menuitem')).toHaveText(entries);
      expect(new Set(await tops(page)).size).toBe(1);
      const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
      await nav.getByText('Menu', { exact: true }).click();
      await expect(nav.getByRole('link')).toHaveText(all);
      await expectFits(page, 'the home page with the menu open');
    });
  }

  test('is one Tab stop; the arrow keys move along it and open a submenu, whose links the keyboard then reaches', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const bar = menubar(page);
    await tabTo(page, bar.getByRole('menuitem', { name: 'Keukens', exact: true }));
    // Tab leaves the menu at once: no entry and no closed submenu in between.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Assortiment' }).getByRole('link', { name: 'Keukens' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    const appliances = bar.getByRole('menuitem', { name: 'Inbouwapparatuur', exact: true });
    await expect(appliances).toBeFocused();
    // The submenus load on the first focus of the menu; ready when the entries say they have one.
    await expect(appliances).toHaveAttribute('aria-haspopup', 'menu');
    await expect(page.getByRole('menuitem', { name: 'Inbouwovens' })).toHaveCount(0);

    await page.keyboard.press('ArrowDown');
    const submenu = page.getByRole('menu', { name: 'Inbouwapparatuur' });
    await expect(submenu).toBeVisible();
    await expect(appliances).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu.getByRole('menuitem', { name: 'Inbouwovens' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('menuitem', { name: 'Inductiekookplaten' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(appliances).toBeFocused();
    await expect(appliances).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp opens at the last link; ArrowRight goes on to the next entry and closes the submenu.
    await page.keyboard.press('ArrowUp');
    await expect(submenu.getByRole('menuitem', { name: 'Kookplaten met afzuiging' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(bar.getByRole('menuitem', { name: 'Keukenapparatuur', exact: true })).toBeFocused();
    await expect(submenu).toBeHidden();
    // The entry last used is the menu's Tab stop.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(bar.getByRole('menuitem', { name: 'Keukenapparatuur', exact: true })).toBeFocused();

    await page.keyboard.press('Space');
    const kitchenAppliances = page.getByRole('menu', { name: 'Keukenapparatuur' });
    await expect(kitchenAppliances.getByRole('menuitem', { name: 'Koffiemachines' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(kitchenAppliances.getByRole('menuitem', { name: 'Broodroosters' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/keukenapparatuur/broodroosters/');
  });

  test('on a phone, Menu opened with the keyboard puts its links in the tab order, and only then', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const summary = nav.getByText('Menu', { exact: true });
    await tabTo(page, summary);
    // Closed, its links are skipped: the next stop is the page's own first link.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Assortiment' }).getByRole('link', { name: 'Keukens', exact: true })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Keukens', exact: true })).toBeFocused();
    await tabTo(page, nav.getByRole('link', { name: 'Klantenservice' }), 10);
  });
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the tab order at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('from the top of a filled cart page, "Afrekenen" is at most 20 Tab presses away', async ({ page }) => {
      await cartWith(page);
      await page.goto('/winkelwagen/');
      await hydrated(page, 'CartPage');
      await expect(cartTotals(page)).not.toHaveAttribute('aria-busy', /.*/);
      const presses = await tabTo(page, cartTotals(page).getByRole('link', { name: 'Afrekenen' }));
      console.log(`Tab presses from the top of the cart page to "Afrekenen" at ${viewport.width}px: ${presses}`);
      expect(presses).toBeLessThanOrEqual(20);
    });

    for (const [name, path] of [
      ['home page', '/'],
      ['cart page', '/winkelwagen/'],
    ]) {
      test(`every Tab stop of the ${name} is something the shopper can see`, async ({ page }) => {
        if (path === '/winkelwagen/') await cartWith(page);
        await page.goto(path);
        if (path === '/winkelwagen/') await hydrated(page, 'CartPage');
        const unseen: string[] = [];
        let first: string | null = null;
        for (let i = 0; i < 150; i++) {
          await page.keyboard.press('Tab');
          const stop = await page.evaluate(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return null;
            const box = el.getBoundingClientRect();
            const seen = el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box.width > 1 && box.height > 1;
            const label = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
            return { id: `${label}@${Math.round(box.left)},${Math.round(box.top + scrollY)}`, label, seen };
          });
          if (!stop || stop.id === first) break;
          first ??= stop.id;
          if (!stop.seen) unseen.push(stop.label);
        }
        expect(unseen).toEqual([]);
      });
    }
  });
}

test.describe("the home page's first screen", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`leads to kitchens, an appliance group, the offers and the stores (${viewport.width}×${viewport.height})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      // On a phone the bottom menu covers the last 60-odd pixels of the screen.
      const bottomMenu = page.getByRole('navigation', { name: 'Mobiel menu' });
      const seenUntil = (await bottomMenu.isVisible()) ? (await bottomMenu.boundingBox())!.y : viewport.height;
      const entries = page.getByRole('navigation', { name: 'Assortiment' });
      for (const [name, href] of [
        ['Keukens', '/keukens/'],
        ['Inbouwapparatuur', '/inbouwapparatuur/'],
        ['Aanbiedingen', '/aanbiedingen/'],
        ['Winkels', '/winkels/'],
      ]) {
        const link = entries.getByRole('link', { name, exact: true });
        await expect(link).toHaveAttribute('href', href);
        const box = (await link.boundingBox())!;
        expect(box.y + box.height, `${name} within the first screen`).toBeLessThanOrEqual(seenUntil);
      }
      // The story of the shop comes after the first screen.
      const story = page.getByText('Al 50 jaar helpen we mensen');
      expect((await story.boundingBox())!.y).toBeGreaterThanOrEqual(viewport.height);
    });
  }
});

test('a store page names its koopavond once, with the opening hours', async ({ page }) => {
  await page.goto('/keukenwinkels/keukens-den-haag/');
  const aside = page.getByRole('complementary', { name: 'Adres en openingstijden' });
  await expect(aside.getByText(/^Koopavond op donderdag: open tot 21:00\.$/)).toBeVisible();
  // What the page shows (its rendered text: the inline scripts' source would count in textContent).
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what this checks
  const text = await page.locator('body').innerText();
  expect(text.match(/koopavond/gi)).toHaveLength(1);
});

test("the footer's legal name ends its sentence with one full stop", async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(/Keukenhuys B\.V\. KvK \d{8}/);
  expect(await footer.textContent()).not.toContain('B.V..');
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the search page has one search field, its own (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/zoeken/?q=oven');
    await expect(page.getByRole('region', { name: 'Zoekresultaten' }).getByRole('status')).toHaveText(/resultaten voor/);
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('oven');
    // Every other page keeps the header's.
    await page.goto('/winkels/');
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Zoeken in de webshop' })).toBeVisible();
  });
}

test.describe('the chat button', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  const launcher = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Chat met ons' }).last();
  const bottomOf = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return Math.round(box.y + box.height);
  };

  test('rises above an element fixed to the bottom that carries data-sticky-bottom, and comes back when it hides', async ({ page }) => {
    await page.goto('/klantenservice/betalen/');
    expect(await bottomOf(launcher(page))).toBe(800 - 16);
    // A bar like the phone product page's sticky buy bar: fixed to the bottom, 64px high.
    await page.evaluate(() => {
      const bar = document.createElement('div');
      bar.dataset.stickyBottom = '';
      bar.textContent = 'Vaste balk onderaan';
      Object.assign(bar.style, { position: 'fixed', left: '0', right: '0', bottom: '0', height: '64px', background: '#eee' });
      document.body.append(bar);
    });
    const bar = page.getByText('Vaste balk onderaan');
    const barTop = (await bar.boundingBox())!.y;
    await expect.poll(() => bottomOf(launcher(page))).toBeLessThanOrEqual(barTop);
    expect(await bottomOf(launcher(page))).toBe(800 - 16 - 80);
    // The bar's owner may set its exact height.
    await page.evaluate(() => document.body.style.setProperty('--sticky-bottom-offset', '120px'));
    await expect.poll(() => bottomOf(launcher(page))).toBe(800 - 16 - 120);
    await page.evaluate(() => {
      document.body.style.removeProperty('--sticky-bottom-offset');
      (document.querySelector('[data-sticky-bottom]') as HTMLElement).hidden = true;
    });
    await expect.poll(() => bottomOf(launcher(page))).toBe(800 - 16);
  });

  test('covers no text or control at the end of the page', async ({ page }) => {
    await page.goto('/klantenservice/betalen/');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const button = document.querySelector('footer [data-overlay="live-chat"]')!;
      const b = button.getBoundingClientRect();
      const overlaps = (r: DOMRect) => r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || button.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(overlaps)) found.push(node.textContent.trim());
      }
      for (const el of document.querySelectorAll('a, button, input, select, textarea'))
        if (el !== button && overlaps(el.getBoundingClientRect())) found.push(el.outerHTML.slice(0, 60));
      return found;
    });
    expect(covered).toEqual([]);
  });
});

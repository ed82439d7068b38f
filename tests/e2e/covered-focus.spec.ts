// Focus not obscured (WCAG 2.2 SC 2.4.11, issue 23): at 320, 390, 768 and 1280 px, on the home page, a product page,
// a filled cart and a store page, with the cookie banner open on a first visit and again once it is answered, no
// element fixed to the screen (position fixed or sticky) covers a link, button or field of the first screen when the
// keyboard reaches it: the chat button, the phone's bottom menu and buy bar, and the page's own links near the bottom.
import { expect, test, type Page } from '@playwright/test';
import { cartWith, hydrated, PRODUCT, quantity } from './fixtures/cart.ts';
import { NO_CONSENT } from './fixtures/consent.ts';

test.use({ storageState: NO_CONSENT });

const WIDTHS = [320, 390, 768, 1280];
const PAGES: [string, string][] = [
  ['home', '/'],
  ['product', PRODUCT],
  ['cart', '/winkelwagen/'],
  ['store', '/keukenwinkels/keukens-den-haag/'],
];

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });

/** Opens a page and waits until its islands have drawn what the first screen shows. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (path === PRODUCT) await hydrated(page, 'BuyBox');
  if (path === '/winkelwagen/') {
    await hydrated(page, 'CartPage');
    await expect(quantity(page)).toHaveValue('1');
  }
}

/**
 * Every link, button and field of the first screen (visible and in the viewport at the top of the page, in the tab
 * order) is focused in turn, from the top of the page, as the keyboard would reach it: the browser scrolls it into
 * view if it thinks it needs to. Then the element at its centre (elementFromPoint) must be itself, a descendant or
 * an ancestor; when it is inside a fixed or sticky element that is not the focused one's ancestor, that is reported.
 * Answers the labels of the elements checked and the covered ones with what covers them.
 */
function firstScreenFocus(page: Page): Promise<{ checked: string[]; covered: string[] }> {
  return page.evaluate(() => {
    const label = (el: Element) => {
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}> "${text}"`;
    };
    const fixedOrSticky = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) if (['fixed', 'sticky'].includes(getComputedStyle(a).position)) return a;
      return null;
    };
    const inViewport = (r: DOMRect) =>
      r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    window.scrollTo(0, 0);
    const firstScreen = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !el.matches(':disabled') &&
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        inViewport(el.getBoundingClientRect()),
    );
    const covered: string[] = [];
    for (const el of firstScreen) {
      window.scrollTo(0, 0);
      el.focus();
      const box = el.getBoundingClientRect();
      const x = Math.min(Math.max((box.left + box.right) / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max((box.top + box.bottom) / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      const cover = fixedOrSticky(hit);
      if (cover && !cover.contains(el)) covered.push(`${label(el)} under ${label(cover)}`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return { checked: firstScreen.map(label), covered };
  });
}

/** Checks the four pages; from md the chat button is among the elements checked. */
async function expectNothingCovered(page: Page, width: number, state: string): Promise<void> {
  for (const [name, path] of PAGES) {
    await open(page, path);
    if (state === 'open') await expect(banner(page)).toBeVisible();
    else await expect(banner(page)).toBeHidden();
    const { checked, covered } = await firstScreenFocus(page);
    expect(checked.length, `${name} page: links and buttons of its first screen`).toBeGreaterThan(8);
    if (width >= 768) expect(checked, `${name} page`).toContainEqual(expect.stringContaining('"Chat met ons"'));
    expect(covered, `the ${name} page (${path}) at ${width}px, cookie banner ${state}`).toEqual([]);
  }
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no fixed element covers a focused link, button or field of the first screen, with the cookie banner open and after', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await cartWith(page);
      await expectNothingCovered(page, width, 'open');
      await banner(page).getByRole('button', { name: 'Weigeren' }).click();
      await expectNothingCovered(page, width, 'answered');
    });
  });
}

// What signed-in staff see in the shop (issue 10): the display flags of their role, loaded after the first render.
// Tokens are minted with `node scripts/token.ts` against this server's secret (SHOP_DATA_DIR .data, as
// playwright.config.ts starts it) and put into localStorage the way the back office's hand-over does.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page, type Request } from '@playwright/test';
import { cartTotals, cartWith } from './fixtures/cart.ts';

// Miele G 7460 SCVi: shop only (shop price € 1.299,00), on backorder until 27 December 2026, price 139900 and
// purchase price 104100: (139900 − 104100) × 100 / 139900 = 25.6 → 25% → margin code "NL" (2 → N, 5 → L).
const STAFF_PRODUCT = '/inbouwapparatuur/inbouwvaatwassers/miele-g-7000-g-7460-scvi-100080/';
const CATEGORY = '/inbouwapparatuur/inbouwvaatwassers/';

function mint(role: 'employee' | 'admin'): string {
  return execFileSync(process.execPath, ['scripts/token.ts', '--role', role], { encoding: 'utf8' }).trim();
}

async function signIn(page: Page, role: 'employee' | 'admin'): Promise<void> {
  const token = mint(role);
  await page.addInitScript(
    ([t, r]) => {
      localStorage.setItem('app-local-token', t);
      localStorage.setItem('app-local-staff', JSON.stringify({ role: r, name: 'Sanne Verkoop' }));
    },
    [token, role],
  );
}

/** Every request for staff code or staff data the page makes. */
function staffRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\/_app\/staff\/|\/api\/products\/staff-info|CartStaffOptions/.test(url)) seen.push(url);
  });
  return seen;
}

/** The requests of the page that have been neither answered nor failed yet. */
function openRequests(page: Page): Set<Request> {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return open;
}

const staffBlock = (page: Page) => page.getByRole('region', { name: 'Alleen voor medewerkers' });

test('an employee sees the shop price and the expected stock date, but no margin code', async ({ page }) => {
  await signIn(page, 'employee');
  await page.goto(STAFF_PRODUCT);
  await expect(staffBlock(page).getByText(/^Winkelprijs: €\s1\.299,00$/)).toBeVisible();
  await expect(staffBlock(page).getByText('Verwacht op voorraad: 27 december 2026')).toBeVisible();
  await expect(staffBlock(page).getByText('Alleen in de winkel')).toBeVisible();
  await expect(page.getByText(/Margecode/)).toHaveCount(0);
});

test('an admin also sees the margin code', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(STAFF_PRODUCT);
  await expect(staffBlock(page).getByText('Margecode: NL')).toBeVisible();
  await expect(staffBlock(page).getByText(/^Winkelprijs: €\s1\.299,00$/)).toBeVisible();
});

test('staff see shop icons on the product cards of a category', async ({ page }) => {
  await signIn(page, 'employee');
  await page.goto(CATEGORY);
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: 'Miele G 7000 G 7460 SCVi', exact: true }) });
  await expect(card.getByText('Alleen in de winkel')).toBeVisible();
});

test('a guest sees none of it and loads no staff code', async ({ page }) => {
  const requests = staffRequests(page);
  const open = openRequests(page);
  await page.goto(STAFF_PRODUCT);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(CATEGORY);
  await cartWith(page);
  // Staff code is asked for when a page starts (the header's loader) or once its cart is shown (the cart page's
  // staff gate), or after the app state answered: wait until every request the page made has been answered.
  await expect.poll(() => open.size).toBe(0);
  await expect(page.getByText(/Winkelprijs|Margecode|Verwacht op voorraad|Opties voor medewerkers/)).toHaveCount(0);
  expect(requests).toEqual([]);
});

test("an employee's makeAmends discount in the cart comes off the total", async ({ page }) => {
  await signIn(page, 'employee');
  await cartWith(page);
  const options = page.getByRole('region', { name: 'Opties voor medewerkers' });
  await expect(options).toBeVisible();
  // AEG 6000 Hob2Hood: 54900 − till discount 5000 = 49900, free delivery.
  const total = cartTotals(page).locator('[data-grand-total]');
  await expect(total).toHaveText(/^€\s499,00$/);
  await options.getByLabel(/^Korting per stuk voor/).fill('25');
  await options.getByRole('button', { name: 'Toepassen' }).first().click();
  await expect(options.getByRole('status')).toHaveText('De korting is verwerkt.');
  // 54900 − (5000 + 2500) = 47400; 47400 ≥ 5000 keeps delivery free.
  await expect(total).toHaveText(/^€\s474,00$/);
  await options.getByLabel('Extra korting op de hele winkelwagen (€)').fill('10');
  await options.getByRole('button', { name: 'Toepassen' }).last().click();
  // 47400 − 1000 = 46400
  await expect(total).toHaveText(/^€\s464,00$/);
  await expect(cartTotals(page).getByText('Extra korting')).toBeVisible();
  await options.getByLabel('Afhalen in winkel').selectOption('keukens-den-haag');
  await expect(options.getByRole('status')).toHaveText('De afhaalwinkel is opgeslagen.');
});

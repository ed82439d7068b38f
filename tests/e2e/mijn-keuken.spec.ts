// "Mijn keuken" in the browser: a customer logs in with a sample kitchen order (order number + postal code), sees
// the timeline, the store and the documents, downloads one and logs out; wrong postal codes and quick guesses are
// refused without saying which part was wrong; everything also works with JavaScript off; axe on the login form,
// its error state and the order page. The sample (content/kitchen-orders/sample.csv) is imported into the test
// server's storage with the real import CLI before the tests run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

// One server, one set of login limits: the guessing test must not share an order number with the others, and the
// file's tests run in order so that the import happens once.
test.describe.configure({ mode: 'serial' });

const FAILED =
  'We kunnen geen keukenorder vinden met dit ordernummer en deze postcode. Controleer beide op je orderbevestiging en probeer het opnieuw.';

test.beforeAll(() => {
  // The same environment as the server Playwright started (DATABASE_URL, or SQLite in .data).
  const run = spawnSync(process.execPath, ['scripts/kitchen-orders-import.ts', 'content/kitchen-orders/sample.csv'], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
});

async function logIn(page: Page, orderNumber: string, postalCode: string) {
  await page.getByLabel('Ordernummer').fill(orderNumber);
  await page.getByLabel('Postcode').fill(postalCode);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

const timeline = (page: Page) => page.getByRole('region', { name: 'Zo staat je keuken ervoor' }).getByRole('listitem');

test('the login form has no serious accessibility problems', async ({ page }) => {
  await page.goto('/mijn-keuken-info/');
  await expect(page.getByRole('heading', { name: 'Inloggen op Mijn keuken' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a customer logs in with the sample order, sees the timeline, the dates and the store, and downloads a document', async ({ page }) => {
  await page.goto('/mijn-keuken-info/');
  await logIn(page, 'ko-2026-00123', '2594ab');
  await expect(page).toHaveURL(/\/mijn-keuken-info\/overzicht\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je keukenorder KO-2026-00123');

  const stages = timeline(page);
  await expect(stages).toHaveCount(7);
  await expect(stages.nth(0)).toContainText('Order bevestigd');
  await expect(stages.nth(0)).toContainText('Bevestigd op 14 september 2026');
  const current = page.locator('li[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Productie');
  await expect(current).toContainText('Nu aan de beurt');
  // 2027 starts on a Friday, so ISO week 2 runs from Monday 11 to Friday 15 January.
  await expect(stages.nth(4)).toContainText('Gepland in week 2 (11 – 15 januari 2027)');
  await expect(page.getByRole('definition').filter({ hasText: 'woensdag 13 januari 2027' })).toBeVisible();

  const store = page.getByRole('complementary', { name: 'Je winkel' });
  await expect(store.getByRole('link', { name: 'Keukenhuys Den Haag' })).toHaveAttribute('href', '/keukenwinkels/keukens-den-haag/');
  await expect(store.getByRole('link', { name: '070 305 21 10' })).toHaveAttribute('href', 'tel:+31703052110');
  await expect(store.getByRole('row', { name: 'Donderdag 09:30 - 21:00' })).toBeVisible();
  await expectNoSeriousViolations(page);

  const documents = page.getByRole('region', { name: 'Documenten' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('link', { name: 'Orderbevestiging: KO-2026-00123-orderbevestiging.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('KO-2026-00123-orderbevestiging.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes).toEqual(readFileSync('content/kitchen-orders/documents/KO-2026-00123-orderbevestiging.pdf'));
  await expect(documents.getByRole('link', { name: 'Tekening: KO-2026-00123-tekening.pdf' })).toBeVisible();
});

test('a wrong postal code is refused with what was typed kept, and the error state is accessible', async ({ page }) => {
  await page.goto('/mijn-keuken-info/');
  await logIn(page, 'KO-2026-00123', '2595 AB');
  await expect(page.getByRole('alert')).toHaveText(FAILED);
  await expect(page.getByLabel('Ordernummer')).toHaveValue('KO-2026-00123');
  await expect(page.getByLabel('Postcode')).toHaveValue('2595 AB');
  await expect(page.getByLabel('Ordernummer')).toBeFocused();
  await expectNoSeriousViolations(page);
  // An order number that does not exist, with the right postal code of another order: word for word the same.
  await logIn(page, 'KO-2026-99999', '2594 AB');
  await expect(page.getByRole('alert')).toHaveText(FAILED);
});

test('10 quick wrong guesses are refused without saying which part was wrong; the 10th says when to try again', async ({ page }) => {
  await page.goto('/mijn-keuken-info/');
  // Wrong postal codes for one order number that exists: the same answer as for a number that does not.
  const guesses = [
    ['KO-2026-00156', '2311 AB'],
    ['KO-2026-00156', '2313 AB'],
    ['KO-2026-00156', '2312 AC'],
    ['KO-2026-00156', '2000'],
    ['KO-2026-00156', '2312 BA'],
    ['KO-2026-00156', '2321 AB'],
    ['KO-2026-00156', '3312 AB'],
    ['KO-2026-00156', '2312 AA'],
    ['KO-2026-00156', '2312 ZZ'],
  ];
  for (const [orderNumber, postalCode] of guesses) {
    await logIn(page, orderNumber!, postalCode!);
    await expect(page.getByRole('alert')).toHaveText(FAILED);
  }
  await logIn(page, 'KO-2026-00156', '2312 AD');
  await expect(page.getByRole('alert')).toHaveText(
    'Je hebt te vaak een onjuist ordernummer of een onjuiste postcode ingevuld. Probeer het over 15 minuten opnieuw.',
  );
  // Now even the right postal code is refused for this order number.
  await logIn(page, 'KO-2026-00156', '2312 AB');
  await expect(page.getByRole('alert')).toContainText('Probeer het over 15 minuten opnieuw.');
});

test('log out forgets the login: the order page asks to log in again', async ({ page }) => {
  await page.goto('/mijn-keuken-info/');
  await logIn(page, 'KO-2026-00087', '2018');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je keukenorder KO-2026-00087');
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('status')).toHaveText('Je bent uitgelogd. Log opnieuw in om je keukenorder te bekijken.');
  expect((await page.context().cookies()).filter((c) => c.name === 'mijn_keuken')).toEqual([]);
  const again = await page.goto('/mijn-keuken-info/overzicht/');
  expect(again?.status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('Je bent niet (meer) ingelogd. Log opnieuw in met je ordernummer en postcode.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login, the order page and the log-out work as plain forms', async ({ page }) => {
    await page.goto('/mijn-keuken-info/');
    await logIn(page, 'KO-2026-00042', '2011 VB');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je keukenorder KO-2026-00042');
    // A completed kitchen: every stage done, none current.
    await expect(timeline(page).filter({ hasText: 'Klaar' })).toHaveCount(7);
    await expect(page.locator('li[aria-current="step"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('status')).toContainText('Je bent uitgelogd.');
  });
});

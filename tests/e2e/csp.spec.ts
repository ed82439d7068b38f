// The Content-Security-Policy (issue 8) in a real browser: the pages' inline scripts and styles, the islands, the
// lazily loaded header suggestions (which add a <style>) and the desktop mega menu all run with no policy violation
// and no console error, on the home page, a product page with "In winkelwagen", the cart, the checkout and search.
import { expect, test, type Page } from '@playwright/test';

const PRODUCT = '/inbouwapparatuur/afzuigkappen/aeg-6000-hob2hood-dve5961hb-100065/';

type Recorded = { violations: string[]; consoleErrors: string[]; policies: (string | null)[] };

/** Records policy violations (the securitypolicyviolation event), console errors and each document's policy header. */
async function record(page: Page): Promise<Recorded> {
  const recorded: Recorded = { violations: [], consoleErrors: [], policies: [] };
  await page.exposeFunction('__reportViolation', (text: string) => recorded.violations.push(text));
  // Runs before the page's own scripts, outside its policy (Playwright injects it through the DevTools protocol).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}: ${event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') recorded.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') recorded.policies.push(response.headers()['content-security-policy'] ?? null);
  });
  return recorded;
}

test('home, product with add to cart, cart, checkout and search run without a CSP violation', async ({ page }) => {
  const recorded = await record(page);

  await page.goto('/');
  const header = page.getByRole('banner');
  // The suggestions module loads on first focus and adds its stylesheet as a <style> element.
  await header.getByLabel('Zoeken in de webshop').fill('oven');
  await expect(page.getByRole('listbox', { name: 'Zoeksuggesties' })).toBeVisible();
  // The mega menu loads on the first hover over the main menu at desktop width.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Inbouwapparatuur' }).hover();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Inbouwovens' })).toBeVisible();

  await page.goto(PRODUCT);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByRole('status')).toContainText('toegevoegd aan je winkelwagen');
  await expect(page.locator('[data-cart-badge]')).toHaveText('1');

  await page.getByRole('link', { name: 'Bekijk je winkelwagen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winkelwagen');
  await expect(page.getByRole('link', { name: /AEG 6000 Hob2Hood/ })).toBeVisible();

  await page.goto('/afrekenen/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Voornaam')).toBeEditable();

  await page.goto('/zoeken/?q=oven');
  await expect(page.getByRole('region', { name: 'Zoekresultaten' }).getByRole('status')).toHaveText(/^\d+ resultaten voor “oven”$/);

  expect(recorded.policies.length).toBeGreaterThanOrEqual(5);
  for (const policy of recorded.policies) expect(policy).toContain("frame-ancestors 'none'");
  expect(recorded.violations).toEqual([]);
  expect(recorded.consoleErrors).toEqual([]);
});

test('another page cannot show the checkout or the cart in a frame', async ({ page, baseURL }) => {
  // A document that is not the shop's (about:blank with our markup) tries to frame two of its pages.
  await page.setContent(
    `<iframe title="afrekenen" src="${baseURL}/afrekenen/"></iframe><iframe title="winkelwagen" src="${baseURL}/winkelwagen/"></iframe>`,
    { waitUntil: 'load' },
  );
  // Control: the same pages open normally at the top level.
  for (const title of ['afrekenen', 'winkelwagen']) {
    const frame = page.frameLocator(`iframe[title="${title}"]`);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0);
  }
  // With an empty cart the checkout turns into "Je winkelwagen is leeg" once it hydrates: any heading shows it opened.
  await page.goto('/afrekenen/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Afrekenen|Je winkelwagen is leeg)$/);
});

// The browser editor in local mode (docs/content.md, "Edit in the browser"): `astro dev` in a temporary copy of the project (the real
// content/ is never written), Keystatic at /keystatic. A save changes exactly the edited line; a value the build
// refuses is refused in the form with the build's message, or by the save check, and nothing is written. The saved
// change is then published (`npm run content:publish`) to an `npm start` of the copy, whose store page shows it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const COPIED = ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'keystatic.config.ts', 'tsconfig.json', 'package.json'];
const STORE = 'content/stores/keukens-den-haag.md';
const BANNERS = 'content/settings/banners.yaml';
const FAQ = 'content/settings/product-faq.yaml';
// Keystatic's Dutch save button of an entry, and its (untranslated) one of a settings file.
const SAVE = /^(Redden|Save)$/;

let dir = '';
let origin = '';
let server: ChildProcess | undefined;
let shop: ChildProcess | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const read = (path: string) => readFileSync(join(dir, path), 'utf8');

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'keukenhuys-editor-'));
  for (const name of COPIED) cpSync(name, join(dir, name), { recursive: true });
  symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, KEYSTATIC_GITHUB_REPO: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Ready when the dev server prints its address.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    server?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(origin)) resolve();
    });
    server?.on('exit', (code) => reject(new Error(`astro dev exited with ${code}: ${output}`)));
  });
});

test.afterAll(() => {
  server?.kill();
  shop?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens Den Haag's store and Thursday's opening hours. */
async function openThursday(page: Page) {
  await page.goto(`${origin}/keystatic/`);
  await page.getByRole('link', { name: 'Winkels' }).first().click({ timeout: 90_000 });
  await page.getByRole('row', { name: 'keukens-den-haag' }).click();
  await page.getByRole('group', { name: 'Donderdag' }).getByRole('row').first().getByRole('gridcell').first().click();
  return page.getByRole('dialog');
}

test('changing Thursday’s closing time changes that one line of the store’s file', async ({ page }) => {
  const before = read(STORE);
  const dialog = await openThursday(page);
  await dialog.getByRole('combobox', { name: 'Sluit' }).fill('20:00');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: SAVE }).click();
  await expect.poll(() => read(STORE), { timeout: 20_000 }).not.toBe(before);

  const [was, now] = [before.split('\n'), read(STORE).split('\n')];
  expect(now).toHaveLength(was.length);
  const changed = now.flatMap((line, i) => (line === was[i] ? [] : [[was[i], line]]));
  expect(changed).toEqual([["      close: '21:00'", "      close: '20:00'"]]);
});

test('published, the change is on the store page `npm start` serves, and the open/closed line uses it', async ({ page }) => {
  // The suite's own build (playwright.config.ts's `npm start` built dist/ from the same content/ the copy started
  // with) is the copy's served build; the copy's content/ now has the saved Thursday closing time.
  cpSync('dist', join(dir, 'dist'), { recursive: true });
  const port = await freePort();
  const served = `http://127.0.0.1:${port}`;
  shop = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: dir,
    // Two processes, as on CI: both must see the published pages. SQLite in the copy, so nothing is shared.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_BUILD: '1',
      SHOP_PROCESSES: '2',
      DATABASE_URL: '',
      SHOP_DATA_DIR: join(dir, '.data'),
      SMTP_URL: '',
    },
    stdio: 'ignore',
  });
  const storePage = `${served}/keukenwinkels/keukens-den-haag/`;
  const pageText = async () => {
    try {
      return await (await fetch(storePage)).text();
    } catch {
      return '';
    }
  };
  await expect.poll(pageText, { timeout: 60_000 }).toContain('Keukenhuys Den Haag');

  const publish = spawnSync(process.execPath, ['scripts/content-publish.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  expect(publish.status, publish.stdout + publish.stderr).toBe(0);
  expect(publish.stdout).toContain('/keukenwinkels/keukens-den-haag/');

  // Thursday 3 December 2026 at 19:30 in Amsterdam: open until 20:00 now (it said 21:00 before).
  await page.clock.setFixedTime(new Date('2026-12-03T19:30:00+01:00'));
  await page.goto(storePage);
  await expect(page.getByText('Nu open, tot 20:00')).toBeVisible();
  await expect(page.getByRole('row', { name: /Donderdag/ }).first()).toContainText('20:00');
  await expect(page.getByText('Nu open, tot 21:00')).toHaveCount(0);
});

test('a time of 25:00 shows the build’s message and nothing is written', async ({ page }) => {
  const before = read(STORE);
  const dialog = await openThursday(page);
  const close = dialog.getByRole('combobox', { name: 'Sluit' });
  await close.fill('25:00');
  await close.blur();
  await expect(dialog.getByRole('alert')).toHaveText('een tijd als UU:MM, bijvoorbeeld 09:30');
  // The item cannot be closed, and the entry cannot be saved, while it is wrong. Keystatic itself would close the
  // item's dialog on "Done" (its closing animation made a plain visibility check pass either way): the field's guard
  // (src/editor/dialog-guard.ts) refuses the submit and puts the focus back on the wrong field, which a closing dialog
  // never does, so the focus shows the refusal has happened.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(close).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('een tijd als UU:MM, bijvoorbeeld 09:30');
  expect(read(STORE)).toBe(before);
});

test('a banner whose until is before its from is refused with the build’s message', async ({ page }) => {
  const before = read(BANNERS);
  await page.goto(`${origin}/keystatic/singleton/banners`);
  await page.getByRole('row', { name: 'black-friday-2026' }).getByRole('gridcell').first().click({ timeout: 90_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Tot' }).fill('2026-11-01T00:00');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: SAVE }).click();
  await expect(
    page.getByText('content/settings/banners.yaml: banners.0.until: het einde ("until") moet na het begin ("from") liggen'),
  ).toBeVisible();
  expect(read(BANNERS)).toBe(before);
});

test('a FAQ entry for an unknown product is refused; a FAQ category is chosen from the catalogue’s', async ({ page }) => {
  const before = read(FAQ);
  await page.goto(`${origin}/keystatic/singleton/productFaq`);
  await page.getByRole('row', { name: 'afzuigkappen' }).getByRole('gridcell').first().click({ timeout: 90_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Categorie/ }).click();
  await expect(page.getByRole('option', { name: 'inbouwovens', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'inbouwapparatuur', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('row', { name: 'atag-ws9011pm' }).getByRole('gridcell').first().click();
  await dialog.getByRole('textbox', { name: 'Product-ids' }).fill('[999999]');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: SAVE }).click();
  await expect(page.getByText(/content\/settings\/product-faq\.yaml: entries\.\d+\.products\.0: onbekend product 999999/)).toBeVisible();
  expect(read(FAQ)).toBe(before);
});

test('the production server has no editor without GitHub mode, and robots.txt keeps crawlers out', async ({ request }) => {
  // The suite's `npm start` (playwright.config.ts), built without KEYSTATIC_GITHUB_REPO.
  expect((await request.get('/keystatic/')).status()).toBe(404);
  expect((await request.get('/keystatic/singleton/banners')).status()).toBe(404);
  expect((await request.get('/api/keystatic/tree', { headers: { 'no-cors': '1' } })).status()).toBe(404);
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /keystatic\n');
});

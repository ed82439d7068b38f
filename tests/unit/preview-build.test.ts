// A preview build (PREVIEW=1): the drafts are in, every page is noindex with the "Voorbeeld" bar, the sitemaps leave
// them out, and the build says it is a preview. Built from a copy of the project, so dist/ of the tests stays the
// production build; the production build's own leaving-out of drafts is checked in tests/e2e/preview.spec.ts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'kh-preview-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DRAFT = 'dist/client/merken-nieuws/miele-demonstratiedagen-concept/index.html';

describe('a preview build', () => {
  it('shows the drafts, marks every page noindex with the Voorbeeld bar, and says so', () => {
    for (const entry of ['src', 'content', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json'])
      cpSync(join(root, entry), join(dir, entry), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PREVIEW: '1', NODE_ENV: 'production', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(build.status, build.stderr.slice(-3000)).toBe(0);
    expect(existsSync(join(dir, DRAFT))).toBe(true);
    const draft = readFileSync(join(dir, DRAFT), 'utf8');
    expect(draft).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(draft).toContain('<strong>Voorbeeld</strong>');
    const home = readFileSync(join(dir, 'dist/client/index.html'), 'utf8');
    expect(home).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(home).toContain('Miele-demonstratiedagen in onze drie winkels');
    // Nothing of a preview is for search engines.
    expect(readFileSync(join(dir, 'dist/client/sitemap-page.xml'), 'utf8')).not.toContain('<loc>');
    expect(JSON.parse(readFileSync(join(dir, 'dist/server/build.json'), 'utf8')).preview).toBe(true);
  }, 240_000);
});

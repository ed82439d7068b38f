// A broken content file must stop the build with the file, the field and what was expected. This runs Astro's
// real content sync on a copy of the project with one file broken.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const copies: string[] = [];

function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kh-content-'));
  copies.push(dir);
  for (const entry of ['src', 'content', 'astro.config.mjs', 'tsconfig.json', 'package.json'])
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function sync(dir: string) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('content validation at build time', () => {
  it('accepts the content as it is', () => {
    const { status, output } = sync(projectCopy());
    expect(output).not.toMatch(/InvalidContentEntryDataError/);
    expect(status).toBe(0);
  }, 60_000);

  it('rejects a store with a malformed postal code, naming the file, the field and the expected form', () => {
    const dir = projectCopy();
    edit(dir, 'content/stores/keukens-cruquius.md', (t) => t.replace(/postalCode: .*/, "postalCode: '12345'"));
    const { status, output } = sync(dir);
    expect(status).not.toBe(0);
    expect(output).toContain('keukens-cruquius');
    expect(output).toContain('address.postalCode');
    expect(output).toContain('een Nederlandse postcode zoals 2131 AB');
  }, 60_000);

  it('rejects a product whose price is not a whole number of cents', () => {
    const dir = projectCopy();
    const file = spawnSync('sh', ['-c', 'ls content/catalog/products/inbouwovens | head -n1'], {
      cwd: dir,
      encoding: 'utf8',
    }).stdout.trim();
    edit(dir, `content/catalog/products/inbouwovens/${file}`, (t) => t.replace(/^price: \d+$/m, 'price: 649.5'));
    const { status, output } = sync(dir);
    expect(status).not.toBe(0);
    expect(output).toContain(file.replace(/\.yaml$/, ''));
    expect(output).toMatch(/price/);
    expect(output).toMatch(/int/i);
  }, 60_000);

  it('rejects a loop of rewrites, naming the file, the rule and why', () => {
    const dir = projectCopy();
    edit(
      dir,
      'content/settings/rewrites.yaml',
      (t) => `${t}  - id: terug\n    from: /keukens/showroomkeukens/\n    to: /keukens/showroom/\n`,
    );
    const { status, output } = sync(dir);
    expect(status).not.toBe(0);
    expect(output).toContain('rewrites');
    expect(output).toContain('rules.0.to');
    expect(output).toContain('deel van een lus van doorverwijzingen');
  }, 60_000);

  it('rejects a way of planning a delivery that does not exist, naming the file, the delivery type and the ways there are', () => {
    const dir = projectCopy();
    edit(dir, 'content/settings/delivery.yaml', (t) => t.replace(/^ {2}assembly: \[.*$/m, '  assembly: [day, bellen]'));
    const { status, output } = sync(dir);
    expect(status).not.toBe(0);
    expect(output).toContain('delivery');
    expect(output).toContain('planning.assembly.1');
    expect(output).toContain('day, week of call');
  }, 60_000);

  it('rejects a delivery type that can only be planned by day, since a late backorder could not be ordered', () => {
    const dir = projectCopy();
    edit(dir, 'content/settings/delivery.yaml', (t) => t.replace(/^ {2}default: \[.*$/m, '  default: [day]'));
    const { status, output } = sync(dir);
    expect(status).not.toBe(0);
    expect(output).toContain('planning.default');
    expect(output).toContain('voeg week of call toe');
  }, 60_000);
});

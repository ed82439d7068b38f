// Every content file the browser editor manages is in the exact form Keystatic's writer produces: read through the
// editor's fields (src/editor/) and written back, it gives the same bytes, so a save changes only what was edited.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { managedFiles } from '../../scripts/content-normalize.ts';
import { readFile, writeFile } from '../../src/editor/files.ts';

const files = managedFiles();

describe('the editor’s files', () => {
  it('manages the editors’ collections and settings, not the catalogue', () => {
    const paths = files.map((f) => f.path);
    expect(paths).toContain('content/stores/keukens-den-haag.md');
    expect(paths).toContain('content/settings/banners.yaml');
    expect(paths).toContain('content/settings/product-faq.yaml');
    expect(paths).toContain('content/search/synonyms.yaml');
    expect(paths.some((p) => p.startsWith('content/catalog/'))).toBe(false);
    expect(paths).not.toContain('content/settings/payment-methods.yaml');
  });

  it.each(files.map((f) => [f.path, f] as const))('%s reads and writes back byte for byte', (path, file) => {
    const text = readFileSync(path, 'utf8');
    const value = readFile(file.fields, text, { markdown: file.markdown, slug: file.slug });
    expect(writeFile(file.fields, value, { markdown: file.markdown })).toBe(text);
  });
});

// Compressed delivery without a server: which encoding an Accept-Encoding header gets (q-values, `*`, aliases), and
// the build step that writes the `.br`/`.gz` copies (only for files worth it, the same bytes on every build, and no
// stale copy left behind). What the server sends is checked in tests/api/compression.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../src/integrations/precompress.ts';
import { encodeAnswer, negotiateEncoding } from '../../src/server/http/compression.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['identity', null],
    ['deflate, zstd', null],
    ['br;q=0, gzip;q=0', null],
    ['br ; q = 0.8 , gzip ; q=0.2', 'br'],
    ['br;q=abc', 'br'], // a q-value that is not a number is ignored, as nginx does
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('chooses only among the copies that exist', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe(null);
    expect(negotiateEncoding('br, gzip', [])).toBe(null);
  });
});

describe('encodeAnswer', () => {
  const large = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Product ${i}` })) });

  it('compresses JSON of 1 KB and more for a client that accepts it, and says it varies', () => {
    const answer = encodeAnswer('gzip', 'application/json; charset=utf-8', undefined, large);
    expect(answer.encoding).toBe('gzip');
    expect(answer.vary).toBe('Accept-Encoding');
    expect(gunzipSync(answer.body as Buffer).toString('utf8')).toBe(large);
    expect(answer.length).toBe((answer.body as Buffer).length);
  });

  it('sends it as it is to a client that does not, still with Vary', () => {
    expect(encodeAnswer(undefined, 'application/json', undefined, large)).toMatchObject({
      body: large,
      encoding: null,
      vary: 'Accept-Encoding',
    });
  });

  it('leaves small answers and other types alone', () => {
    expect(encodeAnswer('br', 'application/json', undefined, '{"data":1}')).toMatchObject({ encoding: null, vary: null });
    expect(encodeAnswer('br', 'text/event-stream', undefined, large)).toMatchObject({ encoding: null, vary: null });
    expect(encodeAnswer('br', 'application/pdf', undefined, large)).toMatchObject({ encoding: null, vary: null });
  });

  it('compresses a kept Buffer once: the same bytes again for the same body', () => {
    const body = Buffer.from(large);
    const first = encodeAnswer('br', 'application/json', undefined, body);
    const second = encodeAnswer('br', 'application/json', 'Origin', body);
    expect(second.body).toBe(first.body);
    expect(second.vary).toBe('Origin, Accept-Encoding');
    expect(brotliDecompressSync(first.body as Buffer).equals(body)).toBe(true);
  });
});

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text files of 1 KB and more, the same bytes on every build', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keukenhuys-precompress-'));
    mkdirSync(join(dir, 'a'));
    const html = `<!doctype html><p>${'Keukens en inbouwapparatuur. '.repeat(200)}</p>`;
    writeFileSync(join(dir, 'a/index.html'), html);
    writeFileSync(join(dir, 'small.js'), 'console.log(1);');
    writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(5000, 7));
    const totals = await precompressDirectory(dir);
    expect(totals).toMatchObject({ files: 1, skipped: 1, bytes: html.length });
    const br = readFileSync(join(dir, 'a/index.html.br'));
    const gz = readFileSync(join(dir, 'a/index.html.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(gunzipSync(gz).toString()).toBe(html);
    expect(existsSync(join(dir, 'small.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'photo.jpg.br'))).toBe(false);
    await precompressDirectory(dir);
    expect(readFileSync(join(dir, 'a/index.html.br')).equals(br)).toBe(true);
    expect(readFileSync(join(dir, 'a/index.html.gz')).equals(gz)).toBe(true);
  });

  it('given what it compressed before, compresses again only the files that changed since, and counts them all', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keukenhuys-precompress-'));
    const page = (text: string) => `<!doctype html><p>${text.repeat(300)}</p>`;
    writeFileSync(join(dir, 'same.html'), page('Inbouwovens. '));
    writeFileSync(join(dir, 'changed.html'), page('Vaatwassers. '));
    const compressed = new Map();
    await precompressDirectory(dir, compressed);
    const sameCopy = statSync(join(dir, 'same.html.br')).mtimeMs;
    writeFileSync(join(dir, 'changed.html'), page('Koelkasten! '));
    writeFileSync(join(dir, 'new.html'), page('Wasmachines. '));
    const totals = await precompressDirectory(dir, compressed);
    expect(totals).toMatchObject({ files: 3, skipped: 0 });
    expect(totals.bytes).toBe(page('Inbouwovens. ').length + page('Koelkasten! ').length + page('Wasmachines. ').length);
    expect(statSync(join(dir, 'same.html.br')).mtimeMs).toBe(sameCopy);
    expect(brotliDecompressSync(readFileSync(join(dir, 'changed.html.br'))).toString()).toBe(page('Koelkasten! '));
    expect(gunzipSync(readFileSync(join(dir, 'new.html.gz'))).toString()).toBe(page('Wasmachines. '));
  });

  it('removes a copy an earlier build left when the file is now too small for one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keukenhuys-precompress-'));
    writeFileSync(join(dir, 'page.html'), 'x'.repeat(5000));
    await precompressDirectory(dir);
    expect(existsSync(join(dir, 'page.html.br'))).toBe(true);
    writeFileSync(join(dir, 'page.html'), '<p>kort</p>');
    await precompressDirectory(dir);
    expect(existsSync(join(dir, 'page.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'page.html.gz'))).toBe(false);
  });
});

// The upload rules of src/domain/uploads.ts: a file's type from its first bytes (never its name), how a client's file
// name becomes a label (and which names are refused), the name a file is served under, and sizes in Dutch.
import { describe, expect, it } from 'vitest';
import { cleanFileName, detectFileType, downloadName, formatFileSize, UPLOAD_TEXTS } from '../../src/domain/uploads.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
/** An ISO BMFF `ftyp` box: size, 'ftyp', major brand, minor version 0, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], compatible.join(''));

describe('detectFileType: by content', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif, a phone photo)', bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
    ['HEIC (iPhone)', ftyp('heic', 'mif1', 'heic'), 'image/heic'],
    ['HEIC with a generic major brand', ftyp('mif1', 'mif1', 'heic'), 'image/heic'],
    ['HEIF (generic image brand only)', ftyp('mif1', 'mif1'), 'image/heif'],
    ['AVIF (shares the box, not accepted)', ftyp('avif', 'mif1', 'avif'), null],
    ['AVIF behind a generic major brand', ftyp('mif1', 'mif1', 'avif'), null],
    ['MP4 video', ftyp('isom', 'isom', 'mp41'), null],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>'), null],
    ['Windows executable', bytes('MZ', [0x90, 0, 3, 0]), null],
    ['SVG (script can hide in it)', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    ['GIF', bytes('GIF89a'), null],
    ['ZIP (e.g. a .docx)', bytes('PK', [3, 4, 20, 0]), null],
    ['a PDF signature not at the start', bytes('  %PDF-1.4'), null],
    ['three bytes of JPEG start are enough', bytes([0xff, 0xd8, 0xff]), 'image/jpeg'],
    ['two bytes are not', bytes([0xff, 0xd8]), null],
    ['nothing', bytes(), null],
  ])('%s → %s', (_what, head, expected) => {
    expect(detectFileType(head)).toBe(expected);
  });
});

describe('cleanFileName: a label, never a path', () => {
  it.each([
    ['foto.jpg', 'foto.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['a/b.jpg', 'b.jpg'],
    ['C:\\Users\\anna\\Desktop\\oven.pdf', 'oven.pdf'],
    ['..', 'bestand'],
    ['.htaccess', 'htaccess'],
    ['   ', 'bestand'],
    ['', 'bestand'],
    ['map/', 'bestand'],
    ['foto\t met\r\nregels.jpg', 'foto met regels.jpg'],
    ['bel\u0007l.png', 'bell.png'],
    ['Cafe\u0301 keuken.jpg', 'Café keuken.jpg'], // NFC: e + combining acute → é
    ['vaatwasser 🍽️.heic', 'vaatwasser 🍽️.heic'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanFileName(raw)).toEqual({ ok: true, name: expected });
  });

  it('shortens a very long name to 120 characters and keeps its extension', () => {
    const result = cleanFileName(`${'a'.repeat(300)}.jpeg`);
    // 120 = 114 'a' + '…' + '.jpeg' (5 characters)
    expect(result).toEqual({ ok: true, name: `${'a'.repeat(114)}….jpeg` });
  });

  it('counts characters, not UTF-16 units, when shortening', () => {
    const result = cleanFileName(`${'😀'.repeat(200)}.png`);
    // 120 = 115 emoji + '…' + '.png'
    expect(result.ok && [...result.name].length).toBe(120);
  });

  it.each([
    ['a NUL character', 'foto\u0000.jpg', 'foto\uFFFD.jpg'],
    ['a right-to-left override ("gpj.exe" shown as "exe.jpg")', 'foto\u202Egpj.exe', 'foto\uFFFDgpj.exe'],
    ['a right-to-left isolate', 'a\u2067b.pdf', 'a\uFFFDb.pdf'],
    ['a left-to-right mark', 'a\u200Eb.pdf', 'a\uFFFDb.pdf'],
    ['a lone surrogate', 'a\uD800.png', 'a\uFFFD.png'],
    ['a NUL after a path', '../x\u0000.jpg', 'x\uFFFD.jpg'],
  ])('refuses %s and names it printably', (_what, raw, shown) => {
    expect(cleanFileName(raw)).toEqual({ ok: false, shown });
  });
});

describe('downloadName: the extension follows the content', () => {
  it.each([
    ['foto.jpg', 'image/jpeg', 'foto.jpg'],
    ['foto.JPEG', 'image/jpeg', 'foto.JPEG'],
    ['foto.pdf', 'image/png', 'foto.png'], // a PNG renamed .pdf is served as a PNG
    ['scan', 'application/pdf', 'scan.pdf'],
    ['IMG_0001.HEIC', 'image/heic', 'IMG_0001.HEIC'],
    ['factuur.v2.pdf', 'application/pdf', 'factuur.v2.pdf'],
    ['plaatje.jpg', 'image/webp', 'plaatje.webp'],
  ] as const)('%j as %s → %j', (label, type, expected) => {
    expect(downloadName(label, type)).toBe(expected);
  });
});

describe('formatFileSize (1 MB = 1024 × 1024 bytes)', () => {
  it.each([
    [1, '1 kB'],
    [1024, '1 kB'],
    [1025, '2 kB'], // rounded up: never "0 kB"
    [870_400, '850 kB'], // 850 × 1024
    [1024 * 1024, '1,0 MB'],
    [6 * 1024 * 1024, '6,0 MB'],
    [3_355_443, '3,2 MB'], // 3.2 × 1048576 = 3355443.2
    [10 * 1024 * 1024, '10,0 MB'],
  ])('%d bytes → %s', (size, expected) => {
    expect(formatFileSize(size)).toBe(expected);
  });
});

describe('the refusals name the file', () => {
  it.each([
    [
      UPLOAD_TEXTS.wrongType('oven.exe'),
      '"oven.exe" is geen foto of pdf. Je kunt JPEG-, PNG-, WebP- en HEIC-foto\'s en pdf-bestanden meesturen.',
    ],
    [UPLOAD_TEXTS.tooLarge('groot.jpg'), '"groot.jpg" is te groot: een bestand mag maximaal 10 MB zijn.'],
    [UPLOAD_TEXTS.tooMany('zes.jpg'), 'Je kunt maximaal 5 bestanden meesturen; "zes.jpg" is er één te veel.'],
    [
      UPLOAD_TEXTS.requestTooLarge('laatste.pdf'),
      'Je bestanden zijn samen te groot: maximaal 25 MB per keer. "laatste.pdf" past er niet meer bij.',
    ],
  ])('%s', (text, expected) => {
    expect(text).toBe(expected);
  });
});

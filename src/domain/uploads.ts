// What a shopper may send along with a form (a service request's photos and PDFs) and how the shop talks about it:
// the limits, the accepted types recognised by their first bytes (a file's name or the type a browser claims say
// nothing about its content), how a client-supplied file name is cleaned before it is kept as a label, and the Dutch
// texts of every refusal. Pure: the server enforces these while it streams a file, the service form's script checks
// the same before it sends one.

const MIB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** One file. Phone photos are 3–5 MB; a scanned PDF rarely more than a few MB. */
  fileBytes: 10 * MIB,
  /** One request: every file together, plus the form fields and the multipart framing. */
  requestBytes: 25 * MIB,
  /** Files in one request (one service request). */
  files: 5,
  /** Characters of a file name kept as its label (longer names are shortened, their extension kept). */
  nameLength: 120,
} as const;

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/** The extension a file of each type is given when it is served (its own name may claim another type). */
const TYPE_EXTENSION: Readonly<Record<AcceptedType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
};

/** How many leading bytes detectFileType needs to decide (fewer only when the file itself is shorter). */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

// ISO base media file brands (the `ftyp` box) of HEIF images: HEVC-coded ones are HEIC, the generic image brands HEIF.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** The type of an HEIF file from its `ftyp` box, or null (e.g. AVIF, MP4 or MOV, which share the box). */
function heifType(head: Uint8Array): AcceptedType | null {
  if (head.length < 16 || ascii(head, 4, 4) !== 'ftyp') return null;
  const major = ascii(head, 8, 4);
  if (HEIC_BRANDS.has(major)) return 'image/heic';
  if (!HEIF_BRANDS.has(major)) return null;
  // A generic brand: the compatible brands (from byte 16 to the end of the box, as far as we have it) tell more.
  const boxSize = (head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!;
  const brands: string[] = [];
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) brands.push(ascii(head, at, 4));
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'image/heic';
  return brands.includes('avif') || brands.includes('avis') ? null : 'image/heif';
}

/**
 * The accepted type of a file from its first bytes (at least SNIFF_BYTES, unless the file is shorter), or null when
 * it is none of them. A small table instead of a general library: five formats, each with a fixed signature at the
 * start of the file.
 */
export function detectFileType(head: Uint8Array): AcceptedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  return heifType(head);
}

// Characters that change how the rest of a name is displayed (a "gpj.exe" that reads as "exe.jpg"): refused.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// Other control characters carry no meaning in a name: dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const OTHER_CONTROLS = /[\u0001-\u001F\u007F-\u009F]/g;

export type FileNameCheck = { ok: true; name: string } | { ok: false; shown: string };

/**
 * A client-supplied file name as a label: only its last path segment, Unicode NFC, control characters dropped,
 * white space collapsed, no leading dots, at most UPLOAD_LIMITS.nameLength characters with the extension kept, and
 * 'bestand' when nothing is left. Refused (with a printable form to name it by) when it holds a NUL character, a
 * bidirectional control or ill-formed UTF-16. The name is never used as a path: stored files get random ids.
 */
export function cleanFileName(raw: string): FileNameCheck {
  if (raw.includes('\u0000') || BIDI_CONTROLS.test(raw) || !raw.isWellFormed()) {
    const shown = raw
      .toWellFormed()
      .replaceAll('\u0000', '\uFFFD')
      .replace(new RegExp(BIDI_CONTROLS.source, 'g'), '\uFFFD')
      .replace(OTHER_CONTROLS, '');
    return { ok: false, shown: shorten(shown.slice(shown.search(/[^/\\]*$/)) || 'bestand') };
  }
  const last = raw.slice(raw.search(/[^/\\]*$/));
  const name = last.normalize('NFC').replace(/\s+/g, ' ').replace(OTHER_CONTROLS, '').trim().replace(/^\.+/, '').trim();
  return { ok: true, name: name === '' ? 'bestand' : shorten(name) };
}

/** At most UPLOAD_LIMITS.nameLength characters (code points), the extension kept when it is short. */
function shorten(name: string): string {
  const chars = [...name];
  if (chars.length <= UPLOAD_LIMITS.nameLength) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return `${chars.slice(0, UPLOAD_LIMITS.nameLength - [...extension].length - 1).join('')}…${extension}`;
}

/** The name a file is served under: its label, with the extension of the type its content has. */
export function downloadName(label: string, type: AcceptedType): string {
  const extension = TYPE_EXTENSION[type];
  const dot = label.lastIndexOf('.');
  const stem = dot > 0 ? label.slice(0, dot) : label;
  const own = dot > 0 ? label.slice(dot + 1).toLowerCase() : '';
  if (own === extension || (extension === 'jpg' && own === 'jpeg')) return label;
  return `${stem}.${extension}`;
}

/** A size as a shopper reads it: '850 kB', '3,2 MB' (binary units, so the 10 MB limit is 10 × 1024 × 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < MIB) return `${Math.max(1, Math.ceil(bytes / 1024))} kB`;
  return `${(Math.round((bytes / MIB) * 10) / 10).toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

const MAX_FILE = formatFileSize(UPLOAD_LIMITS.fileBytes).replace(',0', '');
const MAX_REQUEST = formatFileSize(UPLOAD_LIMITS.requestBytes).replace(',0', '');

/** A request whose declared length is over the limit, refused before a file is read. */
export const REQUEST_TOO_LARGE_TEXT = `Je bestanden zijn samen te groot: maximaal ${MAX_REQUEST} per keer.`;

/** The Dutch refusal of one file, naming it. */
export const UPLOAD_TEXTS = {
  wrongType: (name: string) => `"${name}" is geen foto of pdf. Je kunt JPEG-, PNG-, WebP- en HEIC-foto's en pdf-bestanden meesturen.`,
  empty: (name: string) => `"${name}" is leeg.`,
  tooLarge: (name: string) => `"${name}" is te groot: een bestand mag maximaal ${MAX_FILE} zijn.`,
  requestTooLarge: (name: string) => `${REQUEST_TOO_LARGE_TEXT} "${name}" past er niet meer bij.`,
  tooMany: (name: string) => `Je kunt maximaal ${UPLOAD_LIMITS.files} bestanden meesturen; "${name}" is er één te veel.`,
  badName: (name: string) => `De naam van "${name}" bevat tekens die niet zijn toegestaan. Geef het bestand een andere naam.`,
} as const;

// The GSM 03.38 alphabet of SMS: one part holds 160 characters of it (the extension characters ^{}\[~]|€ count
// twice), a concatenated message 153 per part; one character outside it makes the whole message UCS-2 (70 per part).
// The shop's SMS texts are made to fit the alphabet (toGsm) and one part (fitSms): the composer offers its texts from
// the richest to the barest and the first that fits one part is sent. When even the barest does not, the message goes
// as a concatenated SMS of at most two parts (306 characters: the provider splits it, the phone joins it, each part
// is charged), cut at a word with "..." beyond that. Pure.

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '^{}\\[~]|€';

/** Characters of one SMS part in the GSM alphabet. */
const SMS_PART = 160;
/** The longest text the shop sends: two concatenated parts of 153. */
const SMS_MAX = 2 * 153;

const REPLACEMENTS: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

function isGsm(char: string): boolean {
  return BASIC.includes(char) || EXTENSION.includes(char);
}

/** `text` in the GSM alphabet: dashes, quotes and spaces made plain, accents dropped where the letter has none in
 *  GSM (ë → e), anything else left becomes "?". */
export function toGsm(text: string): string {
  let out = '';
  for (const char of text) {
    if (isGsm(char)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare.length > 0 && [...bare].every(isGsm) ? bare : '?';
    }
  }
  return out;
}

/** The GSM characters `text` takes (extension characters count twice); null when it is not all GSM. */
export function gsmLength(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (BASIC.includes(char)) length += 1;
    else if (EXTENSION.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/**
 * The first of `candidates` (richest first) that fits one part once made GSM; else the last one, cut at a word to
 * at most SMS_MAX characters with "..." when longer.
 */
export function fitSms(candidates: readonly string[]): string {
  const texts = candidates.map(toGsm);
  const single = texts.find((text) => (gsmLength(text) ?? Number.POSITIVE_INFINITY) <= SMS_PART);
  if (single !== undefined) return single;
  const last = texts.at(-1) ?? '';
  if ((gsmLength(last) ?? Number.POSITIVE_INFINITY) <= SMS_MAX) return last;
  let cut = '';
  for (const word of last.split(' ')) {
    const next = cut ? `${cut} ${word}` : word;
    if ((gsmLength(`${next}...`) ?? Number.POSITIVE_INFINITY) > SMS_MAX) break;
    cut = next;
  }
  return `${cut}...`;
}

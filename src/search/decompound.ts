// Dutch compound words split into their parts, for the search index: "inductiekookplaat" → inductie, kookplaat;
// "koelvriescombinatie" → koel, vries, combinatie, vriescombinatie. Dutch writes compounds as one word,
// so a shopper who types "kookplaat" means every inductiekookplaat too; Typesense matches whole words (and word
// starts), so the products' documents carry the parts as an extra field (compoundParts, shop-collections.ts) that the
// search matches like any other field, with typo tolerance ("induktie" finds inductie).
//
// Pure: the lexicon is passed in (dutch-words.ts reads OpenTaal's word list for the shop). A split is accepted
// only when every part is a word of the lexicon, with the linking sounds Dutch puts between parts (tussen-s and
// -e(n)-: "vriesvak", "koekenpan"); the split with the fewest parts wins, then the longest last part. The last part
// may carry a plural or diminutive ending ("kookplaten", "pannetje"). Parts are at least 3 letters and never a short
// function word ("met", "aan"), so "metaal" is not met + aal.
const MIN_WORD = 6;
const MIN_PART = 3;
const LINKS = ['', 's', 'e', 'en'] as const;
/** Endings of the last part: plurals and diminutives, longest first. */
const ENDINGS = ['etjes', 'tjes', 'jes', 'etje', 'tje', 'je', 'en', 's', 'n'] as const;
const FUNCTION_WORDS = new Set(
  'aan als bij dan dat der des die dit een het hem hen hun met men mij min nog ook per tot uit van wat wel wie zal zij zo zou'.split(' '),
);
/** At most this many words are remembered (a search index of 50,000 products has a few thousand distinct words). */
const MEMO_LIMIT = 50_000;

export type Decompounder = (token: string) => string[];

/**
 * A splitter over `lexicon` (normalised words: lower case, no diacritics). It returns a compound with its parts and
 * the compounds that end it (the word first), [] for a word that is not a compound.
 */
export function makeDecompounder(lexicon: ReadonlySet<string>): Decompounder {
  const isWord = (part: string) => part.length >= MIN_PART && !FUNCTION_WORDS.has(part) && lexicon.has(part);
  // The word an inflected form comes from: "platen" → plaat (a long vowel written double again), "pannetje" → pan
  // (a consonant doubled before the ending), "machines" → machine; null when none is a word.
  const baseOf = (part: string): string | null => {
    for (const ending of ENDINGS) {
      if (!part.endsWith(ending) || part.length - ending.length < MIN_PART) continue;
      const base = part.slice(0, -ending.length);
      const last = base.at(-1)!;
      const candidates = [base];
      if (base.length > MIN_PART && base.at(-2) === last) candidates.push(base.slice(0, -1));
      if (/[aeiou]/.test(base.at(-2) ?? '') && !/[aeiou]/.test(last)) candidates.push(`${base.slice(0, -1)}${base.at(-2)}${last}`);
      const found = candidates.find(isWord);
      if (found) return found;
    }
    return null;
  };
  const asLastPart = (part: string): string | null => (isWord(part) ? part : baseOf(part));

  // Fewer parts first; then the longer last part, the head of a Dutch compound ("bar + kruk", not "bark + ruk").
  const better = (a: string[], b: string[]) => a.length < b.length || (a.length === b.length && a.at(-1)!.length > b.at(-1)!.length);
  // A split: its parts, and the compounds that end the word ("vriescombinatie" of koelvriescombinatie).
  type Split = { parts: string[]; tails: string[] };
  const splits = new Map<string, Split | null>();

  // The best split of `word` into two or more words, or null.
  const split = (word: string): Split | null => {
    const known = splits.get(word);
    if (known !== undefined) return known;
    let best: Split | null = null;
    for (let i = word.length - MIN_PART; i >= MIN_PART; i--) {
      const head = word.slice(0, i);
      if (!isWord(head)) continue;
      for (const link of LINKS) {
        if (!word.startsWith(link, i)) continue;
        const rest = word.slice(i + link.length);
        if (rest.length < MIN_PART) continue;
        const last = asLastPart(rest);
        const tail = last || rest.length < MIN_WORD ? null : split(rest);
        const candidate: Split | null = last
          ? { parts: [head, last], tails: [] }
          : tail && { parts: [head, ...tail.parts], tails: [rest, ...tail.tails] };
        if (candidate && (!best || better(candidate.parts, best.parts))) best = candidate;
      }
    }
    if (splits.size >= MEMO_LIMIT) splits.clear();
    splits.set(word, best);
    return best;
  };

  return (token) => {
    if (token.length < MIN_WORD || /\d/.test(token)) return [];
    // An inflected word ("wasmachines", "kookplaten") is split as the word it comes from, which counts as a part.
    const base = isWord(token) ? token : (baseOf(token) ?? token);
    const found = split(base);
    if (!found) return [];
    // Parts that are words themselves stay whole: "keuken" is not split again into keu + ken.
    return [...new Set<string>([token, base, ...found.tails, ...found.parts])];
  };
}

// Full-text index of one string field, built on Orama's radix tree: every value is tokenized with our Dutch rules
// (plain and stemmed forms, see text.ts) into the tree. On top of that term dictionary we apply
// Typesense's matching rules, which Orama's own search does not have: exact match for all query tokens but the
// last, prefix match for the last, and a typo budget that depends on the token's length. Built by `TextIndex.build`,
// a generator that yields every few documents (the inserts are the most expensive part of an index build), so that
// it can run in slices (slices.ts). The tree is used without an Orama database around it: the database's document
// store and BM25 statistics, which we never read, were most of a build's time and garbage.
import { radix } from '@orama/orama/trees';
import type { Steps } from './slices.ts';
import { splitWords, tokenForms, type TokenizeOptions } from './text.ts';

type RadixNode = {
  e: boolean;
  w: string;
  s: string;
  d: ReadonlySet<number>;
  c: Map<string, RadixNode>;
  find(p: { term: string; exact?: boolean; tolerance?: number }): Record<string, number[]>;
};

const MAX_TYPOS = 2;
/**
 * Once the postings are copied out, every node's document set is replaced by one of these two shared sets: the
 * index only asks Orama's tree which words exist, and a Set per node (up to one entry per document) was most of the
 * index's memory and of the garbage collector's work. Never written to.
 */
const HAS_DOCS: ReadonlySet<number> = new Set([0]);
const NO_DOCS: ReadonlySet<number> = new Set();
type TypoCandidate = { id: number; full: number; prefix: number };

/** How one vocabulary form matched a query token. */
export type FormMatch = { typos: number; prefix: boolean };

export class TextIndex {
  readonly forms: string[] = [];
  readonly postings: Int32Array[] = [];
  readonly formId = new Map<string, number>();
  /** Per document: its forms joined, to recognise a value that equals the whole query. */
  readonly exactKeys: (string | null)[];
  private radix!: RadixNode;
  readonly stem: boolean;
  readonly options: TokenizeOptions;

  private constructor(n: number, stem: boolean, options: TokenizeOptions) {
    this.stem = stem;
    this.options = options;
    this.exactKeys = new Array(n).fill(null);
  }

  /** The index of one field over `values` (one value per document), yielding every 16 documents. */
  static *build(values: readonly unknown[], stem: boolean, options: TokenizeOptions): Steps<TextIndex> {
    const index = new TextIndex(values.length, stem, options);
    yield* index.fill(values);
    return index;
  }

  private *fill(values: readonly unknown[]): Steps<void> {
    const { stem, options } = this;
    const n = values.length;
    const tree = new radix.RadixTree();
    for (let i = 0; i < n; i++) {
      if ((i & 31) === 31) yield;
      const value = values[i];
      const list =
        typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      for (const text of list)
        for (const w of splitWords(text, options)) for (const f of tokenForms(w.token, stem)) if (f) tree.insert(f, i);
      if (typeof value === 'string')
        this.exactKeys[i] = splitWords(value, options)
          .map((w) => this.key(w.token))
          .join(' ');
    }
    this.radix = tree as unknown as RadixNode;
    const walk: RadixNode[] = [this.radix];
    let visited = 0;
    while (walk.length) {
      if ((++visited & 255) === 0) yield;
      const node = walk.pop()!;
      if (node.e && node.w && node.d.size > 0) {
        const docs = Int32Array.from(node.d).sort();
        this.formId.set(node.w, this.forms.length);
        this.forms.push(node.w);
        this.postings.push(docs);
      }
      node.d = node.d.size > 0 ? HAS_DOCS : NO_DOCS;
      for (const child of node.c.values()) walk.push(child);
    }
  }

  private readonly typoCache = new Map<string, TypoCandidate[]>();

  /**
   * Every vocabulary form within the largest typo budget (2) of a query form, as a whole word (`full`) and as a
   * beginning of a word (`prefix`), -1 where further. One scan of the vocabulary per query form; smaller
   * budgets filter this list.
   */
  private typoCandidates(q: string): TypoCandidate[] {
    let list = this.typoCache.get(q);
    if (!list) {
      list = [];
      const first = new Int32Array(q.length + 1).map((_, j) => j);
      this.walk(this.radix, q, first, first, -1, q.length, list);
      if (this.typoCache.size > 5000) this.typoCache.clear();
      this.typoCache.set(q, list);
    }
    return list;
  }

  /**
   * Edit-distance walk over Orama's radix tree: one matrix row per character along the tree, shared by all
   * words below it, pruned as soon as no word below can come within MAX_TYPOS (as a whole or as a beginning).
   * `bestPrefix` is the distance between the query and the closest beginning of the path so far.
   */
  private walk(
    node: RadixNode,
    q: string,
    prev2: Int32Array,
    prev: Int32Array,
    lastChar: number,
    bestPrefix: number,
    out: TypoCandidate[],
  ): void {
    const m = q.length;
    for (const child of node.c.values()) {
      let p2 = prev2;
      let p1 = prev;
      let last = lastChar;
      let best = bestPrefix;
      let dead = false;
      for (let k = 0; k < child.s.length; k++) {
        const c = child.s.charCodeAt(k);
        const cur = new Int32Array(m + 1);
        cur[0] = p1[0]! + 1;
        let rowMin = cur[0]!;
        for (let j = 1; j <= m; j++) {
          const qc = q.charCodeAt(j - 1);
          let d = Math.min(p1[j]! + 1, cur[j - 1]! + 1, p1[j - 1]! + (qc === c ? 0 : 1));
          if (j > 1 && last >= 0 && c === q.charCodeAt(j - 2) && last === qc) d = Math.min(d, p2[j - 2]! + 1);
          cur[j] = d;
          if (d < rowMin) rowMin = d;
        }
        best = Math.min(best, cur[m]!);
        p2 = p1;
        p1 = cur;
        last = c;
        if (rowMin > MAX_TYPOS) {
          dead = true;
          break;
        }
      }
      if (dead) {
        // No word below comes within reach as a whole; all of them do as continuations of a close beginning.
        if (best <= MAX_TYPOS && best > 0) this.collect(child, best, out);
        continue;
      }
      if (child.e && child.w && child.d.size > 0) {
        const id = this.formId.get(child.w);
        const full = p1[m]! <= MAX_TYPOS ? p1[m]! : -1;
        const prefix = full < 0 && best <= MAX_TYPOS ? best : -1;
        if (id !== undefined && (full > 0 || (full < 0 && prefix > 0))) out.push({ id, full, prefix });
      }
      this.walk(child, q, p2, p1, last, best, out);
    }
  }

  private collect(node: RadixNode, prefix: number, out: TypoCandidate[]): void {
    const stack = [node];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.e && n.w && n.d.size > 0) {
        const id = this.formId.get(n.w);
        if (id !== undefined) out.push({ id, full: -1, prefix });
      }
      for (const c of n.c.values()) stack.push(c);
    }
  }

  /** The form a token is compared under for a whole-value match: its stem when the field is stemmed. */
  key(token: string): string {
    const forms = tokenForms(token, this.stem);
    return forms[forms.length - 1]!;
  }

  /**
   * Vocabulary forms matching a query token: exact forms, words that start with it (`prefix`, for the last
   * token), within `maxTypos` edits (for the last token also a mistyped beginning), and with `infix` words
   * that contain it (Typesense's infix search, useful for Dutch compounds: "oven" in "inbouwoven").
   */
  match(token: string, prefix: boolean, maxTypos: number, infix = false): Map<number, FormMatch> {
    const out = new Map<number, FormMatch>();
    const queryForms = tokenForms(token, this.stem);
    const put = (id: number | undefined, m: FormMatch) => {
      if (id === undefined) return;
      const old = out.get(id);
      if (!old || m.typos < old.typos || (m.typos === old.typos && old.prefix && !m.prefix)) out.set(id, m);
    };
    for (const q of queryForms) put(this.formId.get(q), { typos: 0, prefix: false });
    if (prefix) {
      for (const q of queryForms) {
        for (const word of Object.keys(this.radix.find({ term: q, exact: false })))
          put(this.formId.get(word), { typos: 0, prefix: word !== q });
      }
    }
    if (infix) {
      for (let id = 0; id < this.forms.length; id++) if (this.forms[id]!.includes(token)) put(id, { typos: 0, prefix: true });
    }
    if (maxTypos > 0) {
      for (const q of queryForms) {
        for (const c of this.typoCandidates(q)) {
          if (c.full > 0 && c.full <= maxTypos) put(c.id, { typos: c.full, prefix: false });
          else if (prefix && c.full < 0 && c.prefix > 0 && c.prefix <= maxTypos) put(c.id, { typos: c.prefix, prefix: true });
        }
      }
    }
    return out;
  }
}

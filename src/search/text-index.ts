// Full-text index of one string field, built with Orama: Orama tokenizes every value with our Dutch rules
// (plain and stemmed forms, see text.ts) into its radix tree. On top of Orama's term dictionary we apply
// Typesense's matching rules, which Orama's own search does not have: exact match for all query tokens but the
// last, prefix match for the last, and a typo budget that depends on the token's length.
import { components, create, insert, type AnyOrama } from '@orama/orama';
import { editDistance, splitWords, tokenForms, type TokenizeOptions } from './text.ts';

type RadixNode = { e: boolean; w: string; d: Set<number>; c: Map<string, RadixNode>; find(p: { term: string; exact?: boolean; tolerance?: number }): Record<string, number[]> };

/** How one vocabulary form matched a query token. */
export type FormMatch = { typos: number; prefix: boolean };

export class TextIndex {
  readonly forms: string[] = [];
  readonly postings: Int32Array[] = [];
  readonly formId = new Map<string, number>();
  /** Per document: its forms joined, to recognise a value that equals the whole query. */
  readonly exactKeys: (string | null)[];
  private readonly radix: RadixNode;
  private readonly db: AnyOrama;
  readonly stem: boolean;
  readonly options: TokenizeOptions;

  constructor(values: readonly unknown[], stem: boolean, options: TokenizeOptions) {
    this.stem = stem;
    this.options = options;
    const n = values.length;
    this.exactKeys = new Array(n).fill(null);
    const tokenizer = {
      language: 'dutch',
      normalizationCache: new Map<string, string>(),
      tokenize: (raw: string) => {
        const out = new Set<string>();
        for (const w of splitWords(raw, options)) for (const f of tokenForms(w.token, stem)) out.add(f);
        return [...out];
      },
    };
    this.db = create({ schema: { t: 'string[]' } as const, components: { tokenizer }, sort: { enabled: false } });
    for (let i = 0; i < n; i++) {
      const value = values[i];
      const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      if (list.length === 0) continue;
      insert(this.db, { id: String(i), t: list });
      if (typeof value === 'string') this.exactKeys[i] = splitWords(value, options).map((w) => this.key(w.token)).join(' ');
    }
    const index = (this.db.data.index as { indexes: Record<string, { node: RadixNode }> }).indexes.t!;
    this.radix = index.node;
    // Orama's internal ids → our document positions.
    const store = this.db.internalDocumentIDStore;
    const walk: RadixNode[] = [this.radix];
    while (walk.length) {
      const node = walk.pop()!;
      if (node.e && node.w && node.d.size > 0) {
        const docs = Int32Array.from(node.d, (internal) => Number(components.internalDocumentIDStore.getDocumentIdFromInternalId(store, internal))).sort();
        this.formId.set(node.w, this.forms.length);
        this.forms.push(node.w);
        this.postings.push(docs);
      }
      for (const child of node.c.values()) walk.push(child);
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
        for (const word of Object.keys(this.radix.find({ term: q, exact: false }))) put(this.formId.get(word), { typos: 0, prefix: word !== q });
      }
    }
    if (infix && token.length >= 3) {
      for (let id = 0; id < this.forms.length; id++) if (this.forms[id]!.includes(token)) put(id, { typos: 0, prefix: true });
    }
    if (maxTypos > 0) {
      for (let id = 0; id < this.forms.length; id++) {
        const word = this.forms[id]!;
        for (const q of queryForms) {
          const d = editDistance(q, word, maxTypos);
          if (d > 0) put(id, { typos: d, prefix: false });
          else if (prefix && d < 0) {
            const dp = editDistance(q, word, maxTypos, true);
            if (dp > 0) put(id, { typos: dp, prefix: true });
          }
        }
      }
    }
    return out;
  }
}

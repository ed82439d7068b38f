// Highlights of one hit: the words of each highlighted field that matched a query token wrapped in the highlight
// tags (a prefix match only up to what was typed), with a snippet around the first match for long values, in
// Typesense's two shapes (`highlight` by field and the `highlights` list).
import type { Collection, Doc, IndexGeneration } from './collection.ts';
import type { TextMatch } from './match.ts';
import type { QueryField } from './match-options.ts';
import type { FormMatch } from './text-index.ts';
import { normalizeToken, splitWords, tokenForms, type TokenizeOptions } from './text.ts';

export type HighlightOptions = {
  /** Fields to highlight (default: the query_by fields). */
  fields: string[];
  /** Fields whose whole marked value is returned too (`value`), not only the snippet. */
  fullFields: Set<string>;
  tags: { start: string; end: string };
  /** Values with more words than this get a snippet instead of the whole text. */
  snippetThreshold: number;
  /** Words either side of the first match in a snippet. */
  affix: number;
};

type Marked = { snippet: string; value: string; matched: string[] };

/** Marks the words of `text` that matched a query token; prefix matches mark only the typed part. */
export function markText(
  text: string,
  forms: Map<string, FormMatch>,
  stem: boolean,
  tokens: string[],
  tokenizeOptions: TokenizeOptions,
  { tags, snippetThreshold, affix }: HighlightOptions,
): Marked | null {
  const words = splitWords(text, tokenizeOptions);
  const marks: { start: number; end: number }[] = [];
  const markedWords: number[] = [];
  words.forEach((w, wi) => {
    let hit: FormMatch | undefined;
    for (const f of tokenForms(w.token, stem)) {
      const m = forms.get(f);
      if (m && (!hit || (hit.prefix && !m.prefix))) hit = m;
    }
    if (!hit) return;
    let end = w.end;
    if (hit.prefix) {
      const typed = tokens.find((t) => w.token.startsWith(t) && t.length < w.token.length);
      if (typed) end = originalEnd(text, w.start, w.end, typed.length, tokenizeOptions);
    }
    marks.push({ start: w.start, end });
    markedWords.push(wi);
  });
  if (marks.length === 0) return null;
  const render = (from: number, to: number) => {
    let out = '';
    let pos = from;
    for (const m of marks) {
      if (m.end <= from || m.start >= to) continue;
      out += text.slice(pos, m.start) + tags.start + text.slice(m.start, m.end) + tags.end;
      pos = m.end;
    }
    return out + text.slice(pos, to);
  };
  const value = render(0, text.length);
  let snippet = value;
  if (words.length > snippetThreshold) {
    const first = markedWords[0]!;
    const from = words[Math.max(0, first - affix)]!.start;
    const to = words[Math.min(words.length - 1, first + affix)]!.end;
    snippet = render(from, to);
  }
  return { snippet, value, matched: marks.map((m) => text.slice(m.start, m.end)) };
}

/** End offset in the original text after `count` token characters (special characters are skipped). */
export function originalEnd(text: string, start: number, end: number, count: number, tokenizeOptions: TokenizeOptions): number {
  let seen = 0;
  for (let i = start; i < end; i++) {
    seen += normalizeToken(text[i]!, tokenizeOptions.symbols).length;
    if (seen >= count) return i + 1;
  }
  return end;
}

/** `highlight` and `highlights` of one document: only query_by fields that matched a token are marked. */
export function highlightDoc(
  doc: Doc,
  text: TextMatch,
  fields: QueryField[],
  options: HighlightOptions,
  gen: IndexGeneration,
  collection: Collection,
) {
  const highlight: Record<string, unknown> = {};
  const highlights: Record<string, unknown>[] = [];
  const tokens = text.tokens.map((t) => t.token);
  const { fullFields } = options;
  for (const name of options.fields) {
    const value = doc[name];
    if (value === undefined || value === null) continue;
    const field = fields.find((f) => f.name === name);
    const stem = collection.fieldFor(name)?.stem ?? false;
    const forms = new Map<string, FormMatch>();
    for (const { match } of text.tokens) for (const [form, m] of match.forms.get(name) ?? []) forms.set(form, m);
    if (!field || forms.size === 0) continue;
    if (typeof value === 'string') {
      const marked = markText(value, forms, stem, tokens, gen.options, options);
      if (!marked) continue;
      highlight[name] = {
        matched_tokens: marked.matched,
        snippet: marked.snippet,
        ...(fullFields.has(name) ? { value: marked.value } : {}),
      };
      highlights.push({
        field: name,
        matched_tokens: marked.matched,
        snippet: marked.snippet,
        ...(fullFields.has(name) ? { value: marked.value } : {}),
      });
    } else if (Array.isArray(value)) {
      const items = value.map((v) => (typeof v === 'string' ? markText(v, forms, stem, tokens, gen.options, options) : null));
      if (items.every((m) => m === null)) continue;
      highlight[name] = value.map((v, i) => {
        const m = items[i];
        return m
          ? { matched_tokens: m.matched, snippet: m.snippet, ...(fullFields.has(name) ? { value: m.value } : {}) }
          : { matched_tokens: [], snippet: String(v) };
      });
      const indices = items.flatMap((m, i) => (m ? [i] : []));
      highlights.push({
        field: name,
        indices,
        matched_tokens: indices.map((i) => items[i]!.matched),
        snippets: indices.map((i) => items[i]!.snippet),
        ...(fullFields.has(name) ? { values: indices.map((i) => items[i]!.value) } : {}),
      });
    }
  }
  return { highlight, highlights };
}

// The last stage of a search: the page's documents as Typesense hits, with the fields asked for
// (`include_fields`, `exclude_fields`), highlights and text_match (a fixed 100 for a search without query tokens).
import type { Collection, Doc, IndexGeneration } from './collection.ts';
import { highlightDoc, type HighlightOptions } from './highlight.ts';
import { matchedDoc, type TextMatch } from './match.ts';
import type { QueryField } from './match-options.ts';
import { int, list, str, type SearchParams } from './query-params.ts';
import { textMatchInfo } from './text-match.ts';

export type HitOptions = { include: Set<string>; exclude: Set<string>; highlight: HighlightOptions };

export function readHitOptions(params: SearchParams, fields: QueryField[]): HitOptions {
  const include = new Set(list(str(params, 'include_fields')));
  const exclude = new Set(list(str(params, 'exclude_fields')));
  const highlightFields = params.highlight_fields !== undefined ? list(str(params, 'highlight_fields')) : fields.map((f) => f.name);
  const fullFields = new Set(list(str(params, 'highlight_full_fields')));
  const tags = { start: str(params, 'highlight_start_tag') ?? '<mark>', end: str(params, 'highlight_end_tag') ?? '</mark>' };
  const snippetThreshold = int(params, 'snippet_threshold', 30);
  const affix = int(params, 'highlight_affix_num_tokens', 4);
  return { include, exclude, highlight: { fields: highlightFields, fullFields, tags, snippetThreshold, affix } };
}

const WILDCARD_MATCH_INFO = {
  best_field_score: '0',
  best_field_weight: 0,
  fields_matched: 0,
  num_tokens_dropped: 0,
  score: '100',
  tokens_matched: 0,
  typo_prefix_score: 0,
};

/** What a search matched, as the hits need it: the text match and its scores (both null without query tokens). */
export type HitContext = {
  collection: Collection;
  gen: IndexGeneration;
  fields: QueryField[];
  text: TextMatch | null;
  score: Float64Array | null;
  /** Documents pinned by a curation (hit.curated: true). */
  curated?: ReadonlySet<number>;
};

export function buildHits(pageDocs: number[], { collection, gen, fields, text, score, curated }: HitContext, options: HitOptions) {
  return pageDocs.map((d) => {
    const doc = gen.docs[d]!;
    const hit: Record<string, unknown> = { document: project(doc, options.include, options.exclude), highlight: {}, highlights: [] };
    if (curated?.has(d)) hit.curated = true;
    // A pinned document that the query did not match has no text match of its own.
    const matched = text && text.tokens.length > 0 && matchedDoc(text, d);
    if (text && text.tokens.length > 0 && !matched) {
      hit.text_match = 0;
      hit.text_match_info = { ...WILDCARD_MATCH_INFO, score: '0' };
    } else if (text && text.tokens.length > 0) {
      const { highlight, highlights } = highlightDoc(doc, text, fields, options.highlight, gen, collection);
      hit.highlight = highlight;
      hit.highlights = highlights;
      hit.text_match = score ? score[d] : 0;
      hit.text_match_info = textMatchInfo(text, score!, fields, d);
    } else {
      hit.text_match = 100;
      hit.text_match_info = { ...WILDCARD_MATCH_INFO };
    }
    return hit;
  });
}

/** The document with only the fields asked for; the stored document itself when nothing is left out. */
function project(doc: Doc, include: Set<string>, exclude: Set<string>): Record<string, unknown> {
  if (include.size === 0 && exclude.size === 0) return doc;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (include.size > 0 && !include.has(k)) continue;
    if (exclude.has(k)) continue;
    out[k] = v;
  }
  return out;
}

// Synonyms of one collection, in Typesense's per-collection synonym format: multi-way (`{synonyms: [a, b, c]}`,
// each term finds the others) or one-way (`{root: a, synonyms: [b, c]}`, a finds b and c, not the reverse).
// Applied at search time in match.ts: a query token equal to a term (after the engine's normalisation, no typos,
// no prefix, as Typesense's defaults synonym_num_typos=0 and synonym_prefix=false) also matches the other terms.
// Only single-word source terms are applied; their equivalents may have several words (all of them must match).
import { TypesenseError } from './schema.ts';
import { tokenize, type TokenizeOptions } from './text.ts';

export type SynonymRule = { id: string; synonyms: string[]; root?: string; locale?: string; symbols_to_index?: string[] };

/** Bounds: rules per collection, terms per rule, characters per term and per id. */
const SYNONYM_LIMITS = { rules: 1000, terms: 20, termLength: 100, idLength: 128 };

/** Checks a synonym body as Typesense does (400 with its messages), plus the engine's bounds. */
function validateSynonym(id: string, body: unknown): SynonymRule {
  if (id === '' || id.length > SYNONYM_LIMITS.idLength)
    throw new TypesenseError(400, `A synonym id must have 1 to ${SYNONYM_LIMITS.idLength} characters.`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypesenseError(400, 'Bad JSON.');
  const { synonyms, root, locale, symbols_to_index } = body as Record<string, unknown>;
  if (!Array.isArray(synonyms) || synonyms.length === 0) throw new TypesenseError(400, 'Could not find an array of `synonyms`');
  if (root !== undefined && typeof root !== 'string') throw new TypesenseError(400, 'Key `root` should be a string.');
  if (synonyms.some((s) => typeof s !== 'string' || s.trim() === ''))
    throw new TypesenseError(400, 'Could not find a valid string array of `synonyms`');
  if (synonyms.length > SYNONYM_LIMITS.terms)
    throw new TypesenseError(400, `A synonym may have at most ${SYNONYM_LIMITS.terms} \`synonyms\` (the embedded engine's limit).`);
  const terms = [...(synonyms as string[]), ...(root === undefined ? [] : [root])];
  if (terms.some((t) => t.length > SYNONYM_LIMITS.termLength))
    throw new TypesenseError(400, `A synonym term may have at most ${SYNONYM_LIMITS.termLength} characters (the embedded engine's limit).`);
  if (locale !== undefined && typeof locale !== 'string') throw new TypesenseError(400, 'Key `locale` should be a string.');
  if (symbols_to_index !== undefined && (!Array.isArray(symbols_to_index) || symbols_to_index.some((s) => typeof s !== 'string')))
    throw new TypesenseError(400, 'Key `symbols_to_index` should be an array of strings.');
  const rule: SynonymRule = { id, synonyms: [...(synonyms as string[])] };
  if (root !== undefined && root !== '') rule.root = root;
  if (locale !== undefined) rule.locale = locale;
  if (symbols_to_index !== undefined) rule.symbols_to_index = [...(symbols_to_index as string[])];
  return rule;
}

/** The synonym rules of a collection and, made when first needed, the alternatives per query token. */
export class SynonymIndex {
  private readonly rules = new Map<string, SynonymRule>();
  private expansions: Map<string, string[][]> | null = null;
  /** Changes with every write, so that cached token matches made with other synonyms are not reused. */
  version = 0;
  private readonly options: TokenizeOptions;

  constructor(options: TokenizeOptions) {
    this.options = options;
  }

  get size(): number {
    return this.rules.size;
  }

  upsert(id: string, body: unknown): SynonymRule {
    const rule = validateSynonym(id, body);
    if (!this.rules.has(id) && this.rules.size >= SYNONYM_LIMITS.rules)
      throw new TypesenseError(400, `A collection may have at most ${SYNONYM_LIMITS.rules} synonyms (the embedded engine's limit).`);
    this.rules.set(id, rule);
    this.changed();
    return rule;
  }

  get(id: string): SynonymRule {
    const rule = this.rules.get(id);
    if (!rule) throw new TypesenseError(404, 'Could not find that `id`.');
    return rule;
  }

  list(): SynonymRule[] {
    return [...this.rules.values()];
  }

  delete(id: string): { id: string } {
    this.get(id);
    this.rules.delete(id);
    this.changed();
    return { id };
  }

  private changed(): void {
    this.expansions = null;
    this.version++;
  }

  /** Alternatives of a normalised query token: each a list of tokens that must all match. Empty when none. */
  alternatives(token: string): readonly string[][] {
    if (this.rules.size === 0) return NONE;
    this.expansions ??= this.expand();
    return this.expansions.get(token) ?? NONE;
  }

  private expand(): Map<string, string[][]> {
    const out = new Map<string, Map<string, string[]>>();
    const add = (from: string[], to: string[]) => {
      if (from.length !== 1 || to.length === 0) return;
      const key = to.join(' ');
      if (key === from[0]) return;
      let alts = out.get(from[0]!);
      if (!alts) out.set(from[0]!, (alts = new Map()));
      alts.set(key, to);
    };
    for (const rule of this.rules.values()) {
      const terms = rule.synonyms.map((s) => tokenize(s, this.options));
      if (rule.root !== undefined) {
        const root = tokenize(rule.root, this.options);
        for (const t of terms) add(root, t);
      } else for (const a of terms) for (const b of terms) if (a !== b) add(a, b);
    }
    return new Map([...out].map(([k, v]) => [k, [...v.values()]]));
  }
}

const NONE: readonly string[][] = [];

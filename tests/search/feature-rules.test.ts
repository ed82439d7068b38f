// Feature words as filters (issue 24): the override rules generated from the catalogue's specifications
// (src/search/feature-rules.ts, content/search/feature-rules.yaml), and what they make the shop's engine answer.
// Expected products judged from the catalogue files by hand (their facets), not from the engine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSearchCurations, loadSearchSynonyms } from '../../src/server/content/catalog';
import { productSearchParams } from '../../src/search/config';
import { buildShopEngine } from '../../src/search/embedded';
import { generatedSearchFiles } from '../../src/search/feature-rules-file';
import { shopCatalog } from './helpers';

const c = shopCatalog();
const engine = buildShopEngine(
  { products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories, productTags: c.productTags },
  { synonyms: loadSearchSynonyms(), curations: loadSearchCurations() },
);
type Answer = { hits: { document: { id: string } }[] };
const ids = (q: string, extra: Record<string, unknown> = {}) =>
  (engine.search('v3_producten', { q, ...productSearchParams, per_page: 250, include_fields: 'id', ...extra }) as Answer).hits
    .map((h) => Number(h.document.id))
    .sort();
const rule = (id: string) => loadSearchCurations().products.find((r) => r.id === id);

describe('the generated rules', () => {
  it('content/search/feature-rules.yaml and word-forms.yaml are what `npm run search:rules` writes for the catalogue', () => {
    const files = generatedSearchFiles([...c.products.values()], c.categories);
    expect(readFileSync('content/search/feature-rules.yaml', 'utf8')).toBe(files['feature-rules.yaml']);
    expect(readFileSync('content/search/word-forms.yaml', 'utf8')).toBe(files['word-forms.yaml']);
  });

  it("come after the editors' curations; alone a feature stops there, beside other words the later rules run too", () => {
    const list = loadSearchCurations().products;
    expect(list[0]!.id).toBe('bosch-vaatwassers');
    // A colour beside a product type (kenmerk-eerst-kleur-…) keeps its words for the colour rule after it.
    const generated = list.filter((r) => r.id.startsWith('kenmerk-') && !r.id.startsWith('kenmerk-eerst-'));
    expect(generated.every((r) => r.remove_matched_tokens === true)).toBe(true);
    expect(generated.every((r) => r.stop_processing === (r.rule.match === 'exact'))).toBe(true);
    expect(generated.every((r) => (r.rule.match === 'exact') === r.id.startsWith('kenmerk-alleen-'))).toBe(true);
  });

  it('"stille" alone filters on the noise levels of 44 dB and below that the catalogue has; beside other words it keeps what has none', () => {
    expect(rule('kenmerk-alleen-stil-2')).toEqual({
      id: 'kenmerk-alleen-stil-2',
      rule: { query: 'stille', match: 'exact' },
      filter_by: 'spec_geluidsniveau:=[`39 dB`,`40 dB`,`41 dB`,`42 dB`,`43 dB`,`44 dB`]',
      remove_matched_tokens: true,
      stop_processing: true,
    });
    expect(rule('kenmerk-stil-2')).toEqual({
      id: 'kenmerk-stil-2',
      rule: { query: 'stille', match: 'contains' },
      filter_by: '(spec_geluidsniveau:=[`39 dB`,`40 dB`,`41 dB`,`42 dB`,`43 dB`,`44 dB`] || specKeys:!=`geluidsniveau`)',
      remove_matched_tokens: true,
      stop_processing: false,
    });
  });

  it('a measure filters every facet that holds it; free-standing is the build type or the category beside a built-in one', () => {
    expect(rule('kenmerk-alleen-maat-88-cm-1')!.filter_by).toBe('(spec_breedte:=`88 cm` || spec_nisbouwmaat:=`88 cm`)');
    expect(rule('kenmerk-maat-88-cm-1')!.filter_by).toBe(
      '((spec_breedte:=`88 cm` || spec_nisbouwmaat:=`88 cm`) || specKeys:!=[`breedte`,`nisbouwmaat`])',
    );
    expect(rule('kenmerk-maat-88-cm-2')!.rule.query).toBe('88cm');
    expect(rule('kenmerk-vrijstaand-2')!.filter_by).toBe('(spec_bouwtype:=`Vrijstaand` || categorySlug:=`koelkasten`)');
  });

  it('a colour word filters every value of its colour, Dutch or English, from the facets or the specifications', () => {
    expect(rule('kenmerk-kleur-zwart-2')!.filter_by).toBe('(spec_kleur:=[`Matt Black`,`Zwart`,`Zwart glas`] || specKeys:!=`kleur`)');
  });

  it('a colour beside a product type some of whose products have no colour filters only that colour, before the colour rule', () => {
    // Fridges: 2 red, 2 white, 12 RVS-look, the others without a colour; every other type has a colour for all or none.
    const combined = loadSearchCurations().products.filter((r) => r.id.startsWith('kenmerk-eerst-'));
    expect(new Set(combined.map((r) => r.id.replace(/-\d+$/, '')))).toEqual(
      new Set(['kenmerk-eerst-kleur-rood-koelkast', 'kenmerk-eerst-kleur-rvs-koelkast', 'kenmerk-eerst-kleur-wit-koelkast']),
    );
    expect(combined.find((r) => r.rule.query === 'rode koelkast')).toEqual({
      id: expect.stringMatching(/^kenmerk-eerst-kleur-rood-koelkast-\d+$/),
      rule: { query: 'rode koelkast', match: 'contains' },
      filter_by: 'spec_kleur:=[`Kersenrood`,`Rood`]',
      remove_matched_tokens: false,
      stop_processing: false,
    });
    expect(combined.map((r) => r.rule.query)).toEqual(expect.arrayContaining(['koelkast rood', 'rode koelkasten', 'koelkasten rood']));
    // Built-in fridges have no colour: their category is not a word of these rules.
    expect(combined.some((r) => r.rule.query.includes('inbouw'))).toBe(false);
    expect('kenmerk-eerst-kleur-wit-koelkast-1' < 'kenmerk-kleur-beige').toBe(true);
  });
});

describe('what the search finds with them', () => {
  it('"stille vaatwasser": the 25 dishwashers of 44 dB or less', () => {
    expect(ids('stille vaatwasser')).toEqual([
      100075, 100078, 100080, 100081, 100082, 100083, 100084, 100085, 100089, 100090, 100091, 100093, 100094, 100095, 100096, 100097,
      100098, 100254, 100257, 100258, 100259, 100261, 100262, 100263, 100265,
    ]);
  });

  it('"vaatwasser 45 cm" and "vaatwasser 45cm": the four 45 cm dishwashers', () => {
    expect(ids('vaatwasser 45 cm')).toEqual([100077, 100092, 100255, 100266]);
    expect(ids('vaatwasser 45cm')).toEqual([100077, 100092, 100255, 100266]);
  });

  it('"wasmachine 9 kg": the washing machines of 9 kg for sale, not the 9 kg dryers', () => {
    expect(ids('wasmachine 9 kg')).toEqual([100206, 100207, 100208, 100209, 100211, 100212, 100213, 100214]);
  });

  it("two feature words together apply both filters; with the search's own filter too", () => {
    expect(ids('stille vaatwasser 45 cm')).toEqual([]);
    expect(ids('stille vaatwasser', { filter_by: 'brand:=Siemens' })).toEqual([100078, 100093, 100094, 100257]);
  });

  it('a feature word alone lists what has the feature', () => {
    expect(ids('pyrolyse').length).toBe(17);
  });

  it('beside a product word whose specifications say nothing of it, the feature keeps them all: "stille wasmachine"', () => {
    const washers = [...c.products.values()].filter((p) => !p.expired && p.productType === 'wasmachine').map((p) => p.productId);
    expect(ids('stille wasmachine')).toEqual(washers.sort());
  });

  it('"rode koelkast", "koelkast rood", "witte koelkasten": only the fridges of that colour', () => {
    expect(ids('rode koelkast')).toEqual([100246, 100247]);
    expect(ids('koelkast rood')).toEqual([100246, 100247]);
    expect(ids('witte koelkasten')).toEqual([100251, 100252]);
  });

  it('"zwarte koelkast": no fridge is black, so the fridges without a colour, none of another colour', () => {
    const fridges = [...c.products.values()].filter((p) => !p.expired && p.productType === 'koelkast');
    const uncoloured = fridges.filter((p) => !p.specifications.some((s) => s.label === 'Kleur') && !p.facets.kleur);
    expect(uncoloured.length).toBe(19);
    expect(ids('zwarte koelkast')).toEqual(uncoloured.map((p) => p.productId).sort());
  });

  it('"rode waterkoker": no kettle is red, so nothing (the kettles know their colour)', () => {
    expect(ids('rode waterkoker')).toEqual([]);
  });
});

describe('diminutives (content/search/word-forms.yaml)', () => {
  it('"pannetje" finds the pans, "krukje" the bar stools, "tafeltje" the tables', () => {
    const pans = [...c.products.values()].filter((p) => !p.expired && p.productType === 'pan').map((p) => p.productId);
    expect(ids('pannetje')).toEqual(pans.sort());
    expect(ids('krukjes')).toEqual(
      [...c.products.values()]
        .filter((p) => !p.expired && p.productType === 'barkruk')
        .map((p) => p.productId)
        .sort(),
    );
    // and every table (besides the table-top fridges, "tafelmodel", whose parts hold tafel too)
    const tables = [...c.products.values()].filter((p) => !p.expired && p.productType === 'eettafel').map((p) => p.productId);
    expect(ids('tafeltje')).toEqual(expect.arrayContaining(tables));
  });
});

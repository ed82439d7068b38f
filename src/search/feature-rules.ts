// Feature words as filters: Typesense override rules, made from the catalogue's own specifications, that turn the
// words Dutch shoppers add to a product word into a filter on the matching facet and take them out of the query
// ("stille vaatwasser" → vaatwasser with spec_geluidsniveau ≤ 44 dB, "wasmachine 9 kg" → wasmachine with
// spec_vulgewicht 9 kg, "zwarte waterkoker" → waterkoker with spec_kleur Zwart). `npm run search:rules` writes them to
// content/search/feature-rules.yaml; the engine and `npm run search:index` load them after the editors' curations.
//
// A rule matches its phrase anywhere in the query (`contains`), filters with `filter_by`, removes its words
// (`remove_matched_tokens`) and lets the later rules run too (`stop_processing: false`), so "stille vaatwasser 45 cm"
// gets both filters. The filters name values the catalogue holds. Beside a product word, a feature filters only the
// products whose specifications know it (the others stay: `specKeys`, shop-collections.ts), so "zwarte koelkast" lists
// the fridges, whose colour the catalogue does not hold, and "rode waterkoker" finds nothing when no kettle is red:
// the search page says so rather than showing red things of another kind. Alone ("pyrolyse"), it filters strictly.
import type { Product } from '../schemas/catalog.ts';
import type { CurationsFile } from '../schemas/search.ts';
import { ENERGY_LABEL_KEY, searchFacets } from './shop-collections.ts';
import { normalizeToken } from './text.ts';

type FeatureRule = CurationsFile['products'][number];
type CategoryLike = { slug: string; name: string; parent?: string };

/** A dishwasher of at most this many dB is "stil" (the shop's own banner says so: 44 dB or quieter). */
const QUIET_DB = 44;
/** The top category of built-in appliances. */
const BUILT_IN = 'inbouwapparatuur';

/** Dutch colour words as a shopper writes them before a noun: the facet value, its inflected form. */
const COLOUR_FORMS: Record<string, string[]> = {
  zwart: ['zwart', 'zwarte'],
  wit: ['wit', 'witte'],
  grijs: ['grijs', 'grijze'],
  donkergrijs: ['donkergrijs', 'donkergrijze'],
  rood: ['rood', 'rode'],
  groen: ['groen', 'groene'],
  blauw: ['blauw', 'blauwe'],
  donkerblauw: ['donkerblauw', 'donkerblauwe'],
  geel: ['geel', 'gele'],
  zilver: ['zilver', 'zilveren', 'zilverkleurig', 'zilverkleurige'],
  rvs: ['rvs', 'roestvrijstaal', 'roestvrij staal', 'roestvrijstalen'],
  beige: ['beige'],
  antraciet: ['antraciet'],
  taupe: ['taupe'],
  cognac: ['cognac'],
  oudroze: ['oudroze', 'roze'],
  olijfgroen: ['olijfgroen', 'olijfgroene'],
  pastelgroen: ['pastelgroen', 'pastelgroene', 'mintgroen', 'mintgroene'],
  pastelblauw: ['pastelblauw', 'pastelblauwe', 'lichtblauw', 'lichtblauwe'],
  grafiet: ['grafiet'],
};

/** English colour words in some brands' colour names ("Matt Black", "Mineral Fresh White"). */
const ENGLISH_COLOURS: Record<string, string> = {
  black: 'zwart',
  white: 'wit',
  grey: 'grijs',
  gray: 'grijs',
  green: 'groen',
  red: 'rood',
  blue: 'blauw',
  steel: 'rvs',
};

/** The colour words, longest first, so "donkergrijs" is tried before "grijs". */
const COLOURS_LONGEST_FIRST = Object.keys(COLOUR_FORMS).sort((a, b) => b.length - a.length);

/**
 * The Dutch colour word of a colour value: itself ("Grijs"), the colour it ends or starts with ("Kersenrood" → rood,
 * "RVS-look" → rvs), or its English word ("Matt Black" → zwart); undefined for names of no colour ("Multikleur").
 */
function colourFamily(value: string): string | undefined {
  const normal = normalizeToken(value);
  if (COLOUR_FORMS[normal]) return normal;
  return (
    COLOURS_LONGEST_FIRST.find((colour) => normal.endsWith(colour)) ??
    COLOURS_LONGEST_FIRST.find((colour) => normal.startsWith(colour)) ??
    value
      .toLowerCase()
      .split(/\s+/)
      .map((word) => ENGLISH_COLOURS[word])
      .find(Boolean)
  );
}

/** Facets whose values are measures, and the units a shopper types for them. */
const UNITS: Record<string, string[]> = { cm: ['cm'], liter: ['liter', 'l'], kg: ['kg'], db: ['db'] };
const MEASURE = /^(\d+(?:,\d+)?) (cm|liter|kg|dB)$/;

const quote = (value: string) => `\`${value}\``;
const anyOf = (field: string, values: readonly string[]) =>
  values.length === 1 ? `${field}:=${quote(values[0]!)}` : `${field}:=[${values.map(quote).join(',')}]`;
/** Documents with none of `values` in an array field (and those without the field). */
const noneOf = (field: string, values: readonly string[]) => anyOf(field, values).replace(`${field}:=`, `${field}:!=`);

/** The rules for the products of a catalogue, in a stable order (their ids sort as they are listed). */
export function featureRules(products: Iterable<Product>, categories: ReadonlyMap<string, CategoryLike>): FeatureRule[] {
  // Every value of every facet, and which facets hold a value.
  const facetValues = new Map<string, Set<string>>();
  const energyLabels = new Set<string>();
  // Categories whose products carry a build type: that facet says which of them are free-standing.
  const withBuildType = new Set<string>();
  // Per product type: its colours, whether some of its products have none, and the categories of its coloured ones.
  const typeColours = new Map<string, { colours: Set<string>; uncoloured: boolean; categories: Set<string> }>();
  for (const product of products) {
    if (product.expired) continue;
    if (product.facets.bouwtype) withBuildType.add(product.category);
    const facets = searchFacets(product);
    const type = typeColours.get(product.productType) ?? { colours: new Set(), uncoloured: false, categories: new Set() };
    typeColours.set(product.productType, type);
    if (facets.kleur) {
      type.colours.add(facets.kleur);
      type.categories.add(product.category);
    } else type.uncoloured = true;
    for (const [key, value] of Object.entries(facets)) {
      let values = facetValues.get(key);
      if (!values) facetValues.set(key, (values = new Set()));
      values.add(value);
    }
    if (product.energyLabel) energyLabels.add(product.energyLabel);
  }
  const values = (key: string) => [...(facetValues.get(key) ?? [])].sort((a, b) => a.localeCompare(b, 'nl'));
  const rules: FeatureRule[] = [];
  // A feature of the specifications (`keys`: the facets that hold it) filters strictly when it is the whole query
  // ("pyrolyse"), and next to other words only the products whose specifications say something about it: "stille
  // wasmachine" keeps the washing machines (the catalogue has no noise level for them), "stille vaatwasser" keeps the
  // quiet dishwashers. The whole-query rules come first (their ids sort before the others) and stop there.
  const rule = (id: string, phrases: readonly string[], filter: string, keys: readonly string[] = []) => {
    const add = (prefix: string, match: 'exact' | 'contains', filterBy: string) => {
      for (const [i, phrase] of phrases.entries())
        rules.push({
          id: `kenmerk-${prefix}${id}${phrases.length > 1 ? `-${i + 1}` : ''}`,
          rule: { query: phrase, match },
          filter_by: filterBy,
          remove_matched_tokens: true,
          stop_processing: match === 'exact',
        });
    };
    if (keys.length === 0) return add('', 'contains', filter);
    add('alleen-', 'exact', filter);
    add('', 'contains', `(${filter} || ${noneOf('specKeys', keys)})`);
  };

  // Quiet: the noise levels at or below QUIET_DB.
  const quiet = values('geluidsniveau').filter((v) => Number.parseInt(v, 10) <= QUIET_DB);
  if (quiet.length > 0)
    rule('stil', ['stil', 'stille', 'stilste', 'geluidsarm', 'geluidsarme', 'fluisterstil'], anyOf('spec_geluidsniveau', quiet), [
      'geluidsniveau',
    ]);

  // Measures: "60 cm", "60cm", "9 kg", "70 liter", "44 dB", in every facet that has the value.
  const measures = new Map<string, Map<string, string[]>>();
  for (const [key, set] of facetValues)
    for (const value of set) {
      const m = MEASURE.exec(value);
      if (!m) continue;
      const id = `${normalizeToken(m[1]!)}-${m[2]!.toLowerCase()}`;
      const keys = measures.get(id) ?? new Map<string, string[]>();
      keys.set(key, [...(keys.get(key) ?? []), value]);
      measures.set(id, keys);
    }
  for (const id of [...measures.keys()].sort((a, b) => a.localeCompare(b, 'nl', { numeric: true }))) {
    const [number, unit] = id.split('-') as [string, string];
    const keys = measures.get(id)!;
    const filter = [...keys.entries()].map(([key, vs]) => anyOf(`spec_${key}`, vs)).join(' || ');
    const phrases = UNITS[unit]!.flatMap((u) => [`${number} ${u}`, `${number}${u}`]);
    rule(`maat-${id}`, [...new Set(phrases)], keys.size > 1 ? `(${filter})` : filter, [...keys.keys()]);
  }

  // Energy class: "energieklasse A", "energielabel B", "label C".
  for (const label of [...energyLabels].filter((l) => !l.includes('+')).sort())
    rule(
      `energieklasse-${label.toLowerCase()}`,
      [`energieklasse ${label}`, `energielabel ${label}`, `label ${label}`],
      anyOf('energyLabel', [label]),
      [ENERGY_LABEL_KEY],
    );

  // Colour: the Dutch colour words and their inflected forms, each filtering every value of its colour ("rvs" →
  // RVS and RVS-look; "grijs" → Grijs, not Donkergrijs, which has words of its own).
  const families = new Map<string, string[]>();
  for (const value of values('kleur')) {
    const family = colourFamily(value);
    if (family) families.set(family, [...(families.get(family) ?? []), value]);
  }
  for (const [family, members] of [...families].sort(([a], [b]) => a.localeCompare(b)))
    rule(`kleur-${family}`, COLOUR_FORMS[family]!, anyOf('spec_kleur', members), ['kleur']);
  // A colour beside the name of a product type of which some products have that colour and others no colour at all
  // ("rode koelkast": 2 red fridges, 19 whose colour the catalogue does not hold): only that colour. The colour rule
  // above would keep the fridges without one, and rank them before the red ones. These rules come first (their ids
  // sort before kenmerk-kleur-…), keep the words (the colour rule after them takes the colour word out) and add the
  // strict filter; "zwarte koelkast", a colour no fridge has, still lists the fridges.
  for (const [type, { colours, uncoloured, categories: slugs }] of [...typeColours].sort(([a], [b]) => a.localeCompare(b))) {
    if (!uncoloured) continue;
    const typeWords = [
      type,
      ...[...slugs].map((slug) => categories.get(slug)?.name.toLowerCase() ?? '').filter((name) => name.includes(type)),
    ];
    const typeFamilies = new Set([...colours].map(colourFamily).filter((family) => family !== undefined));
    for (const family of [...typeFamilies].sort()) {
      const phrases = COLOUR_FORMS[family]!.flatMap((colour) => typeWords.flatMap((word) => [`${colour} ${word}`, `${word} ${colour}`]));
      for (const [i, phrase] of [...new Set(phrases)].entries())
        rules.push({
          id: `kenmerk-eerst-kleur-${family}-${normalizeToken(type).replace(/\s+/g, '-')}-${i + 1}`,
          rule: { query: phrase, match: 'contains' },
          filter_by: anyOf('spec_kleur', families.get(family)!),
          remove_matched_tokens: false,
          stop_processing: false,
        });
    }
  }

  // Oven features: cleaning, steam. Microwaves: combi.
  const cleaning: Record<string, string[]> = {
    Pyrolyse: ['pyrolyse', 'pyrolytisch', 'pyrolytische', 'zelfreinigend', 'zelfreinigende'],
    Katalytisch: ['katalytisch', 'katalytische', 'katalyse'],
    Hydrolyse: ['hydrolyse', 'hydrolytisch', 'hydrolytische'],
  };
  for (const value of values('reiniging'))
    if (cleaning[value]) rule(`reiniging-${normalizeToken(value)}`, cleaning[value], anyOf('spec_reiniging', [value]), ['reiniging']);
  if (values('stoomfunctie').includes('Ja'))
    rule('stoom', ['met stoom', 'stoomfunctie', 'stoom', 'stoomoven'], anyOf('spec_stoomfunctie', ['Ja']), ['stoomfunctie']);
  const combi = values('type').filter((v) => /^combi/i.test(v));
  if (combi.length > 0) rule('combi', ['combi', 'combimagnetron', 'combi magnetron'], anyOf('spec_type', combi));

  // No frost.
  if (values('nofrost').includes('Ja'))
    rule('nofrost', ['no frost', 'nofrost', 'no-frost', 'zonder ontdooien'], anyOf('spec_nofrost', ['Ja']), ['nofrost']);

  // Built in or free-standing: the built-in categories, the dishwashers' build type, and the free-standing
  // categories that have a built-in counterpart (koelkasten beside inbouwkoelkasten).
  const builtIn = [...categories.values()].filter((c) => c.parent === BUILT_IN).map((c) => c.slug);
  const bouwtypes = values('bouwtype');
  const integrated = bouwtypes.filter((v) => /integreerbaar|onderbouw/i.test(v));
  if (builtIn.length > 0) {
    const filter = [anyOf('categorySlug', builtIn), ...(integrated.length > 0 ? [anyOf('spec_bouwtype', integrated)] : [])].join(' || ');
    rule('inbouw', ['inbouw', 'ingebouwd', 'ingebouwde', 'integreerbaar', 'integreerbare'], `(${filter})`);
  }
  const freeCategories = [...categories.values()]
    .filter((c) => c.parent !== BUILT_IN && categories.has(`inbouw${c.slug}`))
    .map((c) => c.slug)
    .filter((slug) => !withBuildType.has(slug));
  const free = bouwtypes.filter((v) => /vrijstaand/i.test(v));
  if (free.length > 0 || freeCategories.length > 0) {
    const parts = [
      ...(free.length > 0 ? [anyOf('spec_bouwtype', free)] : []),
      ...(freeCategories.length > 0 ? [anyOf('categorySlug', freeCategories)] : []),
    ];
    rule('vrijstaand', ['vrijstaand', 'vrijstaande'], parts.length > 1 ? `(${parts.join(' || ')})` : parts[0]!);
  }
  return rules;
}

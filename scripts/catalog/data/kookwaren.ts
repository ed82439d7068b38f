// Model tables for household goods (issue 23): pans and knives. They are parcels: no assembly, no extra service and
// no floor service (service class 'parcel'). A variant is the next size of `sizes` (cm), so the sample catalogue's
// siblings are real sizes of the same range; past the sizes a variant takes the next colour or handle.
import { feature, spec, yesNo } from '../lib.ts';
import type { Model, TypeDef } from '../types.ts';

/** The variant's size from a model's "20/24/28" list, and how many sizes came before it. */
function sizeOf(m: Model, variant: number): { size: number; round: number } {
  const sizes = String(feature(m.f, 'sizes', () => '0'))
    .split('/')
    .map(Number);
  return { size: sizes[variant % sizes.length], round: Math.floor(variant / sizes.length) };
}

/** "Geëmailleerd gietijzer" → "geëmailleerd gietijzer", but brand-like words stay as they are. */
/** A word in running text: 'Koekenpan' becomes 'koekenpan'; an abbreviation such as 'RVS' or 'ABS' stays as it is. */
const lower = (text: string) => (/^[A-Z]{2}/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1));

const panColours = ['Zwart', 'Volcanique', 'Kersenrood', 'Marseille blauw', 'Sage', 'Meringue'];

const pan = (brand: string, series: string, tier: 1 | 2 | 3, euros: number, f: Model['f']): Model => ({
  brand,
  series,
  code: '',
  tier,
  euros,
  f,
});

export const pannen: TypeDef = {
  category: 'pannen',
  image: 'pan',
  weight: 34,
  service: 'parcel',
  models: [
    pan('BK', 'Easy Induction', 1, 39, {
      kind: 'Koekenpan',
      sizes: '28/24/20',
      material: 'Aluminium met keramische antiaanbaklaag',
      oven: 160,
      dish: true,
    }),
    pan('BK', 'Brilliant Pro', 2, 79, { kind: 'Braadpan', sizes: '24/20/28', material: 'RVS', oven: 260, dish: true }),
    pan('BK', 'Karbon Black', 1, 49, { kind: 'Wokpan', sizes: '30/28', material: 'Carbonstaal', oven: 260, dish: false }),
    pan('Le Creuset', 'Signature', 3, 349, {
      kind: 'Braadpan',
      sizes: '24/26/20',
      material: 'Geëmailleerd gietijzer',
      oven: 260,
      dish: true,
      colour: true,
    }),
    pan('Le Creuset', '3-ply Plus', 2, 159, { kind: 'Koekenpan', sizes: '26/20/30', material: 'RVS (3-laags)', oven: 260, dish: true }),
    pan('Le Creuset', 'Toughened Non-Stick', 2, 179, {
      kind: 'Wokpan',
      sizes: '30/26',
      material: 'Aluminium met antiaanbaklaag',
      oven: 260,
      dish: true,
    }),
    pan('Tefal', 'Ingenio Expertise', 2, 199, {
      kind: 'Pannenset',
      sizes: '13/10',
      material: 'Aluminium met antiaanbaklaag',
      oven: 250,
      dish: true,
      set: true,
    }),
    pan('Tefal', 'Jamie Oliver Premium', 1, 59, {
      kind: 'Koekenpan',
      sizes: '28/24',
      material: 'Hard geanodiseerd aluminium',
      oven: 210,
      dish: true,
    }),
    pan('Tefal', 'Unlimited', 1, 44, { kind: 'Wokpan', sizes: '28/32', material: 'Aluminium met antiaanbaklaag', oven: 175, dish: true }),
    pan('WMF', 'Profi Resist', 2, 119, { kind: 'Koekenpan', sizes: '28/24/20', material: 'RVS', oven: 250, dish: true }),
    pan('WMF', 'Provence Plus', 2, 199, { kind: 'Pannenset', sizes: '4/5', material: 'RVS', oven: 250, dish: true, set: true }),
    pan('Fissler', 'Original-Profi Collection', 3, 169, { kind: 'Kookpan', sizes: '20/24/16', material: 'RVS', oven: 230, dish: true }),
    pan('Fissler', 'Adamant', 2, 109, {
      kind: 'Koekenpan',
      sizes: '28/24',
      material: 'Aluminium met antiaanbaklaag',
      oven: 250,
      dish: true,
    }),
    pan('Demeyere', 'Industry5', 3, 199, { kind: 'Hapjespan', sizes: '28/24', material: 'RVS (5-laags)', oven: 260, dish: true }),
    pan('Demeyere', 'Proline', 3, 239, { kind: 'Koekenpan', sizes: '28/24/32', material: 'RVS (7-laags)', oven: 260, dish: true }),
    pan('Scanpan', 'CTX', 3, 139, { kind: 'Steelpan', sizes: '18/16/20', material: 'RVS met antiaanbaklaag', oven: 260, dish: true }),
    pan('Scanpan', 'Classic Induction', 2, 129, {
      kind: 'Grillpan',
      sizes: '27/31',
      material: 'Aluminium met antiaanbaklaag',
      oven: 260,
      dish: true,
    }),
    pan('Staub', 'La Cocotte', 3, 299, { kind: 'Braadpan', sizes: '24/20/28', material: 'Geëmailleerd gietijzer', oven: 250, dish: true }),
    pan('Zwilling', 'Pro', 2, 99, { kind: 'Koekenpan', sizes: '28/24', material: 'RVS', oven: 260, dish: true }),
  ],
  build({ model: m, rng, variant }) {
    const kind = feature(m.f, 'kind', () => 'Koekenpan') as string;
    const material = feature(m.f, 'material', () => 'RVS') as string;
    const oven = feature(m.f, 'oven', () => 220) as number;
    const dish = feature(m.f, 'dish', () => true) as boolean;
    const set = feature(m.f, 'set', () => false) as boolean;
    const { size, round } = sizeOf(m, variant);
    const colour = feature(m.f, 'colour', () => false)
      ? panColours[(variant + 1) % panColours.length]
      : material.includes('RVS')
        ? 'RVS'
        : 'Zwart';
    const coated = material.includes('antiaanbak');
    const what = set ? `pannenset ${size}-delig` : `${lower(kind)} ${size} cm`;
    const name = [
      m.series,
      what,
      colour !== 'RVS' && colour !== 'Zwart' ? lower(colour) : '',
      round > 0 ? ['', 'zwart', 'grijs', 'rood'][round % 4] : '',
    ]
      .filter(Boolean)
      .join(' ');
    const litres = set
      ? 0
      : Math.round((Math.PI * (size / 2) ** 2 * (kind === 'Braadpan' || kind === 'Kookpan' ? size * 0.45 : size * 0.2)) / 100) / 10;
    return {
      name,
      specs: [
        spec('Algemeen', 'Type', kind),
        spec('Algemeen', 'Kleur', colour),
        ...(set ? [spec('Afmetingen', 'Aantal delen', size)] : [spec('Afmetingen', 'Diameter', `${size} cm`)]),
        ...(litres > 0 ? [spec('Afmetingen', 'Inhoud', `${String(litres).replace('.', ',')} liter`)] : []),
        spec('Materiaal', 'Materiaal', material),
        spec('Materiaal', 'Antiaanbaklaag', yesNo(coated)),
        spec('Gebruik', 'Geschikt voor inductie', 'Ja'),
        spec('Gebruik', 'Geschikt voor gas, keramisch en elektrisch', 'Ja'),
        spec('Gebruik', 'Ovenbestendig tot', `${oven} °C`),
        spec('Onderhoud', 'Vaatwasserbestendig', yesNo(dish)),
      ],
      facets: {
        type: kind,
        ...(set ? { setgrootte: `${size} delen` } : { diameter: `${size} cm` }),
        materiaal: material,
        inductie: 'Ja',
        vaatwasserbestendig: yesNo(dish),
      },
      priceFactor: set ? 1 + variant * 0.15 : 1 + (size - sizeOf(m, 0).size) * 0.03 + round * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${set ? 'pannenset' : lower(kind)} van ${lower(material)}, geschikt voor inductie en alle andere warmtebronnen.`,
        `Met deze ${set ? `${size}-delige pannenset` : `${lower(kind)} van ${size} cm`} van ${m.brand} kook je op inductie, gas en keramisch.`,
      ]),
      more: [
        coated
          ? 'Dankzij de antiaanbaklaag bak je met weinig boter of olie en is de pan snel schoon.'
          : 'Zonder antiaanbaklaag schroei je vlees dicht op hoog vuur en bouw je een mooie jus op.',
        `De pan kan tot ${oven} °C de oven in, handig om een gerecht af te garen.`,
        dish ? 'Na het koken mag hij gewoon in de vaatwasser.' : 'Was hem met de hand af en wrijf hem in met een beetje olie.',
        ...(material.includes('gietijzer') ? ['Gietijzer houdt de warmte lang vast, ideaal voor stoofvlees en brood uit de pan.'] : []),
      ],
    };
  },
};

const knife = (brand: string, series: string, tier: 1 | 2 | 3, euros: number, f: Model['f']): Model => ({
  brand,
  series,
  code: '',
  tier,
  euros,
  f,
});

const X50 = 'RVS (X50CrMoV15)';

export const messen: TypeDef = {
  category: 'messen',
  image: 'mes',
  weight: 30,
  service: 'parcel',
  models: [
    knife('Wüsthof', 'Classic', 3, 149, { kind: 'Koksmes', sizes: '20/16/23', steel: X50, hrc: 58 }),
    knife('Wüsthof', 'Classic Ikon', 3, 169, { kind: 'Santokumes', sizes: '17/14', steel: X50, hrc: 58 }),
    knife('Wüsthof', 'Gourmet', 2, 79, { kind: 'Broodmes', sizes: '23/20', steel: X50, hrc: 56 }),
    knife('Wüsthof', 'Classic', 3, 449, { kind: 'Messenblok', sizes: '7/8', steel: X50, hrc: 58, set: true }),
    knife('Zwilling', 'Pro', 3, 119, { kind: 'Koksmes', sizes: '20/16/23', steel: 'RVS (Zwilling-staal)', hrc: 57 }),
    knife('Zwilling', 'Four Star', 2, 49, { kind: 'Officemes', sizes: '10/13', steel: 'RVS (Zwilling-staal)', hrc: 57 }),
    knife('Zwilling', 'Twin Chef', 2, 99, { kind: 'Messenset', sizes: '3/2', steel: 'RVS (Zwilling-staal)', hrc: 56, set: true }),
    knife('Global', 'G-2', 3, 119, { kind: 'Koksmes', sizes: '20', steel: 'RVS (Cromova 18)', hrc: 57 }),
    knife('Global', 'G-46', 3, 129, { kind: 'Santokumes', sizes: '18', steel: 'RVS (Cromova 18)', hrc: 57 }),
    knife('Global', 'G-9', 2, 119, { kind: 'Broodmes', sizes: '22', steel: 'RVS (Cromova 18)', hrc: 57 }),
    knife('Victorinox', 'Swiss Classic', 1, 39, { kind: 'Koksmes', sizes: '19/15/22', steel: X50, hrc: 56, dish: true }),
    knife('Victorinox', 'Fibrox', 1, 45, { kind: 'Broodmes', sizes: '21/26', steel: X50, hrc: 56, dish: true }),
    knife('Victorinox', 'Swiss Classic', 1, 9, { kind: 'Tomatenmes', sizes: '11', steel: X50, hrc: 56, dish: true }),
    knife('Victorinox', 'Swiss Modern', 1, 45, { kind: 'Santokumes', sizes: '17', steel: X50, hrc: 56, dish: true }),
    knife('WMF', 'Grand Class', 2, 69, { kind: 'Koksmes', sizes: '20/15', steel: 'RVS (Performance Cut)', hrc: 58 }),
    knife('WMF', 'Spitzenklasse Plus', 2, 199, { kind: 'Messenblok', sizes: '6/7', steel: 'RVS (Performance Cut)', hrc: 58, set: true }),
  ],
  build({ model: m, rng, variant }) {
    const kind = feature(m.f, 'kind', () => 'Koksmes') as string;
    const steel = feature(m.f, 'steel', () => X50) as string;
    const hrc = feature(m.f, 'hrc', () => 56) as number;
    const set = feature(m.f, 'set', () => false) as boolean;
    const dish = feature(m.f, 'dish', () => false) as boolean;
    const { size, round } = sizeOf(m, variant);
    const handle = ['', 'zwart', 'eiken', 'olijfhout', 'rood'][round % 5];
    const what = set ? `${lower(kind)} ${size}-delig` : `${lower(kind)} ${size} cm`;
    const name = [m.series, what, handle].filter(Boolean).join(' ');
    const blade =
      m.brand === 'Global' ? 'Staal uit één stuk (ook het heft)' : m.brand === 'Victorinox' ? 'Kunststof (Fibrox)' : 'Kunststof, geklonken';
    return {
      name,
      specs: [
        spec('Algemeen', 'Type', kind),
        ...(set ? [spec('Algemeen', 'Aantal delen', size)] : [spec('Lemmet', 'Lemmetlengte', `${size} cm`)]),
        spec('Lemmet', 'Staalsoort', steel),
        spec('Lemmet', 'Hardheid', `${hrc} HRC`),
        spec('Lemmet', 'Snede', kind === 'Broodmes' || kind === 'Tomatenmes' ? 'Gekarteld' : 'Glad'),
        spec('Heft', 'Heft', blade),
        spec('Onderhoud', 'Vaatwasserbestendig', dish ? 'Ja, maar met de hand wassen houdt hem langer scherp' : 'Nee'),
      ],
      facets: {
        type: kind,
        ...(set ? { setgrootte: `${size} delen` } : { lemmetlengte: `${size} cm` }),
        staalsoort: steel,
        vaatwasserbestendig: yesNo(dish),
      },
      priceFactor: set ? 1 + variant * 0.12 : 1 + (size - sizeOf(m, 0).size) * 0.02 + round * 0.03,
      lead: rng.pick([
        `Het ${m.brand} ${name} is een ${set ? `set van ${size} delen` : `${lower(kind)} met een lemmet van ${size} cm`}, van ${lower(steel)} met een hardheid van ${hrc} HRC.`,
        `Met ${set ? `deze ${size}-delige set` : `dit ${lower(kind)}`} van ${m.brand} snijd je elke dag soepel en precies.`,
      ]),
      more: [
        'Houd het lemmet scherp met een aanzetstaal en slijp het een paar keer per jaar op een wetsteen.',
        kind === 'Broodmes'
          ? 'De gekartelde snede gaat door een harde korst zonder het brood plat te drukken.'
          : 'De gladde snede snijdt groente, vlees en kruiden zonder te scheuren.',
        set
          ? 'Elk mes heeft zijn eigen plek, zodat het lemmet niet bot wordt in de la.'
          : 'Het heft ligt goed in de hand, ook bij lang snijwerk.',
      ],
    };
  },
};

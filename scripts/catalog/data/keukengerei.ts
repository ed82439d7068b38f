// Model tables for household goods (issue 23): kitchen utensils and small kitchen items. Parcels like pans and
// knives (service class 'parcel'). A variant is the next size or colour of the model, then the next colour.
import { feature, spec, yesNo } from '../lib.ts';
import type { Model, TypeDef } from '../types.ts';

const item = (brand: string, series: string, tier: 1 | 2 | 3, euros: number, f: Model['f']): Model => ({
  brand,
  series,
  code: '',
  tier,
  euros,
  f,
});

/** A word in running text: 'Koekenpan' becomes 'koekenpan'; an abbreviation such as 'RVS' or 'ABS' stays as it is. */
const lower = (text: string) => (/^[A-Z]{2}/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1));

const extraColours = ['grijs', 'groen', 'blauw', 'rood', 'wit'];
/** Steel utensils come in other finishes rather than colours. */
const steelFinishes = ['gepolijst', 'mat zwart', 'koperkleur', 'goudkleur'];

/**
 * The variant's colour from a model's "Zwart/Wit" list (`named`: more than one, so the name says it); past the list,
 * or for a model of one colour, the next of extraColours (of steelFinishes for RVS).
 */
function colourOf(m: Model, variant: number): { colour: string; named: string } {
  const colours = String(feature(m.f, 'colours', () => 'Zwart')).split('/');
  if (variant < colours.length) return { colour: colours[variant], named: colours.length > 1 ? lower(colours[variant]) : '' };
  const extras = colours[0] === 'RVS' ? steelFinishes : extraColours;
  const extra = extras[(variant - colours.length) % extras.length];
  return { colour: extra.charAt(0).toUpperCase() + extra.slice(1), named: extra };
}

export const keukengerei: TypeDef = {
  category: 'keukengerei',
  image: 'keukengerei',
  weight: 28,
  service: 'parcel',
  models: [
    item('OXO', 'Good Grips', 1, 15, { kind: 'Dunschiller', material: 'RVS en kunststof', colours: 'Zwart' }),
    item('OXO', 'Good Grips', 2, 39, { kind: 'Slacentrifuge', material: 'Kunststof', size: '26 cm', colours: 'Wit' }),
    item('OXO', 'Good Grips', 1, 16, { kind: 'Garde', material: 'RVS', size: '28 cm', colours: 'Zwart' }),
    item('OXO', 'Good Grips', 1, 29, { kind: 'Snijplank', material: 'Kunststof', size: '38 x 27 cm', colours: 'Zwart' }),
    item('Joseph Joseph', 'Chop2Pot', 1, 19, { kind: 'Snijplank', material: 'Kunststof', size: '38 x 22 cm', colours: 'Groen/Rood/Grijs' }),
    item('Joseph Joseph', 'Index', 2, 59, { kind: 'Snijplankenset', material: 'Kunststof', set: 4, colours: 'Grafiet/Multikleur' }),
    item('Joseph Joseph', 'Cut&Carve', 1, 29, { kind: 'Snijplank', material: 'Kunststof', size: '40 x 29 cm', colours: 'Groen/Wit' }),
    item('Joseph Joseph', 'Elevate', 2, 39, {
      kind: 'Keukengereiset',
      material: 'Nylon en kunststof',
      set: 6,
      colours: 'Multikleur/Grijs',
    }),
    item('Rösle', 'Classic', 2, 29, { kind: 'Pollepel', material: 'RVS', size: '32 cm', colours: 'RVS' }),
    item('Rösle', 'Classic', 2, 25, { kind: 'Keukentang', material: 'RVS', size: '30 cm', colours: 'RVS' }),
    item('Rösle', 'Classic', 2, 29, { kind: 'Garde', material: 'RVS', size: '27 cm', colours: 'RVS' }),
    item('Brabantia', 'Profile', 1, 13, { kind: 'Spatel', material: 'RVS en kunststof', colours: 'Zwart' }),
    item('Brabantia', 'Tasty+', 1, 16, { kind: 'Keukenschaar', material: 'RVS en kunststof', colours: 'Donkergrijs/Groen' }),
    item('WMF', 'Profi Plus', 2, 25, { kind: 'Pollepel', material: 'RVS', size: '30 cm', colours: 'RVS' }),
    item('WMF', 'Profi Plus', 2, 39, { kind: 'Vergiet', material: 'RVS', size: '24 cm', colours: 'RVS' }),
    item('Zwilling', 'Twin', 2, 39, { kind: 'Keukenschaar', material: 'RVS', colours: 'Zwart' }),
  ],
  build({ model: m, rng, variant }) {
    const kind = feature(m.f, 'kind', () => 'Spatel') as string;
    const material = feature(m.f, 'material', () => 'RVS') as string;
    const set = feature(m.f, 'set', () => 0) as number;
    const size = feature(m.f, 'size', () => '') as string;
    const { colour, named } = colourOf(m, variant);
    const what = set > 0 ? `${lower(kind)} ${set}-delig` : [lower(kind), size].filter(Boolean).join(' ');
    const name = [m.series, what, named].filter(Boolean).join(' ');
    const dish = kind !== 'Keukenschaar' || m.brand !== 'Zwilling';
    return {
      name,
      specs: [
        spec('Algemeen', 'Type', kind),
        spec('Algemeen', 'Kleur', colour),
        spec('Materiaal', 'Materiaal', material),
        ...(size ? [spec('Afmetingen', 'Afmeting', size)] : []),
        ...(set > 0 ? [spec('Algemeen', 'Aantal delen', set)] : []),
        spec('Onderhoud', 'Vaatwasserbestendig', yesNo(dish)),
        spec('Gebruik', 'Veilig voor pannen met antiaanbaklaag', yesNo(!material.startsWith('RVS') || kind === 'Keukenschaar')),
      ],
      facets: {
        type: kind,
        materiaal: material,
        ...(set > 0 ? { setgrootte: `${set} delen` } : {}),
        vaatwasserbestendig: yesNo(dish),
        kleur: colour,
      },
      priceFactor: 1 + Math.floor(variant / 4) * 0.05,
      lead: rng.pick([
        `De ${m.brand} ${name} is ${set > 0 ? `een set van ${set} stuks` : `een ${lower(kind)}`} van ${lower(material)} voor elke dag in de keuken.`,
        `Met ${set > 0 ? 'deze set' : `deze ${lower(kind)}`} van ${m.brand} heb je het juiste gereedschap bij de hand.`,
      ]),
      more: [
        dish ? 'Na gebruik mag hij in de vaatwasser.' : 'Was hem na gebruik met de hand af en droog hem meteen.',
        'De greep ligt stevig in de hand, ook met natte handen.',
        kind.startsWith('Snijplank')
          ? 'De plank glijdt niet weg op het aanrecht en laat geen krassen achter op je messen.'
          : 'Hij hangt aan de ophanglus binnen handbereik bij het fornuis.',
      ],
    };
  },
};

export const keukenaccessoires: TypeDef = {
  category: 'keukenaccessoires',
  image: 'keukenaccessoire',
  weight: 26,
  service: 'parcel',
  models: [
    item('Brabantia', 'Roll Top', 2, 49, {
      kind: 'Broodtrommel',
      material: 'Staal',
      size: '16 liter',
      colours: 'Matt Black/Mineral Fresh White/Platinum',
    }),
    item('Brabantia', 'Profile', 1, 25, { kind: 'Keukenrolhouder', material: 'RVS', colours: 'Matt Steel/Matt Black' }),
    item('Brabantia', 'Tasty+', 1, 35, {
      kind: 'Keukenweegschaal',
      material: 'Glas en kunststof',
      size: 'tot 5 kg',
      colours: 'Dark Grey/Jade Green',
    }),
    item('Brabantia', 'Bo Touch Bin', 3, 229, {
      kind: 'Afvalemmer',
      material: 'Staal',
      size: '2 x 30 liter',
      colours: 'Matt Black/White/Platinum',
    }),
    item('Joseph Joseph', 'Extend', 2, 49, { kind: 'Afdruiprek', material: 'Kunststof', colours: 'Grijs/Groen' }),
    item('Joseph Joseph', 'Nest', 2, 29, { kind: 'Voorraadpotten', material: 'Kunststof', set: 3, colours: 'Multikleur/Wit' }),
    item('Joseph Joseph', 'Totem Max', 3, 179, { kind: 'Afvalemmer', material: 'RVS', size: '60 liter', colours: 'RVS/Zwart' }),
    item('OXO', 'Good Grips POP', 1, 19, { kind: 'Voorraadbus', material: 'Kunststof (SAN)', size: '1,6 liter', colours: 'Transparant' }),
    item('OXO', 'Good Grips POP', 2, 89, { kind: 'Voorraadbussen', material: 'Kunststof (SAN)', set: 5, colours: 'Transparant' }),
    item('WMF', 'Ceramill', 2, 49, {
      kind: 'Peper- en zoutmolenset',
      material: 'RVS met keramisch maalwerk',
      set: 2,
      colours: 'RVS/Zwart',
    }),
    item('Zwilling', 'Fresh & Save', 2, 59, { kind: 'Vacuümset', material: 'Borosilicaatglas', set: 7, colours: 'Transparant' }),
    item('Le Creuset', 'Heritage', 2, 69, {
      kind: 'Rechthoekige schaal',
      material: 'Aardewerk',
      size: '32 cm',
      colours: 'Volcanique/Kersenrood/Sage',
    }),
    item('Le Creuset', 'Classic', 2, 49, {
      kind: 'Pepermolen',
      material: 'ABS met keramisch maalwerk',
      size: '21 cm',
      colours: 'Volcanique/Zwart',
    }),
    item('Rösle', 'Digitale', 2, 45, { kind: 'Keukenthermometer', material: 'RVS', colours: 'RVS' }),
  ],
  build({ model: m, rng, variant }) {
    const kind = feature(m.f, 'kind', () => 'Broodtrommel') as string;
    const material = feature(m.f, 'material', () => 'RVS') as string;
    const set = feature(m.f, 'set', () => 0) as number;
    const size = feature(m.f, 'size', () => '') as string;
    const { colour, named } = colourOf(m, variant);
    const what = set > 0 ? `${lower(kind)} ${set}-delig` : [lower(kind), size].filter(Boolean).join(' ');
    const name = [m.series, what, named].filter(Boolean).join(' ');
    const dish = ['Voorraadpotten', 'Voorraadbus', 'Voorraadbussen', 'Vacuümset', 'Rechthoekige schaal', 'Afdruiprek'].includes(kind);
    return {
      name,
      specs: [
        spec('Algemeen', 'Type', kind),
        spec('Algemeen', 'Kleur', colour),
        spec('Materiaal', 'Materiaal', material),
        ...(size ? [spec('Afmetingen', 'Inhoud of maat', size)] : []),
        ...(set > 0 ? [spec('Algemeen', 'Aantal delen', set)] : []),
        spec('Onderhoud', 'Vaatwasserbestendig', yesNo(dish)),
      ],
      facets: { type: kind, materiaal: material, kleur: colour, ...(set > 0 ? { setgrootte: `${set} delen` } : {}) },
      priceFactor: 1 + Math.floor(variant / 4) * 0.05,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${lower(kind)} van ${lower(material)} die je keuken opgeruimd houdt.`,
        `Deze ${lower(kind)} van ${m.brand} in ${lower(colour)} past bij elke keuken.`,
      ]),
      more: [
        dish ? 'Hij kan in de vaatwasser.' : 'Een vochtige doek is genoeg om hem schoon te houden.',
        `Het ontwerp van ${m.brand} is doordacht tot in de kleinste details.`,
        'We versturen hem als pakket, dus hij staat snel bij je in de keuken.',
      ],
    };
  },
};

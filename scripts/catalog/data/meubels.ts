// Model tables for our own furniture brand, Huys Wonen. Names are Dutch and European place names;
// a variant changes size, finish or colour.
import { spec, yesNo } from '../lib.ts';
import type { TypeDef } from '../types.ts';

const own = (series: string, tier: 1 | 2 | 3, euros: number, f: Record<string, string | number | boolean>) => ({
  brand: 'Huys Wonen',
  series,
  code: '',
  tier,
  euros,
  f,
});

/** The n-th combination of a few option lists, so that variants differ before they repeat. */
function combo<T extends readonly (readonly string[])[]>(n: number, lists: T): string[] {
  const out: string[] = [];
  let rest = n;
  for (const list of lists) {
    out.push(list[rest % list.length]);
    rest = Math.floor(rest / list.length);
  }
  return out;
}

const shapeAdjective: Record<string, string> = { Rechthoekig: 'rechthoekige', Rond: 'ronde', Ovaal: 'ovale', 'Deens ovaal': 'Deens ovale' };

const tableFinishes = ['eiken naturel', 'eiken gerookt', 'eiken zwart', 'mango naturel', 'teak gerecycled', 'keramiek marmerlook'];

export const eettafels: TypeDef = {
  category: 'eettafels',
  image: 'eettafel',
  weight: 10,
  service: 'furniture',
  models: [
    own('Lissabon', 2, 899, {
      shape: 'Rechthoekig',
      length: 200,
      leg: 'U-poten, zwart metaal',
      legText: 'De U-poten van zwart metaal',
      finish: 0,
    }),
    own('Oslo', 2, 799, { shape: 'Deens ovaal', length: 220, leg: 'Spinpoot, eiken', legText: 'De eiken spinpoot', finish: 1 }),
    own('Toscane', 3, 1299, {
      shape: 'Rechthoekig',
      length: 240,
      leg: 'X-poten, massief eiken',
      legText: 'De X-poten van massief eiken',
      finish: 0,
    }),
    own('Bergen', 1, 549, {
      shape: 'Rechthoekig',
      length: 180,
      leg: 'Vierkante poten, eiken',
      legText: 'De vierkante eiken poten',
      finish: 3,
    }),
    own('Verona', 3, 1149, {
      shape: 'Rond',
      length: 130,
      leg: 'Kolompoot, zwart metaal',
      legText: 'De kolompoot van zwart metaal',
      finish: 5,
    }),
    own('Lyon', 2, 999, { shape: 'Ovaal', length: 200, leg: 'Dubbele kolompoot, eiken', legText: 'De dubbele eiken kolompoot', finish: 1 }),
    own('Utrecht', 1, 499, {
      shape: 'Rechthoekig',
      length: 160,
      leg: 'V-poten, zwart metaal',
      legText: 'De V-poten van zwart metaal',
      finish: 2,
    }),
    own('Delft', 2, 749, { shape: 'Rond', length: 120, leg: 'Spinpoot, eiken', legText: 'De eiken spinpoot', finish: 0 }),
    own('Sevilla', 3, 1499, {
      shape: 'Rechthoekig',
      length: 260,
      leg: 'Trapeziumpoten, metaal',
      legText: 'De metalen trapeziumpoten',
      finish: 4,
    }),
    own('Bergamo', 2, 1049, {
      shape: 'Deens ovaal',
      length: 240,
      leg: 'Kruispoot, zwart metaal',
      legText: 'De kruispoot van zwart metaal',
      finish: 2,
    }),
  ],
  build({ model: m, rng, variant }) {
    const f = m.f ?? {};
    const shape = String(f.shape);
    const round = shape === 'Rond';
    const sizes = round ? [0, 10, -10, 20] : [0, 20, -20, 40, 60];
    const finishes = [...tableFinishes.slice(Number(f.finish)), ...tableFinishes.slice(0, Number(f.finish))];
    const [sizeDelta, finish] = combo(variant, [sizes.map(String), finishes]) as [string, string];
    const length = Number(f.length) + Number(sizeDelta);
    const width = round ? length : length >= 220 ? 100 : 90;
    const persons = round ? Math.max(4, Math.round(length / 25)) : Math.round(length / 60) * 2;
    const edition = variant >= sizes.length * 6 ? ` editie ${Math.floor(variant / (sizes.length * 6)) + 1}` : '';
    const material = finish.startsWith('keramiek')
      ? 'Keramiek op eiken onderblad'
      : finish.startsWith('mango')
        ? 'Massief mangohout'
        : finish.startsWith('teak')
          ? 'Gerecycled teakhout'
          : 'Massief eiken';
    const dims = round ? `Ø ${length} x 76 cm` : `${length} x ${width} x 76 cm`;
    return {
      name: `${m.series} ${round ? `Ø ${length}` : length} cm ${finish}${edition}`,
      specs: [
        spec('Algemeen', 'Vorm', shape),
        spec('Algemeen', 'Aantal personen', `${persons}`),
        spec('Materiaal', 'Materiaal tafelblad', material),
        spec('Materiaal', 'Afwerking', finish.charAt(0).toUpperCase() + finish.slice(1)),
        spec('Materiaal', 'Onderstel', String(f.leg)),
        spec('Afmetingen', 'Afmetingen (l x b x h)', dims),
        spec('Afmetingen', 'Bladdikte', `${rng.pick([3, 4, 4, 5])} cm`),
      ],
      facets: { vorm: shape, materiaal: material, lengte: `${length} cm` },
      priceFactor:
        (length / Number(f.length)) ** 1.2 * (material === 'Keramiek op eiken onderblad' ? 1.25 : material === 'Massief eiken' ? 1 : 0.9),
      lead: rng.pick([
        `Eettafel ${m.series} van Huys Wonen is een ${shapeAdjective[shape]} tafel van ${round ? `${length} cm doorsnee` : `${length} x ${width} cm`} in ${finish}, met plaats voor ${persons} personen.`,
        `Aan deze ${shapeAdjective[shape]} eettafel ${m.series} van ${round ? `${length} cm doorsnee` : `${length} cm lang`} schuiven ${persons} personen comfortabel aan.`,
      ]),
      more: [
        material === 'Keramiek op eiken onderblad'
          ? 'Het keramische blad is krasvast en bestand tegen hete pannen, vlekken en vocht.'
          : `Het blad van ${material.toLowerCase()} is behandeld met een matte lak die vlekken en kringen tegengaat.`,
        `Met ${String(f.legText).replace(/^De /, 'de ')} staat de tafel stevig en houd je volop beenruimte.`,
        'Elk blad heeft een eigen tekening in het hout, waardoor geen tafel precies hetzelfde is.',
      ].filter((line) => !(material === 'Keramiek op eiken onderblad' && line.startsWith('Elk blad'))),
    };
  },
};

const legMaterial: Record<string, string> = {
  'Metaal zwart': 'zwart metaal',
  'Metaal goud': 'goudkleurig metaal',
  Eiken: 'eikenhout',
  Beukenhout: 'beukenhout',
};

const chairColours = ['cognac', 'antraciet', 'oudroze', 'olijfgroen', 'okergeel', 'beige', 'taupe', 'donkerblauw'];

export const eetkamerstoelen: TypeDef = {
  category: 'eetkamerstoelen',
  image: 'eetkamerstoel',
  weight: 12,
  service: 'furniture',
  models: [
    own('Noor', 1, 129, { material: 'Velours', legs: 'Metaal zwart', arms: false }),
    own('Mila', 2, 179, { material: 'Velours', legs: 'Metaal zwart', arms: true }),
    own('Fenna', 2, 199, { material: 'Ecoleer', legs: 'Eiken', arms: false }),
    own('Sem', 1, 99, { material: 'Stof', legs: 'Metaal zwart', arms: false }),
    own('Lotte', 3, 269, { material: 'Leer', legs: 'Eiken', arms: true }),
    own('Daan', 2, 149, { material: 'Rotan met stof', legs: 'Eiken', arms: false }),
    own('Jip', 1, 89, { material: 'Kunststof', legs: 'Beukenhout', arms: false }),
    own('Isa', 3, 299, { material: 'Bouclé', legs: 'Eiken', arms: true, swivel: true }),
    own('Bram', 2, 189, { material: 'Ribstof', legs: 'Metaal zwart', arms: true, swivel: true }),
    own('Roos', 2, 159, { material: 'Velours', legs: 'Metaal goud', arms: false }),
  ],
  build({ model: m, rng, variant }) {
    const f = m.f ?? {};
    const material = String(f.material);
    const start = Math.abs(m.series.charCodeAt(0) + m.series.length) % chairColours.length;
    const colour = chairColours[(start + variant) % chairColours.length];
    const legs = variant >= chairColours.length && f.legs === 'Metaal zwart' ? 'Eiken' : String(f.legs);
    const legsText = legMaterial[legs] ?? legs.toLowerCase();
    const edition = variant >= chairColours.length * 2 ? ` editie ${Math.floor(variant / (chairColours.length * 2)) + 1}` : '';
    const arms = Boolean(f.arms);
    const swivel = Boolean(f.swivel);
    const seat = rng.pick([46, 47, 48]);
    return {
      name: `${m.series} ${material.toLowerCase()} ${colour}${legs !== String(f.legs) ? ' met eiken poten' : ''}${edition}`,
      specs: [
        spec('Algemeen', 'Kleur', colour.charAt(0).toUpperCase() + colour.slice(1)),
        spec('Algemeen', 'Armleuningen', yesNo(arms)),
        spec('Algemeen', 'Draaibaar', yesNo(swivel)),
        spec('Materiaal', 'Bekleding', material),
        spec('Materiaal', 'Poten', legs),
        spec('Afmetingen', 'Zithoogte', `${seat} cm`),
        spec(
          'Afmetingen',
          'Afmetingen (h x b x d)',
          `${rng.int(80, 88)} x ${arms ? rng.int(55, 60) : rng.int(45, 50)} x ${rng.int(55, 62)} cm`,
        ),
      ],
      facets: { materiaal: material, kleur: colour.charAt(0).toUpperCase() + colour.slice(1), armleuningen: yesNo(arms) },
      priceFactor: 1 + (legs !== String(f.legs) ? 0.1 : 0),
      lead: rng.pick([
        `Eetkamerstoel ${m.series} van Huys Wonen heeft een bekleding van ${material.toLowerCase()} in ${colour} en poten van ${legsText}.`,
        `De ${m.series} is een ${arms ? 'eetkamerstoel met armleuningen' : 'eetkamerstoel zonder armleuningen'} in ${colour} ${material.toLowerCase()}.`,
      ]),
      more: [
        `Met een zithoogte van ${seat} cm past hij bij vrijwel elke eettafel.`,
        arms
          ? 'De armleuningen maken lang natafelen extra comfortabel.'
          : 'Zonder armleuningen schuift hij makkelijk onder de tafel, wat ruimte bespaart.',
        ...(swivel ? ['De zitting draait, zodat je makkelijk opstaat en aanschuift.'] : []),
        'De stoel wordt per stuk verkocht en is eenvoudig zelf in elkaar te zetten.',
      ],
    };
  },
};

export const barkrukken: TypeDef = {
  category: 'barkrukken',
  image: 'barkruk',
  weight: 8,
  service: 'furniture',
  models: [
    own('Vince', 2, 149, { material: 'Velours', legs: 'Metaal zwart' }),
    own('Luca', 1, 99, { material: 'Ecoleer', legs: 'Metaal zwart' }),
    own('Nova', 2, 179, { material: 'Bouclé', legs: 'Eiken' }),
    own('Finn', 1, 79, { material: 'Eikenhout', legs: 'Eiken' }),
    own('Tess', 3, 229, { material: 'Leer', legs: 'Metaal zwart', swivel: true }),
    own('Ravi', 2, 129, { material: 'Rotan', legs: 'Metaal zwart' }),
    own('Sara', 2, 159, { material: 'Ribstof', legs: 'Metaal goud', swivel: true }),
    own('Jens', 1, 89, { material: 'Kunststof', legs: 'Metaal zwart' }),
  ],
  build({ model: m, rng, variant }) {
    const f = m.f ?? {};
    const material = String(f.material);
    const colours = material === 'Eikenhout' ? ['naturel', 'zwart gebeitst', 'gerookt'] : chairColours;
    const offset = m.series.charCodeAt(0) + m.series.length;
    const [height, colour] = combo(variant, [
      offset % 2 === 0 ? ['65', '75'] : ['75', '65'],
      [...colours.slice(offset % colours.length), ...colours.slice(0, offset % colours.length)],
    ]);
    const seatText = material === 'Eikenhout' ? `${colour} eikenhout` : `${material.toLowerCase()} in ${colour}`;
    const edition = variant >= colours.length * 2 ? ` editie ${Math.floor(variant / (colours.length * 2)) + 1}` : '';
    const use = height === '65' ? 'Keukeneiland (aanrechthoogte 90 cm)' : 'Bar (barhoogte 105 cm)';
    const swivel = Boolean(f.swivel);
    return {
      name: `${m.series} ${material.toLowerCase()} ${colour} ${height} cm${edition}`,
      specs: [
        spec('Algemeen', 'Kleur', colour.charAt(0).toUpperCase() + colour.slice(1)),
        spec('Algemeen', 'Geschikt voor', use),
        spec('Algemeen', 'Draaibaar', yesNo(swivel)),
        spec('Materiaal', 'Zitting', material),
        spec('Materiaal', 'Frame', String(f.legs)),
        spec('Afmetingen', 'Zithoogte', `${height} cm`),
        spec('Afmetingen', 'Voetensteun', 'Ja'),
      ],
      facets: { zithoogte: `${height} cm`, materiaal: material, kleur: colour.charAt(0).toUpperCase() + colour.slice(1) },
      priceFactor: height === '75' ? 1.05 : 1,
      lead: rng.pick([
        `Barkruk ${m.series} van Huys Wonen heeft een zithoogte van ${height} cm en een zitting van ${seatText}.`,
        `Met een zithoogte van ${height} cm is barkruk ${m.series} gemaakt voor ${height === '65' ? 'een keukeneiland of een aanrecht' : 'een bar of een hoge tafel'}.`,
      ]),
      more: [
        'De voetensteun zorgt dat je ontspannen zit, ook tijdens een lang ontbijt.',
        swivel
          ? 'De zitting draait 360 graden, zodat je makkelijk in gesprek blijft met wie achter je staat.'
          : 'Viltjes onder de poten beschermen je vloer.',
        `Het frame van ${legMaterial[String(f.legs)] ?? String(f.legs).toLowerCase()} is stevig en stabiel.`,
      ],
    };
  },
};

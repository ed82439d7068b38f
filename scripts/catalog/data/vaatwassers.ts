// Model tables for dishwashers, built-in (inbouw) and freestanding (huishouden): one builder for both.
import { feature, nl, spec, yesNo } from '../lib.ts';
import type { BuildContext, EnergyLabel, TypeDef } from '../types.ts';

export const inbouwvaatwassers: TypeDef = {
  category: 'inbouwvaatwassers',
  image: 'vaatwasser',
  weight: 24,
  service: 'builtIn',
  models: [
    { brand: 'Bosch', series: 'Serie 6', code: 'SMV6ZCX10N', tier: 2, euros: 749 },
    { brand: 'Bosch', series: 'Serie 4', code: 'SMV4HTX00N', tier: 1, euros: 549 },
    { brand: 'Bosch', series: 'Serie 2', code: 'SPV2HKX42N', tier: 1, euros: 499, f: { width: 45 } },
    { brand: 'Siemens', series: 'iQ500', code: 'SN65ZX07CE', tier: 2, euros: 849 },
    { brand: 'Siemens', series: 'iQ300', code: 'SN53HS60CE', tier: 1, euros: 599, f: { type: 'Half integreerbaar' } },
    { brand: 'Miele', series: 'G 7000', code: 'G 7460 SCVi', tier: 3, euros: 1399 },
    { brand: 'Miele', series: 'G 5000', code: 'G 5050 SCVi', tier: 2, euros: 949 },
    { brand: 'AEG', series: '8000 ComfortLift', code: 'FSE83837P', tier: 3, euros: 1049 },
    { brand: 'AEG', series: '7000 GlassCare', code: 'FSE75768P', tier: 2, euros: 799 },
    { brand: 'Neff', series: 'N 50', code: 'S155HTX15E', tier: 2, euros: 699 },
    { brand: 'ATAG', series: '', code: 'VA6711PT', tier: 2, euros: 749 },
    { brand: 'Etna', series: '', code: 'VW549ZT', tier: 1, euros: 479 },
    { brand: 'Pelgrim', series: '', code: 'GVW575RVS', tier: 1, euros: 549, f: { type: 'Half integreerbaar' } },
    { brand: 'Beko', series: 'AutoDose', code: 'DIN48430AD', tier: 1, euros: 449 },
    { brand: 'Samsung', series: 'Series 7', code: 'DW60BG730FB', tier: 2, euros: 649 },
  ],
  build(ctx) {
    return dishwasher(ctx, 'inbouw');
  },
};

const typeAdjective: Record<string, string> = {
  'Volledig integreerbaar': 'volledig integreerbare',
  'Half integreerbaar': 'half integreerbare',
  Vrijstaand: 'vrijstaande',
  Onderbouw: 'onderbouw',
};

/** Shared by built-in and freestanding dishwashers. */
function dishwasher({ model: m, rng, variant, name }: BuildContext, kind: 'inbouw' | 'vrijstaand') {
  const width = feature(m.f, 'width', () => 60) as number;
  const type =
    kind === 'vrijstaand'
      ? (feature(m.f, 'type', () => 'Vrijstaand') as string)
      : (feature(m.f, 'type', () => 'Volledig integreerbaar') as string);
  const settings = width === 45 ? rng.pick([9, 10, 10]) : m.tier === 3 ? rng.pick([14, 15]) : rng.pick([13, 13, 14]);
  const noise = m.tier === 3 ? rng.int(39, 42) : m.tier === 2 ? rng.int(41, 44) : rng.int(44, 48);
  const label: EnergyLabel = m.tier === 3 ? rng.pick(['A', 'B']) : m.tier === 2 ? rng.pick(['B', 'C']) : rng.pick(['C', 'D', 'E']);
  const programs = m.tier + rng.int(4, 6);
  const xxl = kind === 'inbouw' && (variant % 2 === 1 || rng.chance(0.25));
  const autoOpen = m.tier > 1 || rng.chance(0.4);
  const water = nl(rng.pick([8.4, 9, 9.5, 10.5, 11]));
  return {
    specs: [
      spec('Algemeen', 'Bouwtype', type),
      spec('Algemeen', 'Breedte', `${width} cm`),
      spec('Capaciteit', 'Aantal couverts', settings),
      spec('Capaciteit', 'Besteklade', yesNo(m.tier > 1 || width === 60)),
      spec('Prestaties', 'Geluidsniveau', `${noise} dB`),
      spec('Prestaties', "Aantal programma's", programs),
      spec('Prestaties', 'Automatische deuropening', yesNo(autoOpen)),
      ...(kind === 'inbouw'
        ? [spec('Afmetingen', 'Nishoogte', xxl ? '86,5 - 92,5 cm' : '81,5 - 87,5 cm')]
        : [spec('Afmetingen', 'Afmetingen (h x b x d)', `85 x ${width} x 60 cm`)]),
      spec('Energie', 'Energieklasse', label),
      spec('Energie', 'Waterverbruik (eco)', `${water} liter`),
    ],
    facets: { breedte: `${width} cm`, bouwtype: type, geluidsniveau: `${noise} dB` },
    energyLabel: label,
    priceFactor: 1 + variant * 0.015 + (xxl ? 0.04 : 0),
    lead: rng.pick([
      `De ${m.brand} ${name} is een ${typeAdjective[type] ?? 'vrijstaande'} vaatwasser van ${width} cm breed met plaats voor ${settings} couverts.`,
      `In deze ${width} cm brede ${m.brand}-vaatwasser past de vaat van ${settings} couverts in één keer.`,
    ]),
    more: [
      noise <= 44
        ? `Met ${noise} dB hoor je hem nauwelijks, ook niet in een open keuken.`
        : `Met een geluidsniveau van ${noise} dB is hij prima geschikt voor een keuken met een deur.`,
      `Het ecoprogramma gebruikt slechts ${water} liter water per wasbeurt en energieklasse ${label} houdt de stroomrekening in toom.`,
      ...(autoOpen ? ['Aan het einde van het programma gaat de deur op een kier open, zodat de vaat sneller en beter droogt.'] : []),
      ...(xxl ? ['Dankzij de XXL-hoogte is er extra ruimte voor hoge glazen en grote pannen.'] : []),
    ],
  };
}

export const vaatwassers: TypeDef = {
  category: 'vaatwassers',
  image: 'vaatwasser',
  weight: 14,
  service: 'large',
  models: [
    { brand: 'Bosch', series: 'Serie 4', code: 'SMS4HVI33E', tier: 1, euros: 549 },
    { brand: 'Bosch', series: 'Serie 6', code: 'SMS6ZCI08E', tier: 2, euros: 749 },
    { brand: 'Bosch', series: 'Serie 2', code: 'SPS2IKW04E', tier: 1, euros: 449, f: { width: 45 } },
    { brand: 'Siemens', series: 'iQ300', code: 'SN23HI60AE', tier: 1, euros: 549 },
    { brand: 'Siemens', series: 'iQ500', code: 'SN25ZI49CE', tier: 2, euros: 799 },
    { brand: 'Miele', series: 'G 7000', code: 'G 7410 SC', tier: 3, euros: 1249 },
    { brand: 'AEG', series: '6000 SatelliteClean', code: 'FFB64627ZM', tier: 2, euros: 599 },
    { brand: 'Beko', series: 'AutoDose', code: 'BDFN36650XC', tier: 1, euros: 479 },
    { brand: 'Samsung', series: 'Series 6', code: 'DW60A6092FS', tier: 2, euros: 549 },
    { brand: 'LG', series: 'QuadWash', code: 'DF455HSS', tier: 2, euros: 649 },
    { brand: 'Bosch', series: 'Serie 4', code: 'SMU4HVS31E', tier: 1, euros: 599, f: { type: 'Onderbouw' } },
  ],
  build(ctx) {
    return dishwasher(ctx, 'vrijstaand');
  },
};

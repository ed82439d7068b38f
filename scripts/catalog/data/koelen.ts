// Model tables for cooling: built-in fridges (inbouw), freestanding fridges and freezers (huishouden).
import { feature, spec, yesNo } from '../lib.ts';
import type { EnergyLabel, TypeDef } from '../types.ts';

export const inbouwkoelkasten: TypeDef = {
  category: 'inbouwkoelkasten',
  image: 'koelkast',
  weight: 20,
  service: 'builtIn',
  models: [
    { brand: 'Bosch', series: 'Serie 4', code: 'KIN86VFE0', tier: 2, euros: 949, f: { nis: 178, combi: true } },
    { brand: 'Bosch', series: 'Serie 2', code: 'KIR81NSE0', tier: 1, euros: 629, f: { nis: 178 } },
    { brand: 'Siemens', series: 'iQ500', code: 'KI86NADD0', tier: 3, euros: 1249, f: { nis: 178, combi: true } },
    { brand: 'Siemens', series: 'iQ300', code: 'KI41RNSE0', tier: 1, euros: 599, f: { nis: 122 } },
    { brand: 'Miele', series: 'K 7000', code: 'KFN 7795 D', tier: 3, euros: 1899, f: { nis: 178, combi: true } },
    { brand: 'Liebherr', series: 'Pure', code: 'ICNd 5103', tier: 2, euros: 1049, f: { nis: 178, combi: true } },
    { brand: 'Liebherr', series: 'Plus', code: 'IRBd 4170', tier: 2, euros: 1149, f: { nis: 122 } },
    { brand: 'Liebherr', series: 'Pure', code: 'IRd 3900', tier: 1, euros: 699, f: { nis: 88 } },
    { brand: 'AEG', series: '6000 TwinTech', code: 'SCE818E6TS', tier: 2, euros: 899, f: { nis: 178, combi: true } },
    { brand: 'ATAG', series: '', code: 'KD85178BD', tier: 2, euros: 849, f: { nis: 178, combi: true } },
    { brand: 'Etna', series: '', code: 'KKD7140', tier: 1, euros: 549, f: { nis: 140 } },
    { brand: 'Pelgrim', series: '', code: 'PKD24122', tier: 1, euros: 579, f: { nis: 122 } },
    { brand: 'Neff', series: 'N 50', code: 'KI5862FE0', tier: 2, euros: 999, f: { nis: 178, combi: true } },
    { brand: 'Samsung', series: '', code: 'BRB26705EWW', tier: 2, euros: 899, f: { nis: 178, combi: true } },
  ],
  build({ model: m, rng, variant, name }) {
    const niches = [178, 158, 140, 122, 88];
    const baseNis = feature(m.f, 'nis', () => 178) as number;
    const nis = variant === 0 ? baseNis : niches[(niches.indexOf(baseNis) + variant) % niches.length];
    const combi = nis >= 158 && feature(m.f, 'combi', () => nis === 178 && rng.chance(0.5));
    const type = combi
      ? 'Koel-vriescombinatie'
      : nis <= 88
        ? 'Koelkast met vriesvak'
        : rng.pick(['Koelkast zonder vriesvak', 'Koelkast met vriesvak']);
    const volume = Math.round((nis - 20) * (combi ? 1.62 : 1.9) + rng.int(-8, 8));
    const noFrost = combi && (m.tier > 1 || rng.chance(0.4));
    const label: EnergyLabel = m.tier === 3 ? rng.pick(['C', 'D']) : rng.pick(['E', 'E', 'F']);
    const door = rng.pick(['Deur-op-deur', 'Sleepdeur', 'Deur-op-deur']);
    const noise = rng.int(m.tier === 3 ? 32 : 34, 38);
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Deurmontage', door),
        spec('Capaciteit', 'Totale netto inhoud', `${volume} liter`),
        spec('Functies', 'No frost', yesNo(noFrost)),
        spec('Functies', 'Verswaarlade', yesNo(m.tier > 1)),
        spec('Afmetingen', 'Nisbouwmaat', `${nis} cm`),
        spec('Energie', 'Energieklasse', label),
        spec('Energie', 'Geluidsniveau', `${noise} dB`),
      ],
      facets: { nisbouwmaat: `${nis} cm`, type, nofrost: yesNo(noFrost) },
      energyLabel: label,
      priceFactor: (nis / baseNis) ** 0.6,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.toLowerCase()} voor een nis van ${nis} cm met ${volume} liter netto inhoud.`,
        `Deze inbouwkoelkast van ${m.brand} past in een nis van ${nis} cm en biedt ${volume} liter ruimte voor je boodschappen.`,
      ]),
      more: [
        noFrost
          ? 'Dankzij no frost vormt zich geen ijs in het vriesgedeelte, dus ontdooien is niet meer nodig.'
          : 'De glazen legplateaus zijn in hoogte verstelbaar, zodat ook hoge flessen en schalen passen.',
        `Met ${noise} dB draait hij rustig en hij is geschikt voor montage met een ${door === 'Sleepdeur' ? 'sleepdeur' : 'deur-op-deursysteem'}.`,
        ...(m.tier > 1 ? ['In de verswaarlade blijven groente en fruit tot twee keer zo lang vers.'] : []),
      ],
    };
  },
};

export const koelkasten: TypeDef = {
  category: 'koelkasten',
  image: 'koelkast',
  weight: 16,
  service: 'large',
  models: [
    {
      brand: 'Samsung',
      series: 'Bespoke',
      code: 'RB38C7B6AB1',
      tier: 3,
      euros: 1199,
      f: { type: 'Koel-vriescombinatie', height: 203, width: 60 },
    },
    {
      brand: 'Samsung',
      series: 'Side-by-side',
      code: 'RS68A8840B1',
      tier: 3,
      euros: 1699,
      f: { type: 'Amerikaanse koelkast', height: 178, width: 91 },
    },
    {
      brand: 'LG',
      series: 'InstaView',
      code: 'GSXV90MCAE',
      tier: 3,
      euros: 2199,
      f: { type: 'Amerikaanse koelkast', height: 179, width: 91 },
    },
    {
      brand: 'LG',
      series: 'DoorCooling+',
      code: 'GBB72PZVCN',
      tier: 2,
      euros: 799,
      f: { type: 'Koel-vriescombinatie', height: 203, width: 60 },
    },
    {
      brand: 'Liebherr',
      series: 'Pure',
      code: 'CNd 5723',
      tier: 2,
      euros: 1049,
      f: { type: 'Koel-vriescombinatie', height: 201, width: 60 },
    },
    { brand: 'Liebherr', series: 'Plus', code: 'Kef 4330', tier: 2, euros: 849, f: { type: 'Kastmodel koelkast', height: 185, width: 60 } },
    {
      brand: 'Bosch',
      series: 'Serie 4',
      code: 'KGN39VWDT',
      tier: 2,
      euros: 849,
      f: { type: 'Koel-vriescombinatie', height: 203, width: 60 },
    },
    {
      brand: 'Bosch',
      series: 'Serie 2',
      code: 'KTR15NWEB',
      tier: 1,
      euros: 349,
      f: { type: 'Tafelmodel koelkast', height: 85, width: 56 },
    },
    {
      brand: 'Siemens',
      series: 'iQ300',
      code: 'KG36NXIDR',
      tier: 1,
      euros: 749,
      f: { type: 'Koel-vriescombinatie', height: 186, width: 60 },
    },
    {
      brand: 'Smeg',
      series: "50's Style",
      code: 'FAB28RPB5',
      tier: 2,
      euros: 1499,
      f: { type: 'Kastmodel koelkast', height: 151, width: 60, retro: true },
    },
    {
      brand: 'Smeg',
      series: "50's Style",
      code: 'FAB10RPB5',
      tier: 2,
      euros: 999,
      f: { type: 'Tafelmodel koelkast', height: 97, width: 55, retro: true },
    },
    {
      brand: 'AEG',
      series: '7000 TwinTech',
      code: 'RCB736E7MX',
      tier: 2,
      euros: 899,
      f: { type: 'Koel-vriescombinatie', height: 201, width: 60 },
    },
    {
      brand: 'Beko',
      series: 'HarvestFresh',
      code: 'B5RCNE366HXB',
      tier: 1,
      euros: 599,
      f: { type: 'Koel-vriescombinatie', height: 186, width: 60 },
    },
    {
      brand: 'Miele',
      series: 'K 4000',
      code: 'KFN 4795 DD',
      tier: 3,
      euros: 1599,
      f: { type: 'Koel-vriescombinatie', height: 201, width: 60 },
    },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Koel-vriescombinatie') as string;
    const height = feature(m.f, 'height', () => 186) as number;
    const width = feature(m.f, 'width', () => 60) as number;
    const retro = feature(m.f, 'retro', () => false);
    const volume = Math.round((type === 'Amerikaanse koelkast' ? 2.7 : 1.75) * (height - 30) * (width / 60) + rng.int(-10, 10));
    const noFrost = type === 'Amerikaanse koelkast' || (type === 'Koel-vriescombinatie' && (m.tier > 1 || rng.chance(0.5)));
    const label: EnergyLabel = m.tier === 3 ? rng.pick(['B', 'C']) : rng.pick(['C', 'D', 'E']);
    const colours = retro ? ['Rood', 'Crème', 'Pastelblauw', 'Zwart'] : ['RVS-look', 'Wit', 'Zwart', 'Zilver'];
    const colour = colours[variant % colours.length];
    const noise = rng.int(35, 41);
    const typeText = type === 'Amerikaanse koelkast' ? type : type.toLowerCase();
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Totale netto inhoud', `${volume} liter`),
        spec('Functies', 'No frost', yesNo(noFrost)),
        ...(type === 'Amerikaanse koelkast' ? [spec('Functies', 'Water- en ijsdispenser', yesNo(m.tier === 3))] : []),
        spec('Afmetingen', 'Afmetingen (h x b x d)', `${height} x ${width} x ${type === 'Amerikaanse koelkast' ? 73 : 66} cm`),
        spec('Energie', 'Energieklasse', label),
        spec('Energie', 'Geluidsniveau', `${noise} dB`),
      ],
      facets: { type, nofrost: yesNo(noFrost) },
      energyLabel: label,
      priceFactor: 1 + variant * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een vrijstaande ${typeText} van ${height} cm hoog met ${volume} liter netto inhoud.`,
        `Deze ${typeText} van ${m.brand} in ${colour.toLowerCase()} biedt ${volume} liter ruimte voor ${type.startsWith('Koel-vries') || type.startsWith('Amerikaanse') ? 'verse en bevroren boodschappen' : 'verse boodschappen en dranken'}.`,
      ]),
      more: [
        noFrost
          ? 'Dankzij no frost bouwt zich geen ijslaag op, dus het vriesgedeelte hoeft nooit ontdooid te worden.'
          : 'De glazen plateaus zijn verstelbaar, zodat je de indeling aanpast aan wat je bewaart.',
        `Met ${noise} dB is hij goed te combineren met een open keuken en energieklasse ${label} houdt het verbruik binnen de perken.`,
        ...(retro ? ['Het afgeronde jaren-vijftigontwerp maakt hem tot het middelpunt van de keuken.'] : []),
      ],
    };
  },
};

export const vriezers: TypeDef = {
  category: 'vriezers',
  image: 'vriezer',
  weight: 10,
  service: 'large',
  models: [
    { brand: 'Liebherr', series: 'Plus', code: 'FNd 5026', tier: 2, euros: 1049, f: { type: 'Vriezer (kastmodel)', height: 165 } },
    { brand: 'Liebherr', series: 'Pure', code: 'GTd 2356', tier: 1, euros: 499, f: { type: 'Diepvrieskist', height: 92 } },
    { brand: 'Bosch', series: 'Serie 4', code: 'GSN36VWEP', tier: 2, euros: 899, f: { type: 'Vriezer (kastmodel)', height: 186 } },
    { brand: 'Bosch', series: 'Serie 2', code: 'GTV15NWEB', tier: 1, euros: 379, f: { type: 'Tafelmodel vriezer', height: 85 } },
    { brand: 'Siemens', series: 'iQ500', code: 'GS36NAWEP', tier: 2, euros: 949, f: { type: 'Vriezer (kastmodel)', height: 186 } },
    { brand: 'AEG', series: '6000 NoFrost', code: 'AGB728E5NW', tier: 2, euros: 849, f: { type: 'Vriezer (kastmodel)', height: 186 } },
    { brand: 'Beko', series: 'HarvestFresh', code: 'FNE290E43WN', tier: 1, euros: 599, f: { type: 'Vriezer (kastmodel)', height: 185 } },
    { brand: 'Samsung', series: 'Bespoke', code: 'RZ32C7BDEB1', tier: 3, euros: 999, f: { type: 'Vriezer (kastmodel)', height: 186 } },
    { brand: 'Miele', series: 'F 4000', code: 'FN 4322 E', tier: 3, euros: 1199, f: { type: 'Vriezer (kastmodel)', height: 186 } },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Vriezer (kastmodel)') as string;
    const height = feature(m.f, 'height', () => 186) as number;
    const volume = type === 'Diepvrieskist' ? rng.pick([200, 230, 260, 300]) : Math.round((height - 20) * 1.7 + rng.int(-8, 8));
    const noFrost = type === 'Vriezer (kastmodel)' && (m.tier > 1 || rng.chance(0.5));
    const drawers = type === 'Vriezer (kastmodel)' ? Math.round(height / 27) : type === 'Tafelmodel vriezer' ? 3 : 0;
    const label: EnergyLabel = m.tier === 3 ? 'C' : rng.pick(['D', 'E', 'E', 'F']);
    const colour = ['Wit', 'RVS-look', 'Zwart'][variant % 3];
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Netto inhoud', `${volume} liter`),
        spec('Capaciteit', 'Aantal laden', drawers === 0 ? 'Geen (hangmanden)' : drawers),
        spec('Functies', 'No frost', yesNo(noFrost)),
        spec('Functies', 'Snelvriesfunctie', 'Ja'),
        spec('Afmetingen', 'Hoogte', `${height} cm`),
        spec('Energie', 'Energieklasse', label),
      ],
      facets: { type, nofrost: yesNo(noFrost) },
      energyLabel: label,
      priceFactor: 1 + variant * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.replace(' (kastmodel)', '').toLowerCase()} met ${volume} liter netto inhoud.`,
        `In deze ${m.brand}-vriezer van ${height} cm hoog bewaar je ${volume} liter aan diepvriesproducten.`,
      ]),
      more: [
        noFrost
          ? 'Met no frost vormt zich geen ijs, zodat je nooit meer hoeft te ontdooien.'
          : 'De snelvriesfunctie koelt nieuwe boodschappen snel terug zonder dat de rest ontdooit.',
        drawers > 0
          ? `De ${drawers} transparante laden geven snel overzicht over wat je in huis hebt.`
          : 'De hangmanden houden kleine verpakkingen bij elkaar en zijn makkelijk uit te nemen.',
        `Energieklasse ${label} betekent een voorspelbaar en laag verbruik.`,
      ],
    };
  },
};

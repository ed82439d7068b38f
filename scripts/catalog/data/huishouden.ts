// Model tables for household appliances (huishouden).
import { feature, spec, yesNo } from '../lib.ts';
import type { EnergyLabel, TypeDef } from '../types.ts';
import { dishwasher } from './inbouw.ts';

export const wasmachines: TypeDef = {
  category: 'wasmachines',
  image: 'wasmachine',
  weight: 20,
  service: 'large',
  models: [
    { brand: 'Miele', series: 'W1', code: 'WWD 320 WCS', tier: 2, euros: 1149, f: { kg: 8 } },
    { brand: 'Miele', series: 'W1 TwinDos', code: 'WWG 360 WCS', tier: 3, euros: 1399, f: { kg: 9, dose: true } },
    { brand: 'Bosch', series: 'Serie 6', code: 'WGG244A0NL', tier: 2, euros: 649, f: { kg: 9 } },
    { brand: 'Bosch', series: 'Serie 8', code: 'WAV28M90NL', tier: 3, euros: 999, f: { kg: 9, dose: true } },
    { brand: 'Siemens', series: 'iQ500', code: 'WG44G2A0NL', tier: 2, euros: 699, f: { kg: 9 } },
    { brand: 'Siemens', series: 'iQ700', code: 'WM6HXL90NL', tier: 3, euros: 1049, f: { kg: 10, dose: true } },
    { brand: 'AEG', series: '7000 ProSteam', code: 'LR7594U4', tier: 2, euros: 799, f: { kg: 9, steam: true } },
    { brand: 'AEG', series: '8000 PowerCare', code: 'LR8696UD5', tier: 3, euros: 1049, f: { kg: 9, dose: true, steam: true } },
    { brand: 'Samsung', series: 'Series 6 EcoBubble', code: 'WW90T634DLE', tier: 2, euros: 599, f: { kg: 9, dose: true } },
    { brand: 'LG', series: 'AI DD', code: 'F4WV709P1E', tier: 2, euros: 649, f: { kg: 9, steam: true } },
    { brand: 'LG', series: 'TurboWash', code: 'F6WV910P2S', tier: 3, euros: 849, f: { kg: 10, dose: true, steam: true } },
    { brand: 'Beko', series: 'SteamCure', code: 'B5WFT89418W', tier: 1, euros: 449, f: { kg: 8, steam: true } },
    { brand: 'Beko', series: 'ProSmart', code: 'WTV8744X0', tier: 1, euros: 379, f: { kg: 8 } },
  ],
  build({ model: m, rng, variant, name }) {
    const sizes = [8, 9, 10];
    const base = feature(m.f, 'kg', () => 8) as number;
    const kg = sizes[(sizes.indexOf(base) + variant) % sizes.length];
    const rpm = m.tier === 3 ? rng.pick([1400, 1600]) : m.tier === 2 ? 1400 : rng.pick([1200, 1400]);
    const dose = feature(m.f, 'dose', () => false);
    const steam = feature(m.f, 'steam', () => m.tier > 1 && rng.chance(0.4));
    const label: EnergyLabel = m.tier === 1 ? rng.pick(['A', 'B']) : 'A';
    const noise = rng.int(m.tier === 3 ? 70 : 72, 77);
    const programs = rng.int(12, 16 + m.tier * 2);
    return {
      specs: [
        spec('Algemeen', 'Belading', 'Voorlader'),
        spec('Capaciteit', 'Vulgewicht', `${kg} kg`),
        spec('Prestaties', 'Max. toerental', `${rpm} tpm`),
        spec('Prestaties', "Aantal programma's", programs),
        spec('Functies', 'Automatische dosering', yesNo(dose)),
        spec('Functies', 'Stoomfunctie', yesNo(steam)),
        spec('Afmetingen', 'Afmetingen (h x b x d)', `85 x 60 x ${kg === 10 ? 64 : 60} cm`),
        spec('Energie', 'Energieklasse', label),
        spec('Energie', 'Geluidsniveau centrifugeren', `${noise} dB`),
      ],
      facets: { vulgewicht: `${kg} kg`, toerental: `${rpm} tpm` },
      energyLabel: label,
      priceFactor: 1 + (kg - base) * 0.06,
      lead: rng.pick([
        `De ${m.brand} ${name} is een wasmachine met een vulgewicht van ${kg} kg en een toerental tot ${rpm} toeren per minuut.`,
        `In deze ${m.brand}-wasmachine was je tot ${kg} kg per keer, ruim genoeg voor een gezin.`,
        `Met ${kg} kg vulgewicht en energieklasse ${label} combineert deze wasmachine van ${m.brand} capaciteit met een zuinig verbruik.`,
      ]),
      more: [
        dose
          ? 'De automatische dosering neemt precies genoeg wasmiddel uit het reservoir, zodat je niets verspilt.'
          : `Kies uit ${programs} programma's, van wol en fijne was tot een snel programma van een kwartier.`,
        ...(steam ? ['Het stoomprogramma frist kleding op en vermindert kreuken, zodat je minder hoeft te strijken.'] : []),
        `Bij het centrifugeren blijft het geluid beperkt tot ${noise} dB.`,
      ],
    };
  },
};

export const wasdrogers: TypeDef = {
  category: 'wasdrogers',
  image: 'wasdroger',
  weight: 12,
  service: 'large',
  models: [
    { brand: 'Miele', series: 'T1', code: 'TWC 220 WP', tier: 2, euros: 1099 },
    { brand: 'Miele', series: 'T1 PerfectDry', code: 'TWF 760 WP', tier: 3, euros: 1549 },
    { brand: 'Bosch', series: 'Serie 6', code: 'WQG24509NL', tier: 2, euros: 749 },
    { brand: 'Bosch', series: 'Serie 4', code: 'WTN85V07NL', tier: 1, euros: 449, f: { type: 'Condensdroger' } },
    { brand: 'Siemens', series: 'iQ500', code: 'WQ45G209NL', tier: 2, euros: 799 },
    { brand: 'AEG', series: '8000 AbsoluteCare', code: 'TR8T85689', tier: 3, euros: 1049 },
    { brand: 'AEG', series: '7000 SensiDry', code: 'TR7T96U9', tier: 2, euros: 799 },
    { brand: 'Samsung', series: 'Series 6', code: 'DV90T6240LE', tier: 2, euros: 649 },
    { brand: 'LG', series: 'DUAL Inverter', code: 'RH90V9AV4N', tier: 2, euros: 699 },
    { brand: 'Beko', series: 'ProSmart', code: 'B5T4924IW', tier: 1, euros: 499 },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Warmtepompdroger') as string;
    const kg = [8, 9, 9, 10][(m.tier + variant) % 4];
    const label: EnergyLabel = type === 'Condensdroger' ? 'D' : m.tier === 1 ? 'B' : 'A';
    const noise = rng.int(61, 66);
    const selfClean = type === 'Warmtepompdroger' && m.tier > 1;
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Capaciteit', 'Vulgewicht', `${kg} kg`),
        spec('Functies', 'Zelfreinigende condensor', yesNo(selfClean)),
        spec('Functies', 'Vochtigheidssensor', 'Ja'),
        spec('Functies', 'Kreukbeveiliging', 'Ja'),
        spec('Installatie', 'Afvoer condenswater', 'Reservoir of directe afvoer'),
        spec('Energie', 'Energieklasse', label),
        spec('Energie', 'Geluidsniveau', `${noise} dB`),
      ],
      facets: { type, vulgewicht: `${kg} kg` },
      energyLabel: label,
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.toLowerCase()} met een vulgewicht van ${kg} kg en energieklasse ${label}.`,
        `Deze ${m.brand}-${type.toLowerCase()} droogt tot ${kg} kg was in één keer.`,
      ]),
      more: [
        type === 'Warmtepompdroger'
          ? 'Een warmtepomp hergebruikt de warme lucht en verbruikt daardoor veel minder stroom dan een gewone condensdroger.'
          : 'Een condensdroger heeft geen afvoer naar buiten nodig en kan dus overal in huis staan.',
        ...(selfClean ? ['De condensor reinigt zichzelf, dus je hoeft alleen het pluizenfilter bij de deur schoon te maken.'] : []),
        'De vochtigheidssensor stopt het programma zodra de was droog is, zodat textiel niet onnodig warm wordt.',
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

export const stofzuigers: TypeDef = {
  category: 'stofzuigers',
  image: 'stofzuiger',
  weight: 10,
  service: 'small',
  models: [
    { brand: 'Miele', series: 'Triflex', code: 'HX2 Pro', tier: 3, euros: 699, f: { type: 'Steelstofzuiger' } },
    { brand: 'Miele', series: 'Complete C3', code: 'Silence EcoLine', tier: 2, euros: 329, f: { type: 'Sledestofzuiger' } },
    { brand: 'Miele', series: 'Boost CX1', code: 'PowerLine', tier: 2, euros: 279, f: { type: 'Sledestofzuiger' } },
    { brand: 'Bosch', series: 'Unlimited 7', code: 'BCS71HYG1', tier: 2, euros: 349, f: { type: 'Steelstofzuiger' } },
    { brand: 'Bosch', series: 'Serie 8 ProSilence', code: 'BGL8SIL59D', tier: 2, euros: 249, f: { type: 'Sledestofzuiger' } },
    { brand: 'Siemens', series: 'iQ700', code: 'SS10S82X1', tier: 3, euros: 499, f: { type: 'Steelstofzuiger' } },
    { brand: 'Samsung', series: 'Bespoke Jet', code: 'VS20B95973B', tier: 3, euros: 749, f: { type: 'Steelstofzuiger' } },
    { brand: 'Samsung', series: 'Jetbot', code: 'VR50T95735W', tier: 2, euros: 549, f: { type: 'Robotstofzuiger' } },
    { brand: 'LG', series: 'CordZero', code: 'A9K-ULTRA', tier: 3, euros: 599, f: { type: 'Steelstofzuiger' } },
    { brand: 'Philips', series: 'SpeedPro Max', code: 'XC8349/01', tier: 2, euros: 399, f: { type: 'Steelstofzuiger' } },
    { brand: 'Philips', series: '3000 Series', code: 'XB2122/09', tier: 1, euros: 129, f: { type: 'Sledestofzuiger' } },
    { brand: 'Philips', series: 'HomeRun 7000', code: 'XU7100/01', tier: 2, euros: 449, f: { type: 'Robotstofzuiger' } },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Steelstofzuiger') as string;
    const cordless = type !== 'Sledestofzuiger';
    const runtime = type === 'Robotstofzuiger' ? rng.pick([120, 150, 180]) : m.tier === 3 ? rng.pick([60, 70, 80]) : rng.pick([40, 45, 55]);
    const bagless = type !== 'Sledestofzuiger' || m.brand === 'Philips' || rng.chance(0.3);
    const colour = ['Grafiet', 'Wit', 'Rood', 'Zwart'][variant % 4];
    const specs = [
      spec('Algemeen', 'Type', type),
      spec('Algemeen', 'Kleur', colour),
      spec('Gebruik', 'Snoerloos', yesNo(cordless)),
      cordless ? spec('Gebruik', 'Max. gebruiksduur', `${runtime} minuten`) : spec('Gebruik', 'Actieradius', `${rng.pick([10, 11, 12])} m`),
      spec('Stof', 'Zakloos', yesNo(bagless)),
      spec('Stof', 'Filter', rng.pick(['HEPA-filter', 'Hygiene AirClean-filter', 'Allergiefilter'])),
      spec('Prestaties', 'Geluidsniveau', `${rng.int(type === 'Sledestofzuiger' ? 64 : 70, 80)} dB`),
    ];
    return {
      specs,
      facets: { type, snoerloos: yesNo(cordless) },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.toLowerCase()}${cordless ? ` die tot ${runtime} minuten op één acculading werkt` : ' met een ruime actieradius'}.`,
        `Met deze ${m.brand}-${type.toLowerCase()} houd je vloeren en kleden moeiteloos schoon.`,
      ]),
      more: [
        type === 'Robotstofzuiger'
          ? 'Via de app plan je schoonmaakbeurten en stel je zones in waar de robot niet mag komen.'
          : cordless
            ? 'Zonder snoer ga je snel van kamer naar kamer en ook de trap op.'
            : 'De grote stofzak en het lange snoer maken hem geschikt voor een heel huis in één beurt.',
        bagless
          ? 'Het stofreservoir leeg je met één klik boven de vuilnisbak.'
          : 'De stofzak sluit zichzelf af bij het verwisselen, zodat er geen stof vrijkomt.',
      ],
    };
  },
};

// Model tables for household appliances (huishouden); fridges, freezers and dishwashers are in koelen.ts and
// vaatwassers.ts.
import { feature, spec, yesNo } from '../lib.ts';
import type { EnergyLabel, TypeDef } from '../types.ts';

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

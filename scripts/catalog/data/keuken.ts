// Model tables for small kitchen appliances (keukenapparatuur).
import { feature, nl, spec, yesNo } from '../lib.ts';
import type { TypeDef } from '../types.ts';

const pastel = ['Zwart', 'Wit', 'Crème', 'Rood', 'Pastelgroen', 'Pastelblauw', 'RVS'];
const pickColour = (list: readonly string[], start: string, variant: number) =>
  list[(Math.max(0, list.indexOf(start)) + variant) % list.length];

export const koffiemachines: TypeDef = {
  category: 'koffiemachines',
  image: 'koffiemachine',
  weight: 20,
  service: 'small',
  models: [
    { brand: "De'Longhi", series: 'Magnifica S', code: 'ECAM22.110.B', tier: 1, euros: 329, f: { milk: 'Stoompijpje' } },
    { brand: "De'Longhi", series: 'Dinamica Plus', code: 'ECAM370.95.T', tier: 3, euros: 899, f: { milk: 'Automatisch melksysteem' } },
    { brand: "De'Longhi", series: 'Rivelia', code: 'EXAM440.55.B', tier: 2, euros: 749, f: { milk: 'Automatisch melksysteem' } },
    {
      brand: "De'Longhi",
      series: 'La Specialista Arte',
      code: 'EC9155.MB',
      tier: 2,
      euros: 549,
      f: { type: 'Pistonmachine', milk: 'Stoompijpje' },
    },
    { brand: 'Philips', series: 'Series 2200 LatteGo', code: 'EP2231/40', tier: 1, euros: 399, f: { milk: 'LatteGo-melksysteem' } },
    { brand: 'Philips', series: 'Series 3300 LatteGo', code: 'EP3343/50', tier: 2, euros: 549, f: { milk: 'LatteGo-melksysteem' } },
    { brand: 'Philips', series: 'Series 5400 LatteGo', code: 'EP5447/90', tier: 3, euros: 749, f: { milk: 'LatteGo-melksysteem' } },
    { brand: 'Siemens', series: 'EQ.6 plus', code: 'TE657503DE', tier: 2, euros: 799, f: { milk: 'Automatisch melksysteem' } },
    { brand: 'Siemens', series: 'EQ.900', code: 'TQ907R03', tier: 3, euros: 1599, f: { milk: 'Automatisch melksysteem' } },
    { brand: 'Miele', series: 'Silence', code: 'CM 5310', tier: 2, euros: 999, f: { milk: 'Automatisch melksysteem' } },
    { brand: 'Miele', series: 'MilkPerfection', code: 'CM 6360', tier: 3, euros: 1449, f: { milk: 'Automatisch melksysteem' } },
    { brand: 'Bosch', series: 'Serie 4 VeroCafe', code: 'TIS30321RW', tier: 1, euros: 499, f: { milk: 'Automatisch melksysteem' } },
    { brand: 'Smeg', series: "50's Style", code: 'ECF01', tier: 1, euros: 299, f: { type: 'Pistonmachine', milk: 'Stoompijpje' } },
    { brand: 'Smeg', series: 'Collezione', code: 'BCC02', tier: 2, euros: 649, f: { milk: 'Stoompijpje' } },
    { brand: 'KitchenAid', series: 'Artisan', code: '5KES6503', tier: 2, euros: 599, f: { type: 'Pistonmachine', milk: 'Stoompijpje' } },
    { brand: 'KitchenAid', series: 'KF8', code: '5KES8558', tier: 3, euros: 1299, f: { milk: 'Automatisch melksysteem' } },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Volautomaat') as string;
    const milk = feature(m.f, 'milk', () => 'Stoompijpje') as string;
    const drinks =
      type === 'Pistonmachine' ? rng.int(2, 4) : m.tier === 3 ? rng.int(14, 22) : m.tier === 2 ? rng.int(7, 12) : rng.int(3, 6);
    const tank = nl(rng.pick([1.7, 1.8, 2, 2.2]));
    const colour = pickColour(['Zwart', 'Titanium', 'Wit', 'RVS', 'Grafiet'], m.brand === 'Smeg' ? 'Crème' : 'Zwart', variant);
    const auto = type === 'Volautomaat';
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Kleur', colour),
        spec('Koffie', 'Aantal koffiespecialiteiten', drinks),
        spec('Koffie', 'Pompdruk', '15 bar'),
        spec('Koffie', 'Geïntegreerde bonenmaler', yesNo(auto || m.tier > 1)),
        spec('Melk', 'Melkopschuimsysteem', milk),
        spec('Capaciteit', 'Waterreservoir', `${tank} liter`),
        spec('Bediening', 'Display', m.tier === 3 ? 'Kleurentouchscreen' : m.tier === 2 ? 'Touchdisplay' : 'Toetsen met symbolen'),
      ],
      facets: { type, melkopschuimsysteem: milk },
      priceFactor: 1 + variant * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.toLowerCase()} waarmee je ${drinks} koffiespecialiteiten zet${auto ? ' met één druk op de knop' : ''}.`,
        `Met deze ${m.brand}-${type.toLowerCase()} maak je thuis ${drinks} soorten koffie, van espresso tot cappuccino.`,
      ]),
      more: [
        milk === 'Stoompijpje'
          ? 'Met het stoompijpje schuim je de melk zelf op, precies zo luchtig als je wilt.'
          : `Het ${milk.startsWith('LatteGo') ? milk : milk.toLowerCase()} maakt romig melkschuim en is na gebruik snel schoon te spoelen.`,
        `Het waterreservoir van ${tank} liter hoef je niet vaak bij te vullen.`,
        ...(auto
          ? ['Elke kop wordt gezet met vers gemalen bonen, voor de volle smaak.']
          : ['Met de portafilter zet je espresso zoals een barista, met volledige controle over maling en aandrukken.']),
      ],
    };
  },
};

export const airfryers: TypeDef = {
  category: 'airfryers',
  image: 'airfryer',
  weight: 10,
  service: 'small',
  models: [
    { brand: 'Philips', series: 'Airfryer XXL Premium', code: 'HD9870/20', tier: 3, euros: 299, f: { litres: 7.3 } },
    { brand: 'Philips', series: 'Airfryer 3000 Series', code: 'HD9252/90', tier: 1, euros: 99, f: { litres: 4.1 } },
    { brand: 'Philips', series: 'Airfryer 5000 Series Dual Basket', code: 'NA352/00', tier: 2, euros: 179, f: { litres: 9, dual: true } },
    { brand: "De'Longhi", series: 'MultiFry', code: 'FH1394/2', tier: 2, euros: 229, f: { litres: 5.5 } },
    { brand: 'Beko', series: 'ExpertFry', code: 'FRL2244B', tier: 1, euros: 79, f: { litres: 3.9 } },
    { brand: 'Beko', series: 'ExpertFry Dual', code: 'FRL4398B', tier: 2, euros: 149, f: { litres: 8.5, dual: true } },
    { brand: 'Bosch', series: 'Serie 4 AirFry', code: 'TAF4P441', tier: 2, euros: 159, f: { litres: 6 } },
    { brand: 'Smeg', series: "50's Style", code: 'AFF01', tier: 2, euros: 249, f: { litres: 3.5 } },
    { brand: 'Brabantia', series: 'Digital', code: 'BBEK1143', tier: 1, euros: 119, f: { litres: 6.2 } },
  ],
  build({ model: m, rng, variant, name }) {
    const litres = feature(m.f, 'litres', () => 5) as number;
    const dual = feature(m.f, 'dual', () => false);
    const watt = Math.round(1300 + litres * 120 + rng.int(0, 2) * 50);
    const programs = rng.int(m.tier * 2 + 4, m.tier * 3 + 6);
    const colour = pickColour(pastel, m.brand === 'Smeg' ? 'Crème' : 'Zwart', variant);
    const kind = dual ? 'Dubbele lade' : 'Enkele lade';
    return {
      specs: [
        spec('Algemeen', 'Type', kind),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Inhoud', `${nl(litres)} liter`),
        spec('Prestaties', 'Vermogen', `${watt} W`),
        spec('Functies', "Automatische programma's", programs),
        spec('Functies', 'Vaatwasserbestendige onderdelen', 'Ja'),
      ],
      facets: { inhoud: `${nl(litres)} liter`, type: kind },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een airfryer met ${nl(litres)} liter inhoud${dual ? ', verdeeld over twee lades' : ''}.`,
        `Frietjes, groenten en kip worden krokant met weinig of geen olie in deze ${m.brand}-airfryer van ${nl(litres)} liter.`,
      ]),
      more: [
        dual
          ? 'Met twee lades bereid je twee gerechten tegelijk, op verschillende temperaturen, en laat je ze samen klaar zijn.'
          : 'De ruime mand is groot genoeg voor een bijgerecht voor het hele gezin.',
        `Kies uit ${programs} automatische programma's of stel zelf tijd en temperatuur in.`,
        'De mand en de lade kunnen in de vaatwasser.',
      ],
    };
  },
};

export const keukenmachines: TypeDef = {
  category: 'keukenmachines',
  image: 'keukenmachine',
  weight: 10,
  service: 'small',
  models: [
    { brand: 'KitchenAid', series: 'Artisan', code: '5KSM175PS', tier: 2, euros: 649, f: { bowl: 4.8, watt: 300 } },
    { brand: 'KitchenAid', series: 'Classic', code: '5K45SS', tier: 1, euros: 399, f: { bowl: 4.3, watt: 275 } },
    { brand: 'KitchenAid', series: 'Heavy Duty', code: '5KSM7591X', tier: 3, euros: 899, f: { bowl: 6.9, watt: 500 } },
    { brand: 'KitchenAid', series: 'Artisan Mini', code: '5KSM3311X', tier: 1, euros: 449, f: { bowl: 3.3, watt: 250 } },
    { brand: 'Bosch', series: 'Serie 2', code: 'MUMS2EW00', tier: 1, euros: 129, f: { bowl: 3.8, watt: 700 } },
    { brand: 'Bosch', series: 'Serie 6 OptiMUM', code: 'MUM9A32S00', tier: 3, euros: 599, f: { bowl: 5.5, watt: 1000 } },
    { brand: 'Smeg', series: "50's Style", code: 'SMF03', tier: 2, euros: 549, f: { bowl: 4.8, watt: 800 } },
    { brand: 'Philips', series: '7000 Series', code: 'HR7962/00', tier: 2, euros: 299, f: { bowl: 5.5, watt: 1000 } },
    { brand: 'Siemens', series: '', code: 'MUM5XW40', tier: 2, euros: 349, f: { bowl: 3.9, watt: 1000 } },
  ],
  build({ model: m, rng, variant, name }) {
    const bowl = feature(m.f, 'bowl', () => 4.8) as number;
    const watt = feature(m.f, 'watt', () => 800) as number;
    const speeds = m.brand === 'KitchenAid' ? 10 : rng.pick([4, 7, 8]);
    const colour = pickColour(
      ['Rood', 'Zwart', 'Crème', 'Zilver', 'Pastelblauw', 'Pastelgroen', 'Wit'],
      m.brand === 'KitchenAid' ? 'Rood' : 'Zilver',
      variant,
    );
    return {
      specs: [
        spec('Algemeen', 'Type', 'Keukenmachine met kantelbare kop'),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Kominhoud', `${nl(bowl)} liter`),
        spec('Capaciteit', 'Materiaal kom', 'RVS'),
        spec('Prestaties', 'Vermogen', `${watt} W`),
        spec('Prestaties', 'Aantal snelheden', speeds),
        spec('Accessoires', 'Meegeleverd', 'Garde, deeghaak, menghaak'),
      ],
      facets: { kominhoud: `${nl(bowl)} liter`, kleur: colour },
      priceFactor: 1 + variant * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een keukenmachine met een RVS-kom van ${nl(bowl)} liter en ${speeds} snelheden.`,
        `Brooddeeg kneden, eiwitten kloppen of beslag mengen: deze ${m.brand}-keukenmachine met ${nl(bowl)} liter kom doet het voor je.`,
      ]),
      more: [
        'Garde, deeghaak en menghaak worden meegeleverd, dus je kunt meteen aan de slag.',
        `Met ${watt} watt heeft de motor genoeg kracht voor zwaar deeg.`,
        `Deze uitvoering in ${colour.toLowerCase()} is een blikvanger op het aanrecht.`,
      ],
    };
  },
};

export const blenders: TypeDef = {
  category: 'blenders',
  image: 'blender',
  weight: 8,
  service: 'small',
  models: [
    { brand: 'Philips', series: '5000 Series', code: 'HR2228/90', tier: 1, euros: 89, f: { litres: 2 } },
    { brand: 'Philips', series: '7000 Series', code: 'HR3760/00', tier: 2, euros: 169, f: { litres: 2, vacuum: true } },
    { brand: 'KitchenAid', series: 'K400', code: '5KSB4026', tier: 3, euros: 299, f: { litres: 1.4 } },
    { brand: 'KitchenAid', series: 'Artisan K150', code: '5KSB1325', tier: 2, euros: 159, f: { litres: 1.4 } },
    { brand: 'Smeg', series: "50's Style", code: 'BLF03', tier: 2, euros: 249, f: { litres: 1.5 } },
    { brand: 'Bosch', series: 'VitaPower Serie 4', code: 'MMB6141B', tier: 1, euros: 119, f: { litres: 1.5 } },
    { brand: "De'Longhi", series: 'Active', code: 'BLX750', tier: 1, euros: 79, f: { litres: 1.5 } },
  ],
  build({ model: m, rng, variant, name }) {
    const litres = feature(m.f, 'litres', () => 1.5) as number;
    const vacuum = feature(m.f, 'vacuum', () => false);
    const watt = m.tier === 3 ? 1200 : m.tier === 2 ? rng.pick([1000, 1200]) : rng.pick([600, 800, 1000]);
    const jar = m.tier === 1 ? rng.pick(['Kunststof (tritan)', 'Glas']) : 'Glas';
    const colour = pickColour(pastel, m.brand === 'Smeg' ? 'Crème' : 'Zwart', variant);
    const kind = vacuum ? 'Vacuümblender' : 'Staande blender';
    return {
      specs: [
        spec('Algemeen', 'Type', kind),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Inhoud kan', `${nl(litres)} liter`),
        spec('Capaciteit', 'Materiaal kan', jar),
        spec('Prestaties', 'Vermogen', `${watt} W`),
        spec('Functies', 'IJs crushen', 'Ja'),
      ],
      facets: { inhoud: `${nl(litres)} liter`, type: kind },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${kind.toLowerCase()} met een kan van ${nl(litres)} liter en ${watt} watt vermogen.`,
        `Smoothies, soepen en sauzen maak je in een handomdraai met deze ${m.brand}-blender van ${watt} watt.`,
      ]),
      more: [
        vacuum
          ? 'Door eerst de lucht uit de kan te zuigen blijven vitaminen en kleur in je smoothie langer behouden.'
          : 'De messen vermalen ook ijsblokjes en bevroren fruit zonder moeite.',
        `De kan is van ${jar.toLowerCase()} en gaat na gebruik gewoon in de vaatwasser.`,
      ],
    };
  },
};

export const waterkokers: TypeDef = {
  category: 'waterkokers',
  image: 'waterkoker',
  weight: 8,
  service: 'small',
  models: [
    { brand: 'Smeg', series: "50's Style", code: 'KLF03', tier: 2, euros: 159, f: { temp: true } },
    { brand: 'Smeg', series: "50's Style", code: 'KLF04', tier: 2, euros: 179, f: { temp: true } },
    { brand: 'Philips', series: '5000 Series', code: 'HD9359/90', tier: 1, euros: 49, f: { temp: false } },
    { brand: 'KitchenAid', series: 'Artisan', code: '5KEK1522', tier: 2, euros: 129, f: { temp: false } },
    { brand: 'Brabantia', series: '', code: 'BBEK1092', tier: 1, euros: 59, f: { temp: false } },
    { brand: 'Bosch', series: 'Styline', code: 'TWK8613P', tier: 2, euros: 79, f: { temp: true } },
    { brand: "De'Longhi", series: 'Distinta', code: 'KBI2001', tier: 1, euros: 69, f: { temp: false } },
  ],
  build({ model: m, rng, variant, name }) {
    const temp = feature(m.f, 'temp', () => false);
    const litres = rng.pick([1, 1.5, 1.7, 1.7]);
    const material = m.brand === 'Brabantia' ? 'RVS' : rng.pick(['RVS', 'RVS', 'Glas']);
    const colour = pickColour(pastel, m.brand === 'Smeg' ? 'Pastelgroen' : 'Zwart', variant);
    return {
      specs: [
        spec('Algemeen', 'Kleur', colour),
        spec('Algemeen', 'Materiaal', material),
        spec('Capaciteit', 'Inhoud', `${nl(litres)} liter`),
        spec('Prestaties', 'Vermogen', `${rng.pick([2200, 2400])} W`),
        spec('Functies', 'Temperatuurinstelling', yesNo(temp)),
        spec('Functies', 'Draaibaar op voet (360°)', 'Ja'),
      ],
      facets: { inhoud: `${nl(litres)} liter`, temperatuurinstelling: yesNo(temp), kleur: colour },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een waterkoker van ${nl(litres)} liter in ${colour.toLowerCase()}.`,
        `Met deze ${m.brand}-waterkoker heb je in een paar minuten ${nl(litres)} liter kokend water.`,
      ]),
      more: [
        temp
          ? 'Je stelt de temperatuur zelf in, handig voor groene thee die niet te heet mag zijn.'
          : 'Zodra het water kookt schakelt hij automatisch uit.',
        'De kan draait vrij op de voet, dus je pakt hem vanaf elke kant.',
        `De behuizing is van ${material.toLowerCase()} en het kalkfilter is uitneembaar.`,
      ],
    };
  },
};

export const broodroosters: TypeDef = {
  category: 'broodroosters',
  image: 'broodrooster',
  weight: 8,
  service: 'small',
  models: [
    { brand: 'Smeg', series: "50's Style", code: 'TSF01', tier: 2, euros: 169, f: { slots: 2 } },
    { brand: 'Smeg', series: "50's Style", code: 'TSF03', tier: 2, euros: 219, f: { slots: 4 } },
    { brand: 'KitchenAid', series: 'Artisan', code: '5KMT221', tier: 2, euros: 149, f: { slots: 2 } },
    { brand: 'Philips', series: '5000 Series', code: 'HD2650/90', tier: 1, euros: 49, f: { slots: 2 } },
    { brand: 'Brabantia', series: '', code: 'BBEK1022', tier: 1, euros: 59, f: { slots: 2 } },
    { brand: 'Bosch', series: 'Styline', code: 'TAT8613', tier: 2, euros: 79, f: { slots: 2 } },
    { brand: "De'Longhi", series: 'Icona', code: 'CTOV2103', tier: 1, euros: 69, f: { slots: 2 } },
  ],
  build({ model: m, rng, variant, name }) {
    const slots = feature(m.f, 'slots', () => 2) as number;
    const settings = rng.int(6, 9);
    const colour = pickColour(pastel, m.brand === 'Smeg' ? 'Rood' : 'Zwart', variant);
    const watt = slots === 4 ? 1500 : rng.pick([850, 950, 1050]);
    return {
      specs: [
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Aantal sleuven', slots),
        spec('Functies', 'Bruiningsstanden', settings),
        spec('Functies', 'Ontdooifunctie', 'Ja'),
        spec('Functies', 'Opzetrooster voor broodjes', yesNo(m.brand !== 'Smeg' || slots === 2)),
        spec('Prestaties', 'Vermogen', `${watt} W`),
      ],
      facets: { sleuven: String(slots), kleur: colour },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een broodrooster met ${slots} sleuven en ${settings} bruiningsstanden.`,
        `Elke ochtend gelijkmatig geroosterd brood met deze broodrooster van ${m.brand} in ${colour.toLowerCase()}.`,
      ]),
      more: [
        'Met de ontdooifunctie rooster je brood zo uit de vriezer.',
        `De ${slots} brede sleuven passen ook dikke sneden en bagels.`,
        'De kruimellade schuif je er aan de onderkant uit om hem te legen.',
      ],
    };
  },
};

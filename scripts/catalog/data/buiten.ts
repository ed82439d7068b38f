// Model tables for barbecues.
import { feature, nl, spec, yesNo } from '../lib.ts';
import type { TypeDef } from '../types.ts';

export const gasbarbecues: TypeDef = {
  category: 'gasbarbecues',
  image: 'gasbarbecue',
  weight: 16,
  service: 'outdoor',
  models: [
    { brand: 'Weber', series: 'Spirit', code: 'E-325', tier: 2, euros: 849, f: { burners: 3, side: true } },
    { brand: 'Weber', series: 'Spirit', code: 'E-425', tier: 2, euros: 1049, f: { burners: 4, side: true } },
    { brand: 'Weber', series: 'Genesis', code: 'E-335', tier: 3, euros: 1599, f: { burners: 3, side: true } },
    { brand: 'Weber', series: 'Genesis', code: 'SE-EPX-435', tier: 3, euros: 2499, f: { burners: 4, side: true } },
    { brand: 'Weber', series: 'Spirit', code: 'E-210', tier: 1, euros: 549, f: { burners: 2, side: false } },
    { brand: 'Weber', series: 'Traveler Compact', code: '1500', tier: 1, euros: 399, f: { burners: 1, side: false } },
    { brand: 'Boretti', series: 'Maggiore', code: '', tier: 3, euros: 1699, f: { burners: 4, side: true } },
    { brand: 'Boretti', series: 'Bernini', code: '', tier: 2, euros: 999, f: { burners: 3, side: true } },
    { brand: 'Boretti', series: 'Forza', code: '', tier: 2, euros: 849, f: { burners: 3, side: false } },
    { brand: 'Boretti', series: 'Robusto', code: '', tier: 1, euros: 699, f: { burners: 2, side: true } },
  ],
  build({ model: m, rng, variant, name }) {
    const burners = feature(m.f, 'burners', () => 3) as number;
    const side = feature(m.f, 'side', () => false);
    const width = 36 + burners * 12;
    const depth = burners === 1 ? 33 : 45;
    const kw = nl(Math.round(burners * 3.2 * 10) / 10);
    const grates = m.tier === 3 ? 'Geëmailleerd gietijzer' : rng.pick(['Gietijzer', 'RVS']);
    const colour = ['Zwart', 'Antraciet', 'RVS', 'Groen'][variant % 4];
    return {
      specs: [
        spec('Algemeen', 'Kleur', colour),
        spec('Grill', 'Aantal branders', burners),
        spec('Grill', 'Grilloppervlak', `${width} x ${depth} cm`),
        spec('Grill', 'Totaal vermogen', `${kw} kW`),
        spec('Grill', 'Grillroosters', grates),
        spec('Functies', 'Zijbrander', yesNo(side)),
        spec('Functies', 'Deksel met thermometer', 'Ja'),
        spec('Aansluiting', 'Gassoort', 'Propaan of butaan (gasfles)'),
      ],
      facets: { branders: String(burners), zijbrander: yesNo(side) },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een gasbarbecue met ${burners} ${burners === 1 ? 'brander' : 'branders'} en een grilloppervlak van ${width} x ${depth} cm.`,
        `Met ${burners} ${burners === 1 ? 'brander' : 'branders'} en ${kw} kW vermogen is deze ${m.brand}-gasbarbecue binnen tien minuten op temperatuur.`,
      ]),
      more: [
        `De roosters van ${grates.toLowerCase()} houden de warmte goed vast en geven vlees en groenten mooie grillstrepen.`,
        ...(side ? ['Op de zijbrander warm je een saus op of bak je uien, terwijl het vlees op de grill ligt.'] : []),
        'De thermometer in het deksel laat zien hoe warm het binnen is, ook als je indirect gaart.',
      ],
    };
  },
};

export const houtskoolbarbecues: TypeDef = {
  category: 'houtskoolbarbecues',
  image: 'houtskoolbarbecue',
  weight: 12,
  service: 'outdoor',
  models: [
    { brand: 'Weber', series: 'Master-Touch GBS', code: 'E-5750', tier: 2, euros: 349, f: { size: 57 } },
    { brand: 'Weber', series: 'Original Kettle', code: 'E-5710', tier: 1, euros: 219, f: { size: 57 } },
    { brand: 'Weber', series: 'Original Kettle', code: 'E-4710', tier: 1, euros: 169, f: { size: 47 } },
    { brand: 'Weber', series: 'Performer Deluxe', code: 'GBS', tier: 3, euros: 649, f: { size: 57, table: true } },
    { brand: 'Weber', series: 'Smokey Mountain Cooker', code: '57 cm', tier: 2, euros: 549, f: { size: 57, smoker: true } },
    { brand: 'Weber', series: 'Master-Touch Premium', code: 'SE E-5775', tier: 3, euros: 449, f: { size: 57 } },
    { brand: 'Boretti', series: 'Carbone', code: '', tier: 2, euros: 499, f: { size: 57, table: true } },
    { brand: 'Boretti', series: 'Forte', code: '', tier: 1, euros: 299, f: { size: 54 } },
  ],
  build({ model: m, rng, variant, name }) {
    const size = feature(m.f, 'size', () => 57) as number;
    const smoker = feature(m.f, 'smoker', () => false);
    const table = feature(m.f, 'table', () => false);
    const type = smoker ? 'Smoker' : table ? 'Kogelbarbecue met werkblad' : 'Kogelbarbecue';
    const colour = ['Zwart', 'Antraciet', 'Groen', 'Rood'][variant % 4];
    const area = Math.round(Math.PI * (size / 2) ** 2);
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Kleur', colour),
        spec('Grill', 'Diameter grillrooster', `${size} cm`),
        spec('Grill', 'Grilloppervlak', `${area} cm²`),
        spec('Grill', 'Grillrooster', m.tier > 1 ? 'Scharnierend RVS-rooster' : 'Verchroomd staal'),
        spec('Functies', 'Deksel met thermometer', 'Ja'),
        spec('Functies', 'Asopvangsysteem', m.tier > 1 ? 'Afsluitbare asbak' : 'Asopvangschaal'),
      ],
      facets: { type, diameter: `${size} cm` },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.toLowerCase()} met een grillrooster van ${size} cm doorsnee.`,
        `Barbecueën op houtskool met echte rooksmaak: deze ${m.brand}-${type.toLowerCase()} heeft een rooster van ${size} cm.`,
      ]),
      more: [
        smoker
          ? 'Met twee roosters boven elkaar en een waterbak rook je urenlang op lage temperatuur, bijvoorbeeld pulled pork of spareribs.'
          : 'Met het deksel dicht gaar je ook grote stukken vlees indirect, net als in een oven.',
        'Na afloop verzamelt het asopvangsysteem de as, zodat opruimen snel gaat.',
        ...(table ? ['Het werkblad naast de grill biedt ruimte voor schalen en gereedschap.'] : []),
      ],
    };
  },
};

export const pelletbarbecues: TypeDef = {
  category: 'pelletbarbecues',
  image: 'pelletbarbecue',
  weight: 8,
  service: 'outdoor',
  models: [
    { brand: 'Traeger', series: 'Pro', code: '575', tier: 1, euros: 999, f: { area: 3677 } },
    { brand: 'Traeger', series: 'Pro', code: '780', tier: 2, euros: 1199, f: { area: 5032 } },
    { brand: 'Traeger', series: 'Ironwood', code: '650', tier: 2, euros: 1599, f: { area: 4194 } },
    { brand: 'Traeger', series: 'Ironwood XL', code: '885', tier: 3, euros: 1999, f: { area: 5710 } },
    { brand: 'Traeger', series: 'Timberline', code: 'XL', tier: 3, euros: 3499, f: { area: 5806 } },
    { brand: 'Weber', series: 'Searwood', code: '600', tier: 2, euros: 1299, f: { area: 3871 } },
    { brand: 'Weber', series: 'SmokeFire', code: 'EX6 GBS', tier: 3, euros: 1499, f: { area: 6129 } },
  ],
  build({ model: m, rng, variant, name }) {
    const area = feature(m.f, 'area', () => 4000) as number;
    const maxTemp = m.tier === 3 ? rng.pick([260, 315]) : rng.pick([230, 260]);
    const hopper = m.tier === 3 ? rng.pick([10, 11]) : rng.pick([8, 9]);
    const colour = ['Zwart', 'Brons', 'Antraciet'][variant % 3];
    return {
      specs: [
        spec('Algemeen', 'Kleur', colour),
        spec('Grill', 'Grilloppervlak', `${area} cm²`),
        spec('Grill', 'Temperatuurbereik', `75 - ${maxTemp} °C`),
        spec('Brandstof', 'Pelletreservoir', `${hopper} kg`),
        spec('Functies', 'Wifi-bediening via app', 'Ja'),
        spec('Functies', 'Kerntemperatuurvoeler', 'Ja'),
      ],
      facets: { grilloppervlak: `${area} cm²`, wifi: 'Ja' },
      priceFactor: 1 + variant * 0.03,
      lead: rng.pick([
        `De ${m.brand} ${name} is een pelletbarbecue met een grilloppervlak van ${area} cm² en een bereik tot ${maxTemp} °C.`,
        `Roken, grillen, bakken en braden op houtpellets: deze ${m.brand}-pelletbarbecue regelt de temperatuur zelf.`,
      ]),
      more: [
        `Het reservoir bevat ${hopper} kg pellets, genoeg voor een lange rooksessie zonder bijvullen.`,
        'Via de app volg je de kerntemperatuur van je vlees en pas je de temperatuur van de grill aan, waar je ook bent.',
        'Een ventilator en een thermostaat houden de temperatuur constant, ook als het buiten waait.',
      ],
    };
  },
};

export const kamadoBarbecues: TypeDef = {
  category: 'kamado-barbecues',
  image: 'kamado',
  weight: 8,
  service: 'bulky',
  models: [
    { brand: 'Big Green Egg', series: 'Large', code: '', tier: 2, euros: 1349, f: { grid: 46, kg: 73 } },
    { brand: 'Big Green Egg', series: 'Medium', code: '', tier: 2, euros: 1049, f: { grid: 38, kg: 51 } },
    { brand: 'Big Green Egg', series: 'MiniMax', code: '', tier: 1, euros: 899, f: { grid: 33, kg: 35 } },
    { brand: 'Big Green Egg', series: 'XLarge', code: '', tier: 3, euros: 1999, f: { grid: 61, kg: 99 } },
    { brand: 'Big Green Egg', series: '2XL', code: '', tier: 3, euros: 3799, f: { grid: 74, kg: 170 } },
    { brand: 'Boretti', series: 'Ceramica', code: 'Large', tier: 2, euros: 999, f: { grid: 46, kg: 85 } },
    { brand: 'Boretti', series: 'Ceramica', code: 'Medium', tier: 1, euros: 799, f: { grid: 38, kg: 60 } },
    { brand: 'Weber', series: 'Summit Kamado', code: 'E6', tier: 3, euros: 1799, f: { grid: 61, kg: 90, steel: true } },
  ],
  build({ model: m, rng, variant, name }) {
    const grid = feature(m.f, 'grid', () => 46) as number;
    const kg = feature(m.f, 'kg', () => 70) as number;
    const steel = feature(m.f, 'steel', () => false);
    const packs = ['', ' met nest', ' met onderstel', ' met nest en zijtafels', ' met onderstel en hoes', ' in tafel van eiken'];
    const pack = packs[variant % packs.length];
    const stand = pack !== '' && !pack.includes('tafel van');
    const colour = m.brand === 'Big Green Egg' ? 'Groen' : ['Zwart', 'Antraciet'][variant % 2];
    const size = grid >= 61 ? 'Extra groot' : grid >= 46 ? 'Groot' : grid >= 38 ? 'Medium' : 'Klein';
    const persons = Math.round(grid / 5);
    const edition = variant >= packs.length ? ` editie ${Math.floor(variant / packs.length) + 1}` : '';
    return {
      name: `${m.series}${m.code ? ` ${m.code}` : ''}${pack}${edition}`,
      specs: [
        spec('Algemeen', 'Kleur', colour),
        spec('Algemeen', 'Materiaal', steel ? 'Dubbelwandig geëmailleerd staal' : 'Keramiek'),
        spec('Grill', 'Diameter grillrooster', `${grid} cm`),
        spec('Grill', 'Geschikt voor', `ca. ${persons} personen`),
        spec('Grill', 'Max. temperatuur', '350 °C'),
        spec('Afmetingen', 'Gewicht', `${kg} kg`),
        spec('Levering', 'Onderstel meegeleverd', yesNo(stand)),
        ...(pack.includes('tafel van') ? [spec('Levering', 'Tafel', 'Massief eiken, 150 x 80 cm')] : []),
      ],
      facets: { formaat: size, roosterdiameter: `${grid} cm` },
      priceFactor:
        1 +
        (pack === '' ? 0 : pack.includes('tafel van') ? 0.6 : 0.12 + (pack.includes(' en ') ? 0.1 : 0)) +
        Math.floor(variant / packs.length) * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een kamado met een grillrooster van ${grid} cm, goed voor ongeveer ${persons} personen.`,
        `Grillen, roken, bakken en garen in één toestel: deze ${m.brand}-kamado heeft een rooster van ${grid} cm.`,
      ]),
      more: [
        steel
          ? 'De dubbelwandige stalen ketel houdt de warmte lang vast en is lichter dan keramiek.'
          : 'De dikke keramische wand houdt de warmte urenlang vast, zodat je weinig houtskool verbruikt.',
        'Met de luchtschuiven onder en boven regel je de temperatuur van rustig roken tot heet aanbraden.',
        `Door het gewicht van ${kg} kg bezorgen we hem op een pallet tot aan de deur.`,
      ],
    };
  },
};

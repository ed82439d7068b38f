// Model tables for built-in cooking appliances (inbouwapparatuur); built-in dishwashers and fridges are in
// vaatwassers.ts and koelen.ts.
import { feature, nl, spec, yesNo } from '../lib.ts';
import type { EnergyLabel, TypeDef } from '../types.ts';

const colours = ['Zwart', 'RVS', 'Zwart glas', 'Antraciet'];

export const inbouwovens: TypeDef = {
  category: 'inbouwovens',
  image: 'oven',
  energyScale: 'A+++-D',
  weight: 24,
  service: 'builtIn',
  models: [
    { brand: 'Bosch', series: 'Serie 8', code: 'HBG7741B1', tier: 3, euros: 999, f: { clean: 'Pyrolyse' } },
    { brand: 'Bosch', series: 'Serie 6', code: 'HBA574BR0', tier: 2, euros: 599, f: { clean: 'Pyrolyse' } },
    { brand: 'Bosch', series: 'Serie 4', code: 'HBA533BS1', tier: 1, euros: 449 },
    { brand: 'Siemens', series: 'iQ700', code: 'HB776G1B1', tier: 3, euros: 1149, f: { steam: true } },
    { brand: 'Siemens', series: 'iQ500', code: 'HB578ABS0', tier: 2, euros: 699 },
    { brand: 'Siemens', series: 'iQ300', code: 'HB317GBS0', tier: 1, euros: 429 },
    { brand: 'Miele', series: 'ActiveLine', code: 'H 2465 BP', tier: 2, euros: 1149, f: { clean: 'Pyrolyse' } },
    { brand: 'Miele', series: 'PureLine', code: 'H 7464 BP', tier: 3, euros: 1899, f: { clean: 'Pyrolyse', wifi: true } },
    { brand: 'AEG', series: '8000 SteamBoost', code: 'BSE798380B', tier: 3, euros: 1299, f: { steam: true } },
    { brand: 'AEG', series: '6000 SteamBake', code: 'BPS555060M', tier: 2, euros: 699, f: { steam: true, clean: 'Pyrolyse' } },
    { brand: 'Neff', series: 'N 90 Slide&Hide', code: 'B64CS71N0', tier: 3, euros: 1199, f: { steam: true } },
    { brand: 'Neff', series: 'N 70 Slide&Hide', code: 'B57CR22N0', tier: 2, euros: 849, f: { clean: 'Pyrolyse' } },
    { brand: 'ATAG', series: 'Magna', code: 'OX6692C', tier: 2, euros: 799, f: { clean: 'Pyrolyse' } },
    { brand: 'ATAG', series: 'Magna', code: 'CS4692C', tier: 2, euros: 949, f: { compact: true, steam: true } },
    { brand: 'Etna', series: '', code: 'OM265ZT', tier: 1, euros: 429 },
    { brand: 'Pelgrim', series: '', code: 'OVM626RVS', tier: 1, euros: 549, f: { clean: 'Pyrolyse' } },
    { brand: 'Samsung', series: 'Dual Cook Flex', code: 'NV7B4550VAK', tier: 2, euros: 649, f: { wifi: true } },
    { brand: 'Samsung', series: 'Series 4', code: 'NV7B41207AS', tier: 1, euros: 449 },
    { brand: 'Smeg', series: 'Linea', code: 'SOP6102TB3', tier: 3, euros: 1499, f: { clean: 'Pyrolyse' } },
  ],
  build({ model: m, rng, variant, name }) {
    const compact = feature(m.f, 'compact', () => false);
    const inhoud = compact ? rng.pick([45, 47, 50]) : rng.pick([65, 66, 70, 71, 71, 72, 75]);
    const clean = feature(m.f, 'clean', () =>
      m.tier === 3
        ? 'Pyrolyse'
        : m.tier === 2
          ? rng.pick(['Pyrolyse', 'Katalytisch', 'Hydrolyse'])
          : rng.pick(['Hydrolyse', 'Katalytisch']),
    );
    const steam = feature(m.f, 'steam', () => rng.chance(m.tier === 3 ? 0.6 : m.tier === 2 ? 0.25 : 0.05));
    const probe = m.tier === 3 || rng.chance(m.tier === 2 ? 0.3 : 0);
    const wifi = feature(m.f, 'wifi', () => rng.chance(m.tier === 3 ? 0.8 : m.tier === 2 ? 0.4 : 0.05));
    const functions = m.tier === 3 ? rng.int(13, 18) : m.tier === 2 ? rng.int(10, 13) : rng.int(7, 9);
    const colour = colours[(colours.indexOf(m.brand === 'Smeg' ? 'Zwart glas' : 'Zwart') + variant) % colours.length];
    const nis = compact ? 45 : 60;
    const typeName = steam ? 'Oven met stoomfunctie' : 'Heteluchtoven';
    return {
      specs: [
        spec('Algemeen', 'Type', typeName),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Inhoud', `${inhoud} liter`),
        spec('Capaciteit', 'Aantal ovenfuncties', functions),
        spec('Functies', 'Reiniging', clean),
        spec('Functies', 'Stoomfunctie', yesNo(steam)),
        spec('Functies', 'Kerntemperatuurvoeler', yesNo(probe)),
        spec('Functies', 'Wifi-bediening', yesNo(wifi)),
        spec('Functies', 'Telescopische geleiders', yesNo(m.tier > 1)),
        spec('Afmetingen', 'Nisbouwmaat (h x b x d)', `${nis} x 56 x 55 cm`),
        spec('Energie', 'Energieklasse', 'A'),
        spec('Energie', 'Aansluitwaarde', `${rng.pick([3300, 3400, 3600])} W`),
      ],
      facets: { inhoud: `${inhoud} liter`, reiniging: clean, stoomfunctie: yesNo(steam) },
      energyLabel: 'A',
      priceFactor: 1 + variant * 0.02,
      lead: rng.pick([
        `De ${m.brand} ${name} is een inbouwoven voor een nis van ${nis} cm hoog met ${inhoud} liter inhoud en ${functions} ovenfuncties.`,
        `Met ${inhoud} liter inhoud en ${functions} functies bak en braad je in deze ${m.brand}-oven moeiteloos voor het hele gezin.`,
        `Deze ${m.series ? `${m.brand} ${m.series}-oven` : `oven van ${m.brand}`} combineert een ruime binnenruimte van ${inhoud} liter met ${functions} verwarmingsfuncties.`,
      ]),
      more: [
        clean === 'Pyrolyse'
          ? 'Dankzij pyrolyse reinigt de oven zichzelf op hoge temperatuur; daarna veeg je alleen nog wat as weg.'
          : clean === 'Katalytisch'
            ? 'De katalytische wanden breken vetspatten al tijdens het bakken af, zodat schoonmaken minder werk is.'
            : 'Met de hydrolysefunctie week je aangekoekt vuil los met water en damp, waarna het eenvoudig weg te nemen is.',
        ...(steam
          ? [
              rng.pick([
                'De stoomfunctie geeft brood een krokante korst en houdt vlees en vis sappig.',
                'Door tijdens het bakken stoom toe te voegen blijven gerechten mals en warm je restjes op zonder dat ze uitdrogen.',
              ]),
            ]
          : []),
        ...(probe ? ['Met de kerntemperatuurvoeler zie je precies wanneer je vlees de gewenste garing heeft.'] : []),
        ...(wifi ? ['Via de app van de fabrikant zet je de oven op afstand aan en krijg je een melding zodra hij op temperatuur is.'] : []),
      ],
    };
  },
};

export const inductiekookplaten: TypeDef = {
  category: 'inductiekookplaten',
  image: 'inductiekookplaat',
  weight: 22,
  service: 'builtIn',
  models: [
    { brand: 'Bosch', series: 'Serie 6', code: 'PXE651HC1E', tier: 2, euros: 649, f: { width: 60 } },
    { brand: 'Bosch', series: 'Serie 8', code: 'PXY875KW1E', tier: 3, euros: 1049, f: { width: 80 } },
    { brand: 'Siemens', series: 'iQ700', code: 'EX875LVC1E', tier: 3, euros: 1149, f: { width: 80 } },
    { brand: 'Siemens', series: 'iQ300', code: 'EU631BEB5E', tier: 1, euros: 399, f: { width: 60 } },
    { brand: 'Miele', series: '', code: 'KM 7679 FL', tier: 3, euros: 1999, f: { width: 90 } },
    { brand: 'AEG', series: '7000 SenseBoil', code: 'IKE84475IB', tier: 3, euros: 899, f: { width: 80 } },
    { brand: 'AEG', series: '6000 Hob2Hood', code: 'IKB64431FB', tier: 2, euros: 549, f: { width: 60 } },
    { brand: 'Neff', series: 'N 70 FlexInduction', code: 'T68STV4L0', tier: 3, euros: 1099, f: { width: 80 } },
    { brand: 'ATAG', series: '', code: 'HI29472SV', tier: 2, euros: 749, f: { width: 90 } },
    { brand: 'Etna', series: '', code: 'KI380ZT', tier: 1, euros: 399, f: { width: 60 } },
    { brand: 'Pelgrim', series: '', code: 'IKW480ONY', tier: 2, euros: 699, f: { width: 80 } },
    { brand: 'Samsung', series: 'Infinite', code: 'NZ84T9747VK', tier: 3, euros: 999, f: { width: 80 } },
    { brand: 'Smeg', series: 'Universal', code: 'SI2M7643D', tier: 2, euros: 699, f: { width: 60 } },
    { brand: 'Beko', series: 'HII', code: 'HII64200FMTB', tier: 1, euros: 329, f: { width: 60 } },
  ],
  build({ model: m, rng, variant, name }) {
    const widths = [60, 70, 80, 90];
    const base = feature(m.f, 'width', () => 60) as number;
    const width = widths[(widths.indexOf(base) + variant) % widths.length];
    const zones = width >= 90 ? 5 : 4;
    const flex = m.tier === 3 || (m.tier === 2 && rng.chance(0.6)) || width >= 80;
    const flexZones = flex ? (width >= 80 ? 2 : 1) : 0;
    const power = width >= 90 ? 11100 : rng.pick([7200, 7400, 7400]);
    const control = rng.pick(
      m.tier === 1 ? ['Touchbediening', 'Sliderbediening'] : ['Sliderbediening', 'Directe zonebediening', 'Magnetische knop'],
    );
    const mount = rng.pick(['Opbouw met facetrand', 'Vlakinbouw', 'Opbouw met facetrand', 'Opliggend']);
    const hood = m.tier > 1 && rng.chance(0.5);
    return {
      specs: [
        spec('Algemeen', 'Breedte', `${width} cm`),
        spec('Algemeen', 'Montage', mount),
        spec('Kookzones', 'Aantal kookzones', zones),
        spec('Kookzones', 'Flexzone', flex ? `Ja, ${flexZones}` : 'Nee'),
        spec('Kookzones', 'Boosterfunctie', 'Ja'),
        spec('Bediening', 'Bediening', control),
        spec('Bediening', 'Koppeling met afzuigkap', yesNo(hood)),
        spec('Aansluiting', 'Max. vermogen', `${power} W`),
        spec('Aansluiting', 'Aansluiting', power > 7400 ? 'Krachtstroom (3-fase)' : '2-fase, 2 x 16 A'),
      ],
      facets: { breedte: `${width} cm`, kookzones: String(zones), flexzone: yesNo(flex) },
      priceFactor: 1 + (width - base) / 200,
      lead: rng.pick([
        `De ${m.brand} ${name} is een inductiekookplaat van ${width} cm breed met ${zones} kookzones.`,
        `Op deze ${width} cm brede ${m.brand}-inductiekookplaat kook je snel en zuinig op ${zones} zones.`,
        `Met ${zones} kookzones op ${width} cm biedt deze kookplaat van ${m.brand} volop ruimte voor grote pannen.`,
      ]),
      more: [
        flex
          ? `Dankzij ${flexZones === 2 ? 'twee flexzones' : 'de flexzone'} zet je ook een braadslede of grillplaat neer, precies waar het jou uitkomt.`
          : 'Elke zone herkent zelf de pan en verwarmt alleen de bodem, zodat het glas eromheen koel blijft.',
        `De ${control.toLowerCase()} werkt intuïtief en met de boosterfunctie kookt water binnen enkele minuten.`,
        `Aangesloten op ${power > 7400 ? 'krachtstroom' : 'twee groepen van 16 ampère'} levert de plaat maximaal ${nl(power / 1000)} kW.`,
        ...(hood ? ['Via de koppeling stemt een geschikte afzuigkap zijn stand automatisch af op het koken.'] : []),
      ],
    };
  },
};

export const gaskookplaten: TypeDef = {
  category: 'gaskookplaten',
  image: 'gaskookplaat',
  weight: 10,
  service: 'builtIn',
  models: [
    { brand: 'Bosch', series: 'Serie 6', code: 'PPQ7A6B90', tier: 2, euros: 449, f: { width: 75 } },
    { brand: 'Siemens', series: 'iQ500', code: 'ER9A6SD70', tier: 2, euros: 549, f: { width: 90 } },
    { brand: 'Neff', series: 'N 70', code: 'T27DS59N0', tier: 3, euros: 749, f: { width: 75 } },
    { brand: 'ATAG', series: '', code: 'HG6411EBA', tier: 1, euros: 349, f: { width: 60 } },
    { brand: 'Etna', series: '', code: 'KG961RVS', tier: 1, euros: 379, f: { width: 90 } },
    { brand: 'Pelgrim', series: '', code: 'GK775RVS', tier: 2, euros: 429, f: { width: 75 } },
    { brand: 'Smeg', series: 'Classica', code: 'PGF95-4', tier: 3, euros: 899, f: { width: 90 } },
    { brand: 'Boretti', series: 'Maggiore', code: 'BKG95', tier: 3, euros: 949, f: { width: 90 } },
  ],
  build({ model: m, rng, variant, name }) {
    const widths = [60, 75, 90];
    const base = feature(m.f, 'width', () => 60) as number;
    const width = widths[(widths.indexOf(base) + variant) % widths.length];
    const burners = width === 60 ? 4 : 5;
    const material = rng.pick(width === 60 ? ['Zwart glas', 'RVS'] : ['Zwart glas', 'RVS', 'RVS']);
    const wok = width > 60;
    return {
      specs: [
        spec('Algemeen', 'Breedte', `${width} cm`),
        spec('Algemeen', 'Materiaal bovenblad', material),
        spec('Branders', 'Aantal branders', burners),
        spec('Branders', 'Wokbrander', wok ? `Ja, ${nl(rng.pick([4, 4.2, 5, 6]))} kW` : 'Nee'),
        spec('Branders', 'Pannendragers', 'Gietijzer'),
        spec('Veiligheid', 'Vlambeveiliging', 'Ja'),
        spec('Bediening', 'Ontsteking', 'Eenhandsbediening'),
        spec('Aansluiting', 'Gassoort', 'Aardgas, ombouwbaar naar propaan'),
      ],
      facets: { breedte: `${width} cm`, branders: String(burners), materiaal: material },
      priceFactor: 1 + (width - base) / 150,
      lead: rng.pick([
        `De ${m.brand} ${name} is een gaskookplaat van ${width} cm met ${burners} branders en gietijzeren pannendragers.`,
        `Koken op gas met directe controle over de vlam: deze ${m.brand}-kookplaat heeft ${burners} branders op ${width} cm.`,
      ]),
      more: [
        wok
          ? 'De krachtige wokbrander maakt roerbakken op hoog vuur mogelijk, zoals in een restaurantkeuken.'
          : 'De compacte indeling past in elk standaard werkblad van 60 cm.',
        'Elke brander heeft een vlambeveiliging die de gastoevoer afsluit zodra de vlam dooft.',
        `Het bovenblad van ${material.toLowerCase()} is met een vochtige doek snel weer schoon.`,
      ],
    };
  },
};

export const afzuigkappen: TypeDef = {
  category: 'afzuigkappen',
  image: 'afzuigkap',
  energyScale: 'A+++-D',
  weight: 18,
  service: 'builtIn',
  models: [
    { brand: 'Novy', series: "Pure'line", code: '6830', tier: 3, euros: 1249, f: { type: 'Plafondunit' } },
    { brand: 'Novy', series: 'Cube', code: '7900', tier: 2, euros: 899, f: { type: 'Schouwkap' } },
    { brand: 'Novy', series: "Mini Pack'line", code: '800', tier: 1, euros: 449, f: { type: 'Vlakscherm' } },
    { brand: 'ATAG', series: '', code: 'WS9011PM', tier: 2, euros: 649, f: { type: 'Schouwkap' } },
    { brand: 'Etna', series: '', code: 'AO490RVS', tier: 1, euros: 379, f: { type: 'Vlakscherm' } },
    { brand: 'Pelgrim', series: '', code: 'ISL940RVS', tier: 2, euros: 849, f: { type: 'Eilandkap' } },
    { brand: 'Bosch', series: 'Serie 6', code: 'DWK91LT60', tier: 2, euros: 599, f: { type: 'Wandkap schuin' } },
    { brand: 'Siemens', series: 'iQ500', code: 'LC97BHM50', tier: 2, euros: 649, f: { type: 'Schouwkap' } },
    { brand: 'AEG', series: '6000 Hob2Hood', code: 'DVE5961HB', tier: 2, euros: 549, f: { type: 'Schouwkap' } },
    { brand: 'Neff', series: 'N 50', code: 'D46ML54X1', tier: 1, euros: 429, f: { type: 'Vlakscherm' } },
    { brand: 'Miele', series: '', code: 'DA 2628', tier: 3, euros: 1499, f: { type: 'Inbouwunit' } },
    { brand: 'Smeg', series: 'Victoria', code: 'KT90BLE', tier: 2, euros: 799, f: { type: 'Schouwkap' } },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Schouwkap') as string;
    const widths = type === 'Plafondunit' ? [90, 120] : type === 'Eilandkap' ? [90, 100] : [60, 90, 90];
    const width = widths[variant % widths.length];
    const capacity = m.tier === 3 ? rng.pick([800, 850, 900]) : m.tier === 2 ? rng.pick([650, 700, 750]) : rng.pick([500, 550, 600]);
    const noise = rng.int(m.tier === 3 ? 38 : 44, m.tier === 1 ? 58 : 52);
    const label: EnergyLabel = m.tier === 1 ? 'B' : 'A';
    const mode = rng.pick(['Afvoer en recirculatie', 'Afvoer en recirculatie', 'Recirculatie']);
    const typeLower = type.toLowerCase();
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Breedte', `${width} cm`),
        spec('Prestaties', 'Max. afzuigcapaciteit', `${capacity} m³/u`),
        spec('Prestaties', 'Geluidsniveau (normale stand)', `${noise} dB`),
        spec('Prestaties', 'Werking', mode),
        spec('Functies', 'Verlichting', 'LED'),
        spec('Functies', 'Naloopstand', yesNo(m.tier > 1)),
        spec('Energie', 'Energieklasse', label),
      ],
      facets: { type, breedte: `${width} cm` },
      energyLabel: label,
      priceFactor: 1 + (width - widths[0]) / 200,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${typeLower} van ${width} cm breed met een afzuigcapaciteit tot ${capacity} m³ per uur.`,
        `${type === 'Vlakscherm' ? 'Dit' : 'Deze'} ${width} cm brede ${typeLower} van ${m.brand} haalt tot ${capacity} m³ lucht per uur weg boven de kookplaat.`,
      ]),
      more: [
        `In de normale stand produceert de kap ${noise} dB, zodat je tijdens het koken gewoon een gesprek voert.`,
        mode === 'Recirculatie'
          ? 'De kap werkt met recirculatie en heeft dus geen afvoer naar buiten nodig.'
          : 'Je sluit de kap aan op een afvoer naar buiten, of gebruikt hem met een recirculatieset.',
        `De LED-verlichting zet je kookplaat helder in het licht en met energieklasse ${label} blijft het verbruik beperkt.`,
      ],
    };
  },
};

export const inbouwmagnetrons: TypeDef = {
  category: 'inbouwmagnetrons',
  image: 'magnetron',
  weight: 10,
  service: 'builtIn',
  models: [
    { brand: 'Bosch', series: 'Serie 6', code: 'BFL634GB1', tier: 2, euros: 449, f: { type: 'Solo magnetron', nis: 38 } },
    { brand: 'Siemens', series: 'iQ700', code: 'CM724G1B1', tier: 3, euros: 1199, f: { type: 'Combimagnetron', nis: 45 } },
    { brand: 'Miele', series: '', code: 'M 2234 SC', tier: 2, euros: 799, f: { type: 'Magnetron met grill', nis: 38 } },
    { brand: 'AEG', series: '7000 CombiQuick', code: 'KMK768080B', tier: 3, euros: 999, f: { type: 'Combimagnetron', nis: 45 } },
    { brand: 'Neff', series: 'N 70', code: 'C24MT73G0', tier: 3, euros: 1049, f: { type: 'Combimagnetron', nis: 45 } },
    { brand: 'ATAG', series: 'Magna', code: 'MA4611D', tier: 2, euros: 749, f: { type: 'Combimagnetron', nis: 45 } },
    { brand: 'Etna', series: '', code: 'CM344ZT', tier: 1, euros: 499, f: { type: 'Combimagnetron', nis: 45 } },
    { brand: 'Pelgrim', series: '', code: 'MAG544ZWA', tier: 1, euros: 399, f: { type: 'Magnetron met grill', nis: 38 } },
    { brand: 'Samsung', series: 'Series 5', code: 'MG22M8254AK', tier: 1, euros: 349, f: { type: 'Magnetron met grill', nis: 38 } },
  ],
  build({ model: m, rng, variant, name }) {
    const type = feature(m.f, 'type', () => 'Solo magnetron') as string;
    const nis = feature(m.f, 'nis', () => 38) as number;
    const volume = nis === 45 ? rng.pick([36, 40, 43, 44]) : rng.pick([20, 21, 22, 25]);
    const watt = rng.pick([800, 900, 900, 1000]);
    const colour = colours[variant % colours.length];
    return {
      specs: [
        spec('Algemeen', 'Type', type),
        spec('Algemeen', 'Kleur', colour),
        spec('Capaciteit', 'Inhoud', `${volume} liter`),
        spec('Prestaties', 'Magnetronvermogen', `${watt} W`),
        spec('Functies', 'Grill', yesNo(type !== 'Solo magnetron')),
        spec('Functies', 'Hetelucht', yesNo(type === 'Combimagnetron')),
        spec('Afmetingen', 'Nishoogte', `${nis} cm`),
      ],
      facets: { type, nishoogte: `${nis} cm`, inhoud: `${volume} liter` },
      priceFactor: 1 + variant * 0.01,
      lead: rng.pick([
        `De ${m.brand} ${name} is een ${type.toLowerCase()} voor een nis van ${nis} cm met ${volume} liter inhoud.`,
        `Met ${volume} liter inhoud en ${watt} watt vermogen warmt deze inbouwmagnetron van ${m.brand} snel op.`,
      ]),
      more: [
        type === 'Combimagnetron'
          ? 'Omdat hij ook hetelucht heeft, gebruik je hem als tweede oven voor een ovenschotel of taart.'
          : 'Ideaal om snel iets op te warmen of te ontdooien, zonder dat de grote oven aan hoeft.',
        `Hij is uitgevoerd in ${colour.toLowerCase()} en past naast of boven een inbouwoven in dezelfde lijn.`,
        ...(type !== 'Solo magnetron' ? ['Met de grill krijgt een gratin of tosti een mooi bruin korstje.'] : []),
      ],
    };
  },
};

export const kookplatenMetAfzuiging: TypeDef = {
  category: 'kookplaten-met-afzuiging',
  image: 'kookplaat-met-afzuiging',
  energyScale: 'A+++-D',
  weight: 12,
  service: 'builtIn',
  models: [
    { brand: 'BORA', series: 'Pure', code: 'PURSA', tier: 2, euros: 2699, f: { width: 83 } },
    { brand: 'BORA', series: 'X Pure', code: 'SXU', tier: 3, euros: 3599, f: { width: 83 } },
    { brand: 'BORA', series: 'Classic 2.0', code: 'CKFI', tier: 3, euros: 3199, f: { width: 88 } },
    { brand: 'Novy', series: 'Easy', code: '1782', tier: 1, euros: 1499, f: { width: 80 } },
    { brand: 'Novy', series: 'Panorama', code: '1793', tier: 3, euros: 3299, f: { width: 90 } },
    { brand: 'Siemens', series: 'iQ700 inductionAir Plus', code: 'EX807LX67E', tier: 2, euros: 2199, f: { width: 80 } },
    { brand: 'Bosch', series: 'Serie 6', code: 'PVQ811F15E', tier: 1, euros: 1599, f: { width: 80 } },
    { brand: 'AEG', series: '8000 ComboHob', code: 'CCE84779FB', tier: 2, euros: 1799, f: { width: 83 } },
    { brand: 'ATAG', series: '', code: 'HIDD8471SV', tier: 2, euros: 1899, f: { width: 80 } },
    { brand: 'Pelgrim', series: '', code: 'IKA8174F', tier: 1, euros: 1399, f: { width: 80 } },
    { brand: 'Etna', series: '', code: 'KIA380ZT', tier: 1, euros: 1249, f: { width: 80 } },
  ],
  build({ model: m, rng, variant, name }) {
    const width = feature(m.f, 'width', () => 80) as number;
    const mode = variant % 2 === 0 ? rng.pick(['Recirculatie', 'Afvoer']) : 'Afvoer';
    const capacity = m.tier === 3 ? rng.pick([620, 650, 700]) : rng.pick([500, 550, 600]);
    const noise = rng.int(m.tier === 3 ? 52 : 56, 66);
    const label: EnergyLabel = m.tier === 1 ? 'B' : 'A';
    const flex = m.tier > 1 || rng.chance(0.5);
    return {
      specs: [
        spec('Algemeen', 'Breedte', `${width} cm`),
        spec('Algemeen', 'Uitvoering', mode),
        spec('Kookplaat', 'Aantal kookzones', 4),
        spec('Kookplaat', 'Flexzone', yesNo(flex)),
        spec('Kookplaat', 'Max. vermogen', '7400 W'),
        spec('Afzuiging', 'Max. afzuigcapaciteit', `${capacity} m³/u`),
        spec('Afzuiging', 'Geluidsniveau (max. stand)', `${noise} dB`),
        spec('Energie', 'Energieklasse afzuiging', label),
      ],
      facets: { breedte: `${width} cm`, uitvoering: mode, flexzone: yesNo(flex) },
      energyLabel: label,
      priceFactor: 1 + variant * 0.015 + (mode === 'Recirculatie' ? 0.05 : 0),
      lead: rng.pick([
        `De ${m.brand} ${name} is een inductiekookplaat van ${width} cm met een afzuiging die de damp direct bij de pan wegzuigt.`,
        `Bij deze ${m.brand}-kookplaat zit de afzuiging in het midden van de plaat, zodat je geen kap boven het fornuis nodig hebt.`,
      ]),
      more: [
        `Het systeem verwerkt tot ${capacity} m³ lucht per uur en laat je vrije zicht in de keuken intact.`,
        mode === 'Recirculatie'
          ? 'In de recirculatie-uitvoering filtert hij de lucht en blaast die schoon terug, zonder gat in de muur.'
          : 'De afvoeruitvoering voert kookluchtjes via een kanaal naar buiten af.',
        ...(flex ? ['Op de flexzones gebruik je ook langwerpige braadpannen en grillplaten.'] : []),
      ],
    };
  },
};

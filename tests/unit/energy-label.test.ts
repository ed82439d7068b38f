// The EU energy label: scales, colours and names (src/domain/energy-label.ts), the catalogue fields and their checks
// (src/schemas/catalog.ts), the committed sample catalogue's labels and photos, and the sample label and sheet files
// the build draws (src/lib/energy-label-samples.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  ENERGY_COLOURS,
  energyClassName,
  energyLabelView,
  energyStep,
  isOnScale,
  scaleRange,
  type EnergyClass,
  type EnergyScale,
} from '../../src/domain/energy-label.ts';
import { kitchenSchema, productSchema } from '../../src/schemas/catalog.ts';
import { regulationOf, sampleLabelPath, sampleLabelSvg, sampleSheetPath, sampleSheetPdf } from '../../src/lib/energy-label-samples.ts';
import { kitchenPhotos, productPhotos } from '../../scripts/catalog/data/photos.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('energy classes and scales', () => {
  it.each([
    ['A-G', 'A', 0, '#00a651'],
    ['A-G', 'B', 1, '#50b848'],
    ['A-G', 'D', 3, '#fff200'],
    ['A-G', 'G', 6, '#ed1c24'],
    ['A+++-D', 'A+++', 0, '#00a651'],
    ['A+++-D', 'A+', 2, '#bed630'],
    ['A+++-D', 'A', 3, '#fff200'],
    ['A+++-D', 'D', 6, '#ed1c24'],
  ] as [EnergyScale, EnergyClass, number, string][])('on scale %s puts class %s at step %i: %s', (scale, energyClass, step, colour) => {
    expect(energyStep(scale, energyClass)).toBe(step);
    expect(ENERGY_COLOURS[step]).toBe(colour);
  });

  it.each([
    ['A-G', 'A+', false],
    ['A-G', 'E', true],
    ['A+++-D', 'E', false],
    ['A+++-D', 'A++', true],
  ] as [EnergyScale, string, boolean][])('on scale %s, class %s exists: %s', (scale, energyClass, exists) => {
    expect(isOnScale(scale, energyClass)).toBe(exists);
  });

  it('refuses to place a class that is not on the scale', () => {
    expect(() => energyStep('A-G', 'A++')).toThrow('energy class A++ is not on the A-G scale');
  });

  it('shows the best and the worst class of a scale beside the arrow', () => {
    expect(scaleRange('A-G')).toEqual(['A', 'G']);
    expect(scaleRange('A+++-D')).toEqual(['A+++', 'D']);
  });

  it('names the arrow in Dutch', () => {
    expect(energyClassName('B')).toBe('Energieklasse B');
    expect(energyClassName('A+++')).toBe('Energieklasse A+++');
  });

  it('makes the view of a product: none without a class, the A to G scale unless another is given', () => {
    expect(energyLabelView({})).toBeUndefined();
    expect(energyLabelView({ energyLabel: 'C', energyLabelUrl: '/energielabels/1.svg' })).toEqual({
      energyClass: 'C',
      scale: 'A-G',
      step: 2,
      range: ['A', 'G'],
      name: 'Energieklasse C',
      labelUrl: '/energielabels/1.svg',
    });
    expect(energyLabelView({ energyLabel: 'A+', energyLabelScale: 'A+++-D', productSheetUrl: 'https://eprel.ec.europa.eu/x' })).toEqual({
      energyClass: 'A+',
      scale: 'A+++-D',
      step: 2,
      range: ['A+++', 'D'],
      name: 'Energieklasse A+',
      sheetUrl: 'https://eprel.ec.europa.eu/x',
    });
  });
});

const baseProduct = {
  productId: 104233,
  slug: 'bosch-serie-8-hbg7741b1',
  brand: 'Bosch',
  name: 'Serie 8 HBG7741B1',
  ean: '4242005301234',
  productType: 'inbouwoven',
  category: 'inbouwovens',
  description: 'Een ruime inbouwoven met pyrolyse, zodat je de binnenkant nooit meer hoeft te schrobben.',
  price: 129900,
  stock: { state: 'inStock', quantity: 4 },
  popularity: 800,
  releaseDate: '2025-03-01',
  image: 'oven',
  specifications: [
    { group: 'Algemeen', label: 'Inhoud', value: '71 liter' },
    { group: 'Algemeen', label: 'Breedte', value: '60 cm' },
    { group: 'Energie', label: 'Energieklasse', value: 'A+' },
  ],
};

/** The problems productSchema finds, as "path: message". */
function problems(overrides: Record<string, unknown>, schema: typeof productSchema | typeof kitchenSchema = productSchema): string[] {
  const result = schema.safeParse({ ...baseProduct, ...overrides });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('catalogue fields of the energy label', () => {
  it('accepts a class on its scale, with label and sheet on this site or at an https address (EPREL)', () => {
    expect(
      problems({
        energyLabel: 'A+',
        energyLabelScale: 'A+++-D',
        energyLabelUrl: 'https://eprel.ec.europa.eu/api/products/ovens/123456/labels?format=SVG',
        productSheetUrl: '/energielabels/104233.pdf',
      }),
    ).toEqual([]);
    expect(problems({ energyLabel: 'E' })).toEqual([]);
  });

  it('refuses a class that is not on the scale', () => {
    expect(problems({ energyLabel: 'A+' })).toEqual(['energyLabel: A+ is geen klasse van de schaal A-G']);
    expect(problems({ energyLabel: 'F', energyLabelScale: 'A+++-D' })).toEqual(['energyLabel: F is geen klasse van de schaal A+++-D']);
    expect(problems({ energyLabel: 'A++++' })).toHaveLength(1);
  });

  it('refuses a scale, label or sheet without a class', () => {
    expect(problems({ energyLabelScale: 'A-G', energyLabelUrl: '/l.svg', productSheetUrl: '/s.pdf' })).toEqual([
      'energyLabelScale: vul dan ook "energyLabel" (de energieklasse) in',
      'energyLabelUrl: vul dan ook "energyLabel" (de energieklasse) in',
      'productSheetUrl: vul dan ook "energyLabel" (de energieklasse) in',
    ]);
  });

  it.each(['http://eprel.ec.europa.eu/label.png', 'energielabels/1.svg', 'https://eprel.ec.europa.eu/a label.png', ''])(
    'refuses the link %j (only https:// or a path on this site)',
    (url) => {
      expect(problems({ energyLabel: 'B', energyLabelUrl: url })).toEqual([
        'energyLabelUrl: een https://-adres of een pad op deze site dat met / begint',
      ]);
    },
  );
});

describe('catalogue photos', () => {
  const photo = (src: string, alt = 'Zwarte inbouwoven, recht van voren') => ({ photos: [{ src, alt }] });

  it('has none by default and keeps their order', () => {
    expect(productSchema.parse(baseProduct).photos).toEqual([]);
    const two = [
      { src: '../images/x/voorkant.jpg', alt: 'De oven recht van voren' },
      { src: '../images/x/open.webp', alt: 'De oven met de deur open' },
    ];
    expect(productSchema.parse({ ...baseProduct, photos: two }).photos).toEqual(two);
  });

  it.each([
    ['/content/images/x.jpg', 'photos.0.src'],
    ['images/x.jpg', 'photos.0.src'],
    ['../images/x.gif', 'photos.0.src'],
    ['https://example.com/x.jpg', 'photos.0.src'],
  ])('refuses the path %s: a photo is a relative path to a JPEG, PNG, WebP or AVIF', (src, path) => {
    expect(problems(photo(src))).toEqual([
      `${path}: een pad vanaf dit bestand (./ of ../) naar een afbeelding: .jpg, .png, .webp of .avif`,
    ]);
  });

  it('wants an alt text of at least 5 characters, and at most 12 photos', () => {
    // Counted after trimming: " Ovens " is five characters.
    expect(problems(photo('./x.jpg', ' Ovens '))).toEqual([]);
    expect(problems(photo('./x.jpg', 'Oven'))).toEqual(['photos.0.alt: beschrijf de foto in minstens 5 tekens']);
    const many = Array.from({ length: 13 }, (_, i) => ({ src: `./${i}.jpg`, alt: `Foto nummer ${i}` }));
    expect(problems({ photos: many })).toHaveLength(1);
  });

  it('checks kitchen photos the same way', () => {
    const kitchen = {
      kitchenId: 7003,
      sku: 'KH-SCA-002',
      slug: 'keuken-bergen-wit-mat',
      name: 'Keuken Bergen mat wit',
      description: 'Betaalbare hoekkeuken in mat wit met een massief eiken werkblad en complete Etna-inbouwapparatuur.',
      style: 'scandinavisch',
      layout: 'hoekkeuken',
      colour: 'mat wit',
      worktop: 'massief eiken, 4 cm',
      price: 945000,
      appliances: ['Etna inbouwoven'],
      dimensions: '280 x 220 cm',
      popularity: 640,
    };
    expect(kitchenSchema.parse(kitchen).photos).toEqual([]);
    expect(kitchenSchema.safeParse({ ...kitchen, photos: [{ src: './images/k/1.jpg', alt: 'Kort' }] }).success).toBe(false);
    expect(kitchenSchema.safeParse({ ...kitchen, photos: [{ src: './images/k/1.jpg', alt: 'De keuken van opzij' }] }).success).toBe(true);
  });
});

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? yamlFiles(join(dir, e.name)) : e.name.endsWith('.yaml') ? [join(dir, e.name)] : [],
  );
}

const isJpeg = (file: string) =>
  readFileSync(file)
    .subarray(0, 3)
    .equals(Buffer.from([0xff, 0xd8, 0xff]));

describe('the committed catalogue', () => {
  const productsDir = join(root, 'content/catalog/products');
  const products = yamlFiles(productsDir).map((file) => ({ file, product: productSchema.parse(load(readFileSync(file, 'utf8'))) }));

  it('labels every appliance with an energy class: scale, and its sample label and sheet', () => {
    const labelled = products.filter(({ product }) => product.energyLabel);
    for (const { product: p } of labelled) {
      expect(p.energyLabelScale, p.slug).toBe(
        ['inbouwovens', 'afzuigkappen', 'kookplaten-met-afzuiging'].includes(p.category) ? 'A+++-D' : 'A-G',
      );
      expect(p.energyLabelUrl, p.slug).toBe(sampleLabelPath(p.productId));
      expect(p.productSheetUrl, p.slug).toBe(sampleSheetPath(p.productId));
      expect(regulationOf(p.category), p.category).toBeDefined();
    }
    // Dishwashers, ovens, fridges and washing machines: every one of them.
    for (const category of ['inbouwvaatwassers', 'vaatwassers', 'inbouwovens', 'koelkasten', 'inbouwkoelkasten', 'wasmachines'])
      for (const { product } of products.filter(({ product }) => product.category === category))
        expect(product.energyLabel, product.slug).toBeDefined();
    expect(labelled.length).toBeGreaterThanOrEqual(150);
  });

  it('has the photos of scripts/catalog/data/photos.ts, each a JPEG next to the catalogue', () => {
    const withPhotos = products.filter(({ product }) => product.photos.length > 0);
    expect(withPhotos.map(({ product }) => product.slug).sort()).toEqual(Object.keys(productPhotos).sort());
    for (const { file, product } of withPhotos)
      for (const photo of product.photos) {
        const path = resolve(dirname(file), photo.src);
        expect(existsSync(path), path).toBe(true);
        expect(isJpeg(path), path).toBe(true);
      }
  });

  it('has the kitchen photos of scripts/catalog/data/photos.ts, each a JPEG', () => {
    for (const [slug, photos] of Object.entries(kitchenPhotos)) {
      const file = join(root, 'content/catalog/kitchens', `${slug}.md`);
      const data = kitchenSchema.parse(load(readFileSync(file, 'utf8').split('---')[1]!));
      expect(data.photos.map((p) => p.alt)).toEqual(photos.map((p) => p.alt));
      for (const photo of data.photos) expect(isJpeg(resolve(dirname(file), photo.src)), photo.src).toBe(true);
    }
  });
});

describe('sample labels and sheets', () => {
  const dishwasher = {
    productId: 100083,
    brand: 'AEG',
    name: '7000 GlassCare FSE75768P',
    category: 'inbouwvaatwassers',
    productType: 'vaatwasser',
    energyLabel: 'B' as const,
    energyLabelScale: 'A-G' as const,
    specifications: [{ group: 'Energie', label: 'Energie-efficiëntie', value: 'B (schaal A–G)' }],
  };

  it('draws a label with the seven classes, the class on the black arrow, the regulation, and no style or script', () => {
    const svg = sampleLabelSvg(dishwasher);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 800"/);
    expect(svg).toContain('aria-label="Energielabel AEG 7000 GlassCare FSE75768P: energieklasse B"');
    for (const colour of ENERGY_COLOURS) expect(svg).toContain(`fill="${colour}"`);
    expect(svg).toContain('>2019/2017</text>');
    expect(svg).toContain('Voorbeeldlabel');
    expect(svg).not.toMatch(/<style|<script/);
  });

  it('writes a one-page PDF whose cross-reference table points at its objects, in WinAnsi text', () => {
    const pdf = Buffer.from(sampleSheetPdf(dishwasher));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    for (const [i, offset] of offsets.entries()) expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`);
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(stream + length, stream + length + 9)).toBe('endstream');
    // "Energie-efficiëntieklasse": ë is 0xEB in WinAnsi; the en dash is 0x96; parentheses in a string are escaped.
    expect(pdf.includes(Buffer.from('Energie-effici\xebntieklasse', 'latin1'))).toBe(true);
    expect(pdf.includes(Buffer.from('(B \\(schaal A\x96G\\)) Tj', 'latin1'))).toBe(true);
    expect(text).toContain('(Volgens Verordening \\(EU\\) 2019/2017) Tj');
  });
});

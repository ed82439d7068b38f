import { describe, expect, it } from 'vitest';
import { productSchema, type Product } from '../../src/schemas/catalog.ts';
import { isDiscounted, priceAfterCashDesk, totalDiscount } from '../../src/domain/pricing.ts';
import { productJsonLd } from '../../src/lib/product-jsonld.ts';

function product(overrides: Record<string, unknown> = {}): Product {
  return productSchema.parse({
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
    image: 'inbouwoven',
    specifications: [
      { group: 'Algemeen', label: 'Inhoud', value: '71 liter' },
      { group: 'Algemeen', label: 'Breedte', value: '60 cm' },
      { group: 'Energie', label: 'Energielabel', value: 'A+' },
    ],
    ...overrides,
  });
}

const options = {
  url: 'https://www.keukenhuys.nl/inbouwapparatuur/inbouwovens/bosch-serie-8-hbg7741b1-104233/',
  origin: 'https://www.keukenhuys.nl',
  categoryName: 'Inbouwovens',
};
const offer = (data: Record<string, unknown>) => data.offers as Record<string, unknown>;

describe('product JSON-LD', () => {
  it('describes the product with brand, sku (productId), gtin13 (EAN), category and an absolute image URL', () => {
    const data = productJsonLd(product(), options);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe('Bosch Serie 8 HBG7741B1');
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'Bosch' });
    expect(data.sku).toBe('104233');
    expect(data.gtin13).toBe('4242005301234');
    expect(data.category).toBe('Inbouwovens');
    expect(data.image).toBe('https://www.keukenhuys.nl/images/products/inbouwoven.svg');
    expect(data.description).toMatch(/pyrolyse/);
  });

  it('accepts an origin with a trailing slash without doubling it', () => {
    const data = productJsonLd(product(), { ...options, origin: 'https://www.keukenhuys.nl/' });
    expect(data.image).toBe('https://www.keukenhuys.nl/images/products/inbouwoven.svg');
  });

  it('offers the product in euros at its canonical URL', () => {
    const o = offer(productJsonLd(product(), options));
    expect(o['@type']).toBe('Offer');
    expect(o.priceCurrency).toBe('EUR');
    expect(o.url).toBe(options.url);
    expect(o.price).toBe('1299.00');
    expect(o.priceSpecification).toBeUndefined();
  });

  it('gives the price after the till discount (cashDesk) and keeps the list price as ListPrice', () => {
    const o = offer(productJsonLd(product({ discounts: { cashDesk: { price: 20000 } } }), options));
    expect(o.price).toBe('1099.00');
    expect(o.priceSpecification).toMatchObject({ priceType: 'https://schema.org/ListPrice', price: '1299.00', priceCurrency: 'EUR' });
  });

  it('does not lower the offer price by cashback, which is claimed from the manufacturer after purchase', () => {
    const o = offer(productJsonLd(product({ discounts: { cashback: { price: 10000 } } }), options));
    expect(o.price).toBe('1299.00');
  });

  it.each([
    ['inStock', false, 'https://schema.org/InStock'],
    ['backorder', false, 'https://schema.org/BackOrder'],
    ['outOfStock', false, 'https://schema.org/OutOfStock'],
    ['inStock', true, 'https://schema.org/Discontinued'],
  ] as const)('maps stock state %s (expired: %s) to availability %s', (state, expired, url) => {
    const o = offer(productJsonLd(product({ stock: { state }, expired }), options));
    expect(o.availability).toBe(url);
  });

  it('states the warranty in years', () => {
    const o = offer(productJsonLd(product({ warrantyYears: 7 }), options));
    expect(o.warranty).toMatchObject({ durationOfWarranty: { value: 7, unitCode: 'ANN' } });
  });

  it('adds the EU energy label with its scale only when the product has one', () => {
    expect(productJsonLd(product(), options).hasEnergyConsumptionDetails).toBeUndefined();
    expect(productJsonLd(product({ energyLabel: 'B' }), options).hasEnergyConsumptionDetails).toEqual({
      '@type': 'EnergyConsumptionDetails',
      hasEnergyEfficiencyCategory: 'https://schema.org/EUEnergyEfficiencyCategoryB',
      energyEfficiencyScaleMax: 'https://schema.org/EUEnergyEfficiencyCategoryA',
      energyEfficiencyScaleMin: 'https://schema.org/EUEnergyEfficiencyCategoryG',
    });
  });

  it("names an oven's A++ on the A+++ to D scale as schema.org does (A2Plus)", () => {
    const details = productJsonLd(product({ energyLabel: 'A++', energyLabelScale: 'A+++-D' }), options).hasEnergyConsumptionDetails;
    expect(details).toEqual({
      '@type': 'EnergyConsumptionDetails',
      hasEnergyEfficiencyCategory: 'https://schema.org/EUEnergyEfficiencyCategoryA2Plus',
      energyEfficiencyScaleMax: 'https://schema.org/EUEnergyEfficiencyCategoryA3Plus',
      energyEfficiencyScaleMin: 'https://schema.org/EUEnergyEfficiencyCategoryD',
    });
  });

  it('lists the photos as the image when there are any, first first', () => {
    const images = ['https://www.keukenhuys.nl/_astro/voorkant.abc.jpg', 'https://www.keukenhuys.nl/_astro/open.def.jpg'];
    expect(productJsonLd(product(), { ...options, images }).image).toEqual(images);
    expect(productJsonLd(product(), { ...options, images: [] }).image).toBe('https://www.keukenhuys.nl/images/products/inbouwoven.svg');
  });
});

describe('discount helpers', () => {
  it.each([
    [{}, 129900, 0, false],
    [{ cashDesk: { price: 20000 } }, 109900, 20000, true],
    [{ cashback: { price: 5000 } }, 129900, 5000, true],
    [{ makeAmends: { price: 2500 } }, 129900, 2500, true],
    [{ cashDesk: { price: 10000 }, cashback: { price: 5000 } }, 119900, 15000, true],
  ])('discounts %j: pays %i, saves %i in all, discounted %s', (discounts, pays, saves, discounted) => {
    const p = product({ discounts });
    expect(priceAfterCashDesk(p)).toBe(pays);
    expect(totalDiscount(p)).toBe(saves);
    expect(isDiscounted(p)).toBe(discounted);
  });
});

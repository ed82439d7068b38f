// schema.org structured data for a product page, with the shopper's price after the till discount as its offer.
// Pure (no astro:content) so that Vitest can import it and the server can reuse it.
import type { Product } from '../schemas/catalog.ts';
import { centsToSchemaPrice } from '../domain/money.ts';
import { priceAfterCashDesk } from '../domain/pricing.ts';
import { schemaOrgAvailabilityUrl } from '../domain/stock.ts';
import { scaleRange, type EnergyClass } from '../domain/energy-label.ts';

// src/lib/content.ts still takes these from here; their home is src/domain/pricing.ts.
export { isDiscounted, totalDiscount } from '../domain/pricing.ts';

/** Site path of a product's illustration. */
export function productImagePath(product: Pick<Product, 'image'>): string {
  return `/images/products/${product.image}.svg`;
}

export interface ProductJsonLdOptions {
  /** Absolute canonical URL of the product page. */
  url: string;
  /** Origin of the site, e.g. 'https://www.keukenhuys.nl' (no trailing slash needed). */
  origin: string;
  /** Name of the product's category, e.g. 'Inbouwovens'. */
  categoryName: string;
  /** Name of the seller; defaults to the shop's name. */
  seller?: string;
  /** Absolute URLs of the product's photos, first first; without them, the product type's drawing. */
  images?: readonly string[];
}

type ProductInput = Pick<
  Product,
  | 'productId'
  | 'brand'
  | 'name'
  | 'ean'
  | 'description'
  | 'price'
  | 'discounts'
  | 'stock'
  | 'expired'
  | 'image'
  | 'warrantyYears'
  | 'energyLabel'
  | 'energyLabelScale'
>;

/** schema.org's name of an EU energy class: EUEnergyEfficiencyCategoryB, …CategoryA2Plus for A++. */
function energyCategory(energyClass: EnergyClass): string {
  const plus = energyClass.length - 1;
  return `https://schema.org/EUEnergyEfficiencyCategory${energyClass[0]}${plus > 0 ? `${plus}Plus` : ''}`;
}

/** The schema.org Product with its Offer, as put in the product page's JSON-LD. */
export function productJsonLd(product: ProductInput, options: ProductJsonLdOptions) {
  const { url, categoryName, seller = 'Keukenhuys' } = options;
  const origin = options.origin.replace(/\/+$/, '');
  const price = priceAfterCashDesk(product);
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url,
    priceCurrency: 'EUR',
    price: centsToSchemaPrice(price),
    availability: schemaOrgAvailabilityUrl(product.stock.state, product.expired),
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: seller },
    warranty: {
      '@type': 'WarrantyPromise',
      durationOfWarranty: { '@type': 'QuantitativeValue', value: product.warrantyYears, unitCode: 'ANN' },
    },
  };
  if (price !== product.price) {
    // The struck-through price next to the till discount.
    offer.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/ListPrice',
      price: centsToSchemaPrice(product.price),
      priceCurrency: 'EUR',
    };
  }
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: `${product.brand} ${product.name}`,
    description: product.description,
    sku: String(product.productId),
    gtin13: product.ean,
    image: options.images && options.images.length > 0 ? [...options.images] : `${origin}${productImagePath(product)}`,
    url,
    category: categoryName,
    brand: { '@type': 'Brand', name: product.brand },
    offers: offer,
  };
  if (product.energyLabel) {
    const [best, worst] = scaleRange(product.energyLabelScale ?? 'A-G');
    data.hasEnergyConsumptionDetails = {
      '@type': 'EnergyConsumptionDetails',
      hasEnergyEfficiencyCategory: energyCategory(product.energyLabel),
      energyEfficiencyScaleMax: energyCategory(best),
      energyEfficiencyScaleMin: energyCategory(worst),
    };
  }
  return data;
}

// The shop's fields of a generated product, drawn from its rng stream: services and their prices, discounts,
// stock, staff fields, energy label, photos, warranty, EAN and description.
import type { Product } from '../../src/schemas/catalog.ts';
import { sampleLabelPath, sampleSheetPath } from '../../src/lib/energy-label-samples.ts';
import { cashbackBrands, eanPrefixes } from './brands.ts';
import { productPhotos } from './data/photos.ts';
import { dateBetween, eanCheckDigit, hashSeed, mulberry32, roundCents } from './lib.ts';
import type { Built, Rng, TypeDef } from './types.ts';

function extraWarranty(price: number, small: boolean): number {
  if (small) return price < 20000 ? 1900 : price < 50000 ? 2900 : 4900;
  return price < 50000 ? 4900 : price < 80000 ? 6900 : price < 120000 ? 8900 : price < 200000 ? 10900 : 12900;
}

interface Services {
  assemblyPrice: number | null;
  assemblyPriceSecondary: number | null;
  extraServicePrice: number | null;
  extraWarrantyPrice: number | null;
  pickUpDiscountPrice: number | null;
  deliveryCost: number | null;
}

export function services(def: TypeDef, built: Built, price: number, c: Rng): Services {
  const none: Services = {
    assemblyPrice: null,
    assemblyPriceSecondary: null,
    extraServicePrice: null,
    extraWarrantyPrice: null,
    pickUpDiscountPrice: null,
    deliveryCost: null,
  };
  switch (def.service) {
    case 'parcel':
      // Household goods: no assembly, extra service or warranty; picking up in the store takes a little off from € 40.
      return { ...none, pickUpDiscountPrice: price >= 10000 ? 500 : price >= 4000 ? 250 : null };
    case 'builtIn':
    case 'large':
      return {
        ...none,
        assemblyPrice: c.pick(def.service === 'builtIn' ? [9900, 10900, 11900, 12900, 13900, 14900] : [9900, 10900, 11900, 12900]),
        assemblyPriceSecondary: c.pick([4900, 5900, 6900, 7900]),
        extraServicePrice: c.pick([2500, 2900, 3500, 3900, 4500, 4900]),
        extraWarrantyPrice: extraWarranty(price, false),
        pickUpDiscountPrice: price < 50000 ? c.pick([500, 1000]) : price < 100000 ? c.pick([1000, 1500]) : c.pick([2000, 2500]),
      };
    case 'small':
      return {
        ...none,
        extraWarrantyPrice: price >= 15000 && c.chance(0.5) ? extraWarranty(price, true) : null,
        pickUpDiscountPrice: c.chance(0.6) ? c.pick([500, 500, 1000]) : null,
      };
    case 'outdoor': {
      const assembly =
        def.category === 'houtskoolbarbecues' ? (c.chance(0.5) ? c.pick([3900, 4900]) : null) : c.pick([4900, 5900, 6900, 7900]);
      return {
        ...none,
        assemblyPrice: assembly,
        assemblyPriceSecondary: assembly === null ? null : c.pick([2500, 2900, 3500]),
        extraWarrantyPrice: price >= 50000 && c.chance(0.5) ? extraWarranty(price, false) : null,
        pickUpDiscountPrice: c.pick([1000, 1500, 2500]),
        deliveryCost: price >= 200000 ? 2995 : null,
      };
    }
    case 'bulky':
      return {
        ...none,
        assemblyPrice: c.pick([7900, 8900, 9900]),
        assemblyPriceSecondary: c.pick([3900, 4900]),
        extraWarrantyPrice: c.chance(0.5) ? extraWarranty(price, false) : null,
        pickUpDiscountPrice: c.pick([1500, 2500]),
        deliveryCost: c.pick([2995, 3995, 4995, 5995]),
      };
    case 'furniture': {
      const table = def.category === 'eettafels';
      const length = Number.parseInt(built.facets.lengte ?? '0', 10);
      return {
        ...none,
        assemblyPrice: table ? c.pick([4900, 5900]) : null,
        assemblyPriceSecondary: table ? 2900 : null,
        pickUpDiscountPrice: table ? c.pick([1500, 2500]) : c.chance(0.5) ? 500 : null,
        deliveryCost: table && length >= 220 ? c.pick([3995, 4995, 5995]) : null,
      };
    }
  }
}

export function discounts(brand: string, def: TypeDef, price: number, c: Rng): Product['discounts'] {
  if (!c.chance(0.3)) return {};
  const out: Product['discounts'] = {};
  const r = c.float();
  const cashbackOk = cashbackBrands.has(brand) && def.service !== 'furniture';
  if (r < 0.5 || !cashbackOk || r >= 0.8) {
    const step = price >= 50000 ? 2500 : price >= 10000 ? 500 : 100;
    const value = roundCents(price * c.pick([0.05, 0.08, 0.1, 0.12, 0.15]), step);
    if (value < price) out.cashDesk = { price: value };
  }
  if (cashbackOk && r >= 0.5) {
    const options = [2500, 5000, 7500, 10000, 15000, 20000].filter((v) => v <= price * 0.2);
    if (options.length > 0) out.cashback = { price: c.pick(options) };
  }
  if (c.chance(0.15)) {
    const room = price - (out.cashDesk?.price ?? 0);
    const options = [1000, 2500, 5000].filter((v) => v <= price * 0.1 && v < room);
    if (options.length > 0) out.makeAmends = { price: c.pick(options) };
  }
  if (!out.cashDesk && !out.cashback && !out.makeAmends) out.cashDesk = { price: roundCents(price * 0.1, 100) };
  return out;
}

export function stock(c: Rng, small: boolean): Product['stock'] {
  const r = c.float();
  if (r < 0.05) return { state: 'outOfStock', quantity: 0 };
  if (r < 0.15) return { state: 'backorder', quantity: 0, expectedDate: dateBetween(c, '2026-12-01', '2027-01-31') };
  return { state: 'inStock', quantity: c.int(1, small ? 60 : 25) };
}

/**
 * Purchase price and whether a unit stands in a store. They draw from a stream of their own (`…|staff`), so adding
 * them left every other field of the sample catalogue as it was. Purchase prices lie between 55% and 85% of the
 * price, rounded to whole euros; shop-only products always stand in a store.
 */
export function staffFields(key: string, price: number, shopOnly: boolean): Pick<Product, 'purchasePrice' | 'displayedInStore'> {
  const s = mulberry32(hashSeed(`${key}|staff`));
  const purchasePrice = Math.round((price * (0.55 + 0.3 * s.float())) / 100) * 100;
  return { purchasePrice, displayedInStore: shopOnly || s.chance(0.25) };
}

/**
 * The energy label of a product with an energy class: its scale, and where its label and product information sheet
 * are. A real shop links the supplier's files in EPREL; the sample catalogue links the sample files the build draws
 * for it (src/pages/energielabels/), at the paths of src/lib/energy-label-samples.ts.
 */
export function energyLabel(def: TypeDef, built: Built, productId: number): Partial<Product> {
  if (!built.energyLabel) return {};
  return {
    energyLabel: built.energyLabel,
    energyLabelScale: def.energyScale ?? 'A-G',
    energyLabelUrl: sampleLabelPath(productId),
    productSheetUrl: sampleSheetPath(productId),
  };
}

/** The editors' photos of the sample catalogue (./data/photos.ts), as paths relative to the product's file. */
export function photos(slug: string): Product['photos'] {
  return (productPhotos[slug] ?? []).map((photo) => ({ src: `../../photos/products/${slug}/${photo.file}`, alt: photo.alt }));
}

export function warranty(brand: string, def: TypeDef, c: Rng): number {
  const big = def.service === 'builtIn' || def.service === 'large';
  if (big && brand === 'Miele' && c.chance(0.5)) return 10;
  if (big && brand === 'Liebherr' && c.chance(0.3)) return 10;
  return 5;
}

export function uniqueEan(brand: string, c: Rng, taken: Set<string>): string {
  const prefix = eanPrefixes[brand] ?? '8700000';
  for (;;) {
    const first12 = prefix + String(c.int(0, 99999)).padStart(5, '0');
    const ean = first12 + eanCheckDigit(first12);
    if (!taken.has(ean)) {
      taken.add(ean);
      return ean;
    }
  }
}

export function description(built: Built, rng: Rng): string {
  const extra = rng.shuffle(built.more).slice(0, rng.int(1, 2));
  return [built.lead, ...extra].join(' ');
}

// Schemas of the catalogue in content/catalog/: categories, products, kitchens (incl. showroom kitchens).
// Money is always an integer number of cents.
import { z } from './zod.ts';
import { ENERGY_CLASSES, ENERGY_SCALE_NAMES, isOnScale } from '../domain/energy-label.ts';

const cents = z.number().int().nonnegative();
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kleine letters en cijfers, woorden verbonden met streepjes, zoals inbouw-ovens');

export const categorySchema = z.object({
  /** Numeric id, used by settings such as floorSelectionDisabledCategoryIds. */
  categoryId: z.number().int().positive(),
  slug,
  name: z.string(),
  /** Singular name of one product of the category, e.g. "inbouwoven". */
  single: z.string(),
  /** Slug of the parent category; top-level categories have none. */
  parent: slug.optional(),
  description: z.string().min(50).max(170),
  intro: z.string().min(20),
  order: z.number().int().default(0),
  /**
   * Specification filters of the category page (issue 23), in order: a key of the products' `facets` (searched as
   * spec_<key>, which is also its parameter in the address) and the filter's Dutch title.
   */
  filters: z
    .array(z.object({ key: z.string().regex(/^[a-z]+$/, 'kleine letters, zoals diameter'), title: z.string().min(2) }))
    .max(8)
    .optional(),
});
export const categoriesFileSchema = z.array(categorySchema.extend({ id: slug }));
export type Category = z.infer<typeof categorySchema>;

const stockStates = ['inStock', 'backorder', 'outOfStock'] as const;
export type StockState = (typeof stockStates)[number];

/**
 * Where a photo is, as written in a content file: a path relative to that file. The build reads it through the
 * content layer's image() (content.config.ts), which fails on a missing file; the server and scripts see the path.
 */
const photoPath = z
  .string()
  .regex(
    /^\.{1,2}\/[^\s?#]+\.(jpe?g|png|webp|avif)$/i,
    'een pad vanaf dit bestand (./ of ../) naar een afbeelding: .jpg, .png, .webp of .avif',
  );
/** Editors' photos of a product or kitchen, first shown first, each with the alt text a screen reader reads out. */
const photos = <S extends z.ZodType>(src: S) =>
  z
    .array(z.object({ src, alt: z.string().trim().min(5, 'beschrijf de foto in minstens 5 tekens').max(200) }))
    .max(12)
    .default([]);

/** A web address (https://…) or a path on this site (/…). */
const link = z.string().regex(/^(https:\/\/[^\s]+|\/[^\s]*)$/, 'een https://-adres of een pad op deze site dat met / begint');

const discount = z.object({ price: cents.refine((p) => p > 0, 'een korting moet meer dan 0 cent zijn') });

const productFields = z.object({
  productId: z.number().int().positive(),
  slug,
  brand: z.string(),
  name: z.string().min(3),
  ean: z.string().regex(/^\d{13}$/, '13 cijfers'),
  /** Singular product type in Dutch, e.g. "vaatwasser", "inductiekookplaat". */
  productType: z.string(),
  /** Slug of the product's (sub)category. */
  category: slug,
  description: z.string().min(40),
  price: cents,
  discounts: z.object({ cashback: discount.optional(), cashDesk: discount.optional(), makeAmends: discount.optional() }).default({}),
  assemblyPrice: cents.nullable().default(null),
  assemblyPriceSecondary: cents.nullable().default(null),
  extraServicePrice: cents.nullable().default(null),
  extraWarrantyPrice: cents.nullable().default(null),
  pickUpDiscountPrice: cents.nullable().default(null),
  deliveryCost: cents.nullable().default(null),
  freeAssembly: z.boolean().default(false),
  freeAssemblyDismissable: z.boolean().default(false),
  freeExtraService: z.boolean().default(false),
  freeExtraWarranty: z.boolean().default(false),
  freeExtraWarrantyDismissable: z.boolean().default(false),
  combinations: z
    .array(
      z.object({
        combinationId: z.number().int().positive(),
        name: z.string(),
        products: z.array(z.number().int().positive()).min(1),
        price: cents,
      }),
    )
    .default([]),
  expired: z.boolean().default(false),
  stock: z.object({
    state: z.enum(stockStates),
    /** Units in our own warehouse (inStock) or expected date from the supplier (backorder). */
    quantity: z.number().int().nonnegative().default(0),
    expectedDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  shopOnly: z.boolean().default(false),
  /** Price only shown to shop staff (pricesShopOnlyShow), in cents. */
  shopOnlyPrice: cents.optional(),
  /**
   * What we pay the supplier, in cents. Staff only: the admin's margin code is derived from it (marginCodeShow); it
   * never reaches the search index, a guest's API answer or the prebuilt HTML.
   */
  purchasePrice: cents.optional(),
  /** A unit stands in at least one of our stores, so a shopper can see it there (staff see an icon, shopIconsShow). */
  displayedInStore: z.boolean().default(false),
  popularity: z.number().int().min(0).max(1000),
  releaseDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** EU energy efficiency class, on the scale of energyLabelScale (src/domain/energy-label.ts). */
  energyLabel: z.enum(ENERGY_CLASSES).optional(),
  /** The label's scale: A-G (rescaled labels, the default) or A+++-D (ovens and range hoods, 65/2014). */
  energyLabelScale: z.enum(ENERGY_SCALE_NAMES as ['A-G', 'A+++-D']).optional(),
  /** The label image (the supplier's, e.g. from EPREL), opened from the class arrow. */
  energyLabelUrl: link.optional(),
  /** The product information sheet (EPREL), linked as "Productinformatieblad". */
  productSheetUrl: link.optional(),
  warrantyYears: z.number().int().positive().default(5),
  /** Illustration key, see public/images/products/{image}.svg */
  image: slug,
  specifications: z.array(z.object({ group: z.string(), label: z.string(), value: z.string() })).min(3),
  /** Facet values for search, e.g. { breedte: '60 cm', bouwtype: 'Volledig integreerbaar' }. */
  facets: z.record(z.string(), z.string()).default({}),
});

type ProductRules = Pick<
  z.infer<typeof productFields>,
  | 'assemblyPrice'
  | 'assemblyPriceSecondary'
  | 'discounts'
  | 'price'
  | 'energyLabel'
  | 'energyLabelScale'
  | 'energyLabelUrl'
  | 'productSheetUrl'
>;

function productRules(p: ProductRules, ctx: z.RefinementCtx): void {
  if (p.assemblyPrice === null && p.assemblyPriceSecondary !== null)
    ctx.addIssue({ code: 'custom', path: ['assemblyPriceSecondary'], message: 'vul dan ook "assemblyPrice" in' });
  const discount = (p.discounts.cashDesk?.price ?? 0) + (p.discounts.makeAmends?.price ?? 0);
  if (discount >= p.price)
    ctx.addIssue({ code: 'custom', path: ['discounts'], message: 'de kortingen moeten samen onder de prijs ("price") blijven' });
  const scale = p.energyLabelScale ?? 'A-G';
  if (p.energyLabel && !isOnScale(scale, p.energyLabel))
    ctx.addIssue({ code: 'custom', path: ['energyLabel'], message: `${p.energyLabel} is geen klasse van de schaal ${scale}` });
  for (const field of ['energyLabelScale', 'energyLabelUrl', 'productSheetUrl'] as const)
    if (p[field] !== undefined && !p.energyLabel)
      ctx.addIssue({ code: 'custom', path: [field], message: 'vul dan ook "energyLabel" (de energieklasse) in' });
}

/** The product schema with photos read by `src`: a path here, the content layer's image() in content.config.ts. */
export const productSchemaWithPhotos = <S extends z.ZodType>(src: S) =>
  productFields.extend({ photos: photos(src) }).superRefine(productRules);

export const productSchema = productSchemaWithPhotos(photoPath);
export type Product = z.infer<typeof productSchema>;

/**
 * What the cart, the product API and the buy box carry of a product (src/lib/product-summary.ts makes it): its
 * prices, services, free flags, combinations and stock, plus its picture, canonical URL and category id; no
 * shop-only price, no long texts.
 */
export const productSummarySchema = productFields
  .pick({
    productId: true,
    brand: true,
    name: true,
    ean: true,
    productType: true,
    price: true,
    discounts: true,
    assemblyPrice: true,
    assemblyPriceSecondary: true,
    extraServicePrice: true,
    extraWarrantyPrice: true,
    pickUpDiscountPrice: true,
    deliveryCost: true,
    freeAssembly: true,
    freeAssemblyDismissable: true,
    freeExtraService: true,
    freeExtraWarranty: true,
    freeExtraWarrantyDismissable: true,
    combinations: true,
    expired: true,
    stock: true,
    shopOnly: true,
    category: true,
    warrantyYears: true,
    energyLabel: true,
    energyLabelScale: true,
    energyLabelUrl: true,
    productSheetUrl: true,
  })
  .extend({ image: z.string(), url: z.string(), categoryId: z.number().int().nullable() });
export type ProductSummary = z.infer<typeof productSummarySchema>;

const kitchenFields = z.object({
  kitchenId: z.number().int().positive(),
  sku: z.string().regex(/^[A-Z0-9-]{4,20}$/),
  slug,
  name: z.string(),
  description: z.string().min(50).max(170),
  style: z.enum(['modern', 'landelijk', 'industrieel', 'klassiek', 'scandinavisch', 'greeploos']),
  layout: z.enum(['rechte keuken', 'hoekkeuken', 'U-keuken', 'eilandkeuken', 'parallelkeuken']),
  colour: z.string(),
  worktop: z.string(),
  /** Indicative price from which this kitchen is sold, with appliances. */
  price: cents,
  appliances: z.array(z.string()).min(1),
  dimensions: z.string(),
  showroom: z.boolean().default(false),
  /** Showroom kitchens: the original and the sale price, and the store where it stands. */
  oldPrice: cents.optional(),
  newPrice: cents.optional(),
  store: z.string().optional(),
  popularity: z.number().int().min(0).max(1000),
});

function kitchenRules(k: z.infer<typeof kitchenFields>, ctx: z.RefinementCtx): void {
  if (k.showroom && (k.oldPrice === undefined || k.newPrice === undefined || k.store === undefined))
    ctx.addIssue({ code: 'custom', path: ['showroom'], message: 'een showroomkeuken heeft "oldPrice", "newPrice" en "store" nodig' });
  if (k.oldPrice !== undefined && k.newPrice !== undefined && k.newPrice >= k.oldPrice)
    ctx.addIssue({ code: 'custom', path: ['newPrice'], message: '"newPrice" moet lager zijn dan "oldPrice"' });
}

/** The kitchen schema with photos read by `src` (see productSchemaWithPhotos). */
export const kitchenSchemaWithPhotos = <S extends z.ZodType>(src: S) =>
  kitchenFields.extend({ photos: photos(src) }).superRefine(kitchenRules);

export const kitchenSchema = kitchenSchemaWithPhotos(photoPath);
export type Kitchen = z.infer<typeof kitchenSchema>;

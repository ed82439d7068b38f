// The product summary (productSummarySchema in src/schemas/catalog.ts) of a catalogue product: what the cart, the
// product API and the buy box carry of it.
import type { Category, Product, ProductSummary } from '../schemas/catalog.ts';
import { productPicturePath } from './product-thumbnail.ts';
import { productPath } from './urls.ts';

export type { ProductSummary };

type CategoryLike = Pick<Category, 'slug' | 'parent' | 'categoryId'>;

export function productSummary(product: Product, categories: ReadonlyMap<string, CategoryLike>): ProductSummary {
  return {
    productId: product.productId,
    brand: product.brand,
    name: product.name,
    ean: product.ean,
    productType: product.productType,
    price: product.price,
    discounts: product.discounts,
    assemblyPrice: product.assemblyPrice,
    assemblyPriceSecondary: product.assemblyPriceSecondary,
    extraServicePrice: product.extraServicePrice,
    extraWarrantyPrice: product.extraWarrantyPrice,
    pickUpDiscountPrice: product.pickUpDiscountPrice,
    deliveryCost: product.deliveryCost,
    freeAssembly: product.freeAssembly,
    freeAssemblyDismissable: product.freeAssemblyDismissable,
    freeExtraService: product.freeExtraService,
    freeExtraWarranty: product.freeExtraWarranty,
    freeExtraWarrantyDismissable: product.freeExtraWarrantyDismissable,
    combinations: product.combinations,
    expired: product.expired,
    stock: product.stock,
    shopOnly: product.shopOnly,
    category: product.category,
    categoryId: categories.get(product.category)?.categoryId ?? null,
    warrantyYears: product.warrantyYears,
    // The energy class with its label and sheet, shown beside the price wherever a price is (the cart too).
    ...(product.energyLabel ? { energyLabel: product.energyLabel, energyLabelScale: product.energyLabelScale ?? 'A-G' } : {}),
    ...(product.energyLabel && product.energyLabelUrl ? { energyLabelUrl: product.energyLabelUrl } : {}),
    ...(product.energyLabel && product.productSheetUrl ? { productSheetUrl: product.productSheetUrl } : {}),
    image: productPicturePath(product),
    url: productPath(product, categories),
  };
}

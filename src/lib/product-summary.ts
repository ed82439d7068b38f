// What the cart, the product API and the buy box carry of a product: its prices, services, free flags,
// combinations and stock, plus its picture and canonical URL (no shop-only price, no long texts).
import type { Category, Product } from '../schemas/catalog.ts';
import { productPath } from './urls.ts';

export type ProductSummary = Pick<
  Product,
  | 'productId'
  | 'brand'
  | 'name'
  | 'ean'
  | 'productType'
  | 'price'
  | 'discounts'
  | 'assemblyPrice'
  | 'assemblyPriceSecondary'
  | 'extraServicePrice'
  | 'extraWarrantyPrice'
  | 'pickUpDiscountPrice'
  | 'deliveryCost'
  | 'freeAssembly'
  | 'freeAssemblyDismissable'
  | 'freeExtraService'
  | 'freeExtraWarranty'
  | 'freeExtraWarrantyDismissable'
  | 'combinations'
  | 'expired'
  | 'stock'
  | 'shopOnly'
  | 'category'
  | 'warrantyYears'
  | 'energyLabel'
> & { image: string; url: string; categoryId: number | null };

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
    ...(product.energyLabel ? { energyLabel: product.energyLabel } : {}),
    image: `/images/products/${product.image}.svg`,
    url: productPath(product, categories),
  };
}

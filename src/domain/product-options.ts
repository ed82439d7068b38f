// What a product offers of the cart's options (assembly, extra service, extra warranty, pickup discount), which of
// its free options are fixed, and the product of an id for the cart rules (cart.ts). Also the cart as it stands once
// options that the products no longer offer are switched off.
import type { Product } from '../schemas/catalog.ts';
import type { Cart, CartItems, CartOption } from './cart-schema.ts';

type OptionPrices = Pick<
  Product,
  | 'assemblyPrice'
  | 'extraServicePrice'
  | 'extraWarrantyPrice'
  | 'pickUpDiscountPrice'
  | 'freeAssembly'
  | 'freeExtraService'
  | 'freeExtraWarranty'
>;

/** What the cart rules need to know of a product: what each option costs, and which free options are fixed. */
export type ProductOptions = OptionPrices & Pick<Product, 'freeAssemblyDismissable' | 'freeExtraWarrantyDismissable'>;

/** Whether a product offers an option: it has a price for it, or gets it for free. */
export function offersOption(product: OptionPrices, option: CartOption): boolean {
  switch (option) {
    case 'assembly':
      return product.assemblyPrice !== null || product.freeAssembly;
    case 'extraService':
      return product.extraServicePrice !== null || product.freeExtraService;
    case 'extraWarranty':
      return product.extraWarrantyPrice !== null || product.freeExtraWarranty;
    case 'pickUpDiscount':
      return product.pickUpDiscountPrice !== null;
  }
}

type FixedFlags = Pick<ProductOptions, 'freeAssembly' | 'freeAssemblyDismissable' | 'freeExtraWarranty' | 'freeExtraWarrantyDismissable'>;

/**
 * A free option the shop does not let the shopper switch off (free assembly or free extra warranty that is not
 * dismissable): it is on from the moment the product is added, and every rule keeps it on.
 */
export function isFixedOption(product: FixedFlags, option: CartOption): boolean {
  if (option === 'assembly') return product.freeAssembly && !product.freeAssemblyDismissable;
  if (option === 'extraWarranty') return product.freeExtraWarranty && !product.freeExtraWarrantyDismissable;
  return false;
}

export type ProductLookup =
  | Readonly<Record<string | number, ProductOptions | undefined>>
  | ((productId: number) => ProductOptions | undefined);

/** The product of an id, from a lookup table or function. */
export function lookUp(products: ProductLookup, productId: number): ProductOptions | undefined {
  return typeof products === 'function' ? products(productId) : products[productId];
}

/** Switches off options that the products no longer offer (the catalogue may change while a cart waits). */
export function dropUnofferedOptions(cart: Cart, products: ProductLookup): Cart {
  let changed = false;
  const items: CartItems = {};
  for (const [key, item] of Object.entries(cart.items)) {
    const product = lookUp(products, item.productId);
    const options = { ...item.options };
    for (const o of Object.keys(options) as CartOption[]) if (options[o] && (!product || !offersOption(product, o))) options[o] = false;
    const same = (Object.keys(options) as CartOption[]).every((o) => options[o] === item.options[o]);
    items[key] = same ? item : { ...item, options };
    changed ||= !same;
  }
  return changed ? { ...cart, items } : cart;
}

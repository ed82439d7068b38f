// The services a product can come with (SPEC §4: assembly, extra service, extra warranty) and the pick-up discount
// beside them: what the shopper sees each one called, what each costs for one unit, and the one way a charge or a
// discount becomes text ('gratis', '+ € 49,00', '€ 9,95 per stuk', '€ 25,00 korting'). The buy box, the cart, the
// product page, the checkout and the order summaries all say it through here. Whether a product offers a service
// at all is the cart rules' offersOption (src/domain/cart.ts).
import type { Product } from '../schemas/catalog.ts';
import type { CartOption } from './cart-schema.ts';
import { formatEuro } from './money.ts';

/** A service that is paid for (or free); the pick-up discount, the fourth cart option, takes off instead. */
export type ServiceKind = Exclude<CartOption, 'pickUpDiscount'>;

/** What each cart option is called in a cart line and in the rows of totals. */
export const SERVICE_NAMES: Readonly<Record<CartOption, string>> = {
  assembly: 'Montage',
  extraService: 'Extra service',
  extraWarranty: 'Extra garantie',
  pickUpDiscount: 'Afhaalkorting',
};

/** An amount to pay in cents, or free. */
export type Charge = number | 'free';

type ServicePrices = Pick<
  Product,
  'assemblyPrice' | 'extraServicePrice' | 'extraWarrantyPrice' | 'freeAssembly' | 'freeExtraService' | 'freeExtraWarranty'
>;

/** What one unit of a service costs: free when the product comes with it, else its price (0 when it has none). */
export function servicePrice(product: ServicePrices, kind: ServiceKind): Charge {
  switch (kind) {
    case 'assembly':
      return product.freeAssembly ? 'free' : (product.assemblyPrice ?? 0);
    case 'extraService':
      return product.freeExtraService ? 'free' : (product.extraServicePrice ?? 0);
    case 'extraWarranty':
      return product.freeExtraWarranty ? 'free' : (product.extraWarrantyPrice ?? 0);
  }
}

/** What picking the product up yourself takes off one unit (cents; 0 when it has no pick-up discount). */
export function pickUpDiscount(product: Pick<Product, 'pickUpDiscountPrice'>): number {
  return product.pickUpDiscountPrice ?? 0;
}

/** A total or a fee as a charge: nothing to pay (0, or not known yet) is free. */
export function chargeOf(cents: number | undefined): Charge {
  return cents ? cents : 'free';
}

export type ChargeFormat = {
  /** '+ € 49,00': the amount comes on top of a price shown nearby. */
  added?: boolean;
  /** '€ 9,95 per stuk': the amount is paid for every unit. */
  perUnit?: boolean;
};

/** A charge as a shopper reads it: 'gratis', or the amount, '+ ' before it and ' per stuk' after it as asked. */
export function formatCharge(charge: Charge, format: ChargeFormat = {}): string {
  if (charge === 'free') return 'gratis';
  const amount = `${format.added ? '+ ' : ''}${formatEuro(charge)}`;
  return format.perUnit ? `${amount} per stuk` : amount;
}

export type DiscountFormat = {
  /** '€ 25,00 korting' instead of '-€ 25,00'. */
  worded?: boolean;
  /** ' per stuk' after it: the discount is taken off every unit. */
  perUnit?: boolean;
};

/** A discount as a shopper reads it: '-€ 25,00' (taken off a total), or '€ 25,00 korting'; ' per stuk' as asked. */
export function formatDiscount(cents: number, format: DiscountFormat = {}): string {
  const amount = format.worded ? `${formatEuro(cents)} korting` : `-${formatEuro(cents)}`;
  return format.perUnit ? `${amount} per stuk` : amount;
}

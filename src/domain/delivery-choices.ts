// The ways a cart can be received (SPEC §4): plain delivery, or a service one of its products offers (assembly, extra
// service, pickup), and the option changes that give the cart one of them. Only the checkout needs these, so they
// live apart from the cart rules that every page with a buy box loads.
import type { DeliveryType } from '../schemas/delivery.ts';
import { EXCLUSIVE_OPTIONS, type CartItems, type CartOption } from './cart.ts';
import { isFixedOption, lookUp, offersOption, type ProductLookup } from './product-options.ts';

type ExclusiveOption = (typeof EXCLUSIVE_OPTIONS)[number];

/** The option each way of receiving the goods other than plain delivery stands for. */
const DELIVERY_TYPE_OPTION: Readonly<Record<Exclude<DeliveryType, 'default'>, ExclusiveOption>> = {
  assembly: 'assembly',
  extraService: 'extraService',
  pickUp: 'pickUpDiscount',
};

/**
 * The ways this cart can be received: plain delivery, and each service one of its products offers; none that would
 * switch off a fixed option on one of its items (a product with free assembly that cannot be dismissed leaves
 * assembly as the only way).
 */
export function deliveryChoices(items: CartItems, products: ProductLookup): DeliveryType[] {
  const known = Object.values(items).flatMap((i) => lookUp(products, i.productId) ?? []);
  const fixed = new Set(EXCLUSIVE_OPTIONS.filter((o) => known.some((p) => isFixedOption(p, o))));
  const keepsFixed = (option: ExclusiveOption | null) => [...fixed].every((f) => f === option);
  const choices: DeliveryType[] = keepsFixed(null) ? ['default'] : [];
  for (const type of ['assembly', 'extraService', 'pickUp'] as const) {
    const option = DELIVERY_TYPE_OPTION[type];
    if (known.some((p) => offersOption(p, option)) && keepsFixed(option)) choices.push(type);
  }
  return choices;
}

/**
 * The option changes (item key, option, value) that make the cart's delivery type `type`: the service on every
 * item that offers it (the cart rules then switch the other services off), or every service off for 'default'.
 */
export function optionChangesFor(items: CartItems, products: ProductLookup, type: DeliveryType): [string, CartOption, boolean][] {
  const changes: [string, CartOption, boolean][] = [];
  for (const [key, item] of Object.entries(items)) {
    if (type === 'default') {
      for (const option of EXCLUSIVE_OPTIONS) if (item.options[option]) changes.push([key, option, false]);
      continue;
    }
    const option = DELIVERY_TYPE_OPTION[type];
    const product = lookUp(products, item.productId);
    if (product && offersOption(product, option) && !item.options[option]) changes.push([key, option, true]);
  }
  return changes;
}

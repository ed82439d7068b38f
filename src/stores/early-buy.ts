// Clicks on "In winkelwagen" made before the buy-box island has hydrated. The product page carries a tiny inline
// script (src/client/inline/early-buy.ts) that keeps such submits in window.__buyQueue; the island takes them on hydration
// (takeEarlyBuys). Should the island not come within 8 seconds (its script blocked or failed), the script sends
// the form the plain way (a post to /winkelwagen/, which adds it on the server). The field names are shared with
// the cart page's ?add= link: add (product id), qty, opt (assembly, extraService or pickUpDiscount), set (a
// combination of the product, a set from "Vaak samen gekocht").
import { EXCLUSIVE_OPTIONS, type CartItemOptions } from '../domain/cart.ts';

/** A buy form's fields, as the inline script keeps them. */
export type BuyFields = [string, string][];
/** What the inline script and the island share on window; __buyTimer is the script's 8-second fallback. */
export type BuyWindow = {
  __buyQueue?: BuyFields[];
  __buyReady?: boolean;
  __buyGaveUp?: boolean;
  __buyTimer?: ReturnType<typeof setTimeout>;
};

export type BuyRequest = { qty: number; options: Partial<CartItemOptions>; combinationId: number | null };

/** Quantity and options of a buy form's fields or of the cart page's ?add= link. */
export function readBuyFields(fields: Iterable<[string, string]>): BuyRequest {
  let qty = 1;
  let combinationId: number | null = null;
  const options: Partial<CartItemOptions> = {};
  for (const [name, value] of fields) {
    if (name === 'qty') qty = Number(value);
    if (name === 'set' && /^[1-9]\d{0,9}$/.test(value)) combinationId = Number(value);
    if (name === 'opt' && (EXCLUSIVE_OPTIONS as readonly string[]).includes(value))
      options[value as (typeof EXCLUSIVE_OPTIONS)[number]] = true;
  }
  return { qty, options, combinationId };
}

/** Marks the island ready (the inline script stops capturing) and returns the submits it captured. */
export function takeEarlyBuys(win: BuyWindow = globalThis as BuyWindow): BuyRequest[] {
  win.__buyReady = true;
  if (win.__buyGaveUp) return [];
  return (win.__buyQueue ?? []).splice(0).map(readBuyFields);
}

// Placing the order from the checkout: the server's own checks first, on the cart as it will be with the form's
// values and a calendar of this moment; then every value goes along with the submit, so the server checks exactly
// the same cart. A placed order is kept for this tab (the checkout shows it after a trip to the payment page).
import { writeLastOrder } from '../../client/last-order.ts';
import type { Cart, PlacedOrder, ShownCart } from '../../domain/cart-schema.ts';
import type { FieldError } from '../../domain/errors.ts';
import { seenPricesOf, type PriceChange } from '../../domain/price-changes.ts';
import { submitOrder } from '../../stores/cart.ts';
import { draftCart, relevantErrors, wireFields, type CheckoutValues } from './form.ts';

export type SubmitOutcome =
  | { kind: 'placed'; order: PlacedOrder }
  | { kind: 'refused'; problems: FieldError[]; fromServer: boolean }
  | { kind: 'none' };

/**
 * `check` is validateCheckout with this moment's calendar; `priceChanges` the changes the page shows (sent along as
 * seen, so the order goes through at those prices); `sending` runs once the checks passed.
 */
export async function submitCheckout(
  cart: ShownCart,
  values: CheckoutValues,
  check: (draft: Cart) => FieldError[],
  priceChanges: readonly PriceChange[],
  sending: () => void,
): Promise<SubmitOutcome> {
  const problems = relevantErrors(check(draftCart(cart, values)), values);
  if (problems.length > 0) return { kind: 'refused', problems, fromServer: false };
  sending();
  const result = await submitOrder(wireFields(values), priceChanges.length > 0 ? seenPricesOf(priceChanges) : undefined);
  if (result.ok && result.order) {
    writeLastOrder(result.order);
    return { kind: 'placed', order: result.order };
  }
  if (result.ok) return { kind: 'none' };
  const fieldProblems = result.error.errors.filter((e) => e.field);
  return {
    kind: 'refused',
    problems: fieldProblems.length > 0 ? fieldProblems : [{ field: '', errorMessage: result.message }],
    fromServer: fieldProblems.length > 0,
  };
}

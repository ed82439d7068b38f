// What the shopper is told when the cart rules changed a choice they made (SPEC §4: one way to receive the order,
// extra warranty confirmed again after an add): one Dutch sentence per adjustment of src/domain/cart.ts, which the
// cart store announces in a polite live region with "Ongedaan maken".
import type { CartOption, ItemRef, OptionAdjustment } from './cart.ts';

/** The name of an item as the shopper knows it (a product's brand and name, a set's name). */
export type ItemNamer = (item: ItemRef) => string;

const OPTION_NAMES: Readonly<Record<CartOption, string>> = {
  assembly: 'Montage',
  extraService: 'Extra service',
  extraWarranty: 'Extra garantie',
  pickUpDiscount: 'Afhaalkorting',
};

/** Why, after "omdat je": what the shopper chose on `cause`, named unless it is the adjusted item itself. */
function because(cause: NonNullable<OptionAdjustment['cause']>, same: boolean, nameOf: ItemNamer): string {
  const name = same ? 'het' : nameOf(cause);
  switch (cause.option) {
    case 'pickUpDiscount':
      return same ? 'het zelf ophaalt' : `${name} zelf ophaalt`;
    case 'assembly':
      return same ? 'montage hebt gekozen' : `montage hebt gekozen voor ${name}`;
    case 'extraService':
      return same ? 'extra service hebt gekozen' : `extra service hebt gekozen voor ${name}`;
    case 'extraWarranty':
      return 'extra garantie hebt gekozen';
  }
}

/** One sentence: what was switched off, on which item, and why. */
export function adjustmentMessage(adjustment: OptionAdjustment, nameOf: ItemNamer): string {
  const what = `${OPTION_NAMES[adjustment.option]} voor ${nameOf(adjustment)} is ${adjustment.after ? 'aangezet' : 'uitgezet'}`;
  if (adjustment.reason === 'readded')
    return `${what}, omdat je er meer aan je winkelwagen hebt toegevoegd. Zet de extra garantie weer aan als je die voor alle stuks wilt.`;
  if (!adjustment.cause) return `${what}.`;
  return `${what}, omdat je ${because(adjustment.cause, adjustment.cause.key === adjustment.key, nameOf)}.`;
}

/** The explanation of the exclusive options, said once after the sentences when one of them was switched off. */
export const EXCLUSIVE_RULE = 'Je kiest één manier voor je hele bestelling: bezorgen, monteren, aansluiten of zelf afhalen.';

/** What to announce for the adjustments of one change: a sentence each, then the rule when it applies. */
export function adjustmentMessages(adjustments: readonly OptionAdjustment[], nameOf: ItemNamer): string[] {
  const lines = adjustments.map((a) => adjustmentMessage(a, nameOf));
  if (adjustments.some((a) => a.reason === 'exclusive')) lines.push(EXCLUSIVE_RULE);
  return lines;
}

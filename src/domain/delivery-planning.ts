// How a delivery is planned (content/settings/delivery.yaml, `planning`): per delivery type the shopper picks a day,
// a week, or lets us call to agree a day. Which of those this cart offers now, what to preselect when the stock
// delays it, what the server accepts, and the Dutch words that explain a delay. The calendar itself is
// src/domain/delivery-calendar.ts.
import type { StockState } from '../schemas/catalog.ts';
import type { DeliveryPlanning, DeliveryPlanningSettings, DeliveryType } from '../schemas/delivery.ts';
import { itemsInAddOrder } from './cart-queries.ts';
import type { CartItems } from './cart.ts';
import {
  dayLabel,
  isDeliveryDaySelectable,
  isDeliveryWeekSelectable,
  weekName,
  type CurrentYear,
  type DeliveryCalendar,
} from './delivery-calendar.ts';
import type { FieldError } from './errors.ts';

type PlanningCalendar = Pick<DeliveryCalendar, 'days' | 'weeks' | 'daySelection' | 'delayed'>;

/** The radio labels of the ways to plan. */
export const PLANNING_LABELS: Readonly<Record<DeliveryPlanning, string>> = {
  day: 'Een dag kiezen',
  week: 'Een week kiezen',
  call: 'Wij bellen je om een dag af te spreken',
};

/** The ways the settings allow for a delivery type; pick-up is not planned. */
export function allowedPlanning(settings: DeliveryPlanningSettings, type: DeliveryType): readonly DeliveryPlanning[] {
  return type === 'pickUp' ? [] : settings[type];
}

export type PlanningOffer = {
  /** The allowed ways that can be used now, in the order of the settings (the preferred first). */
  modes: DeliveryPlanning[];
  /** The stock delays the cart: the first mode is preselected. */
  delayed: boolean;
};

/** A day only when one can be chosen, a week only when one can; a call always. */
export function planningOffer(calendar: PlanningCalendar, allowed: readonly DeliveryPlanning[]): PlanningOffer {
  const usable = (mode: DeliveryPlanning) =>
    mode === 'day'
      ? calendar.daySelection && calendar.days.some((d) => !d.disabled)
      : mode === 'week'
        ? calendar.weeks.some((w) => !w.disabled)
        : true;
  return { modes: allowed.filter(usable), delayed: calendar.delayed };
}

/** The cart fields of a plan: a day, a week, or the call. */
export type PlanningFields = { deliveryDay: string | null; deliveryWeek: string | null; deliveryCall: boolean | null };

const NOTHING: PlanningFields = { deliveryDay: null, deliveryWeek: null, deliveryCall: null };

/** The way a cart is planned; a day wins over a week, a week over the call (as the order stores it). */
export function chosenPlanning(fields: Partial<Record<keyof PlanningFields, unknown>>): DeliveryPlanning | null {
  if (fields.deliveryDay) return 'day';
  if (fields.deliveryWeek) return 'week';
  if (fields.deliveryCall === true) return 'call';
  return null;
}

/** The fields that choose `mode`, with the earliest day or week filled in when `preselect`. */
export function planningFields(mode: DeliveryPlanning, calendar: PlanningCalendar, preselect: boolean): PlanningFields {
  if (mode === 'call') return { ...NOTHING, deliveryCall: true };
  if (!preselect) return NOTHING;
  if (mode === 'day') return { ...NOTHING, deliveryDay: calendar.days.find((d) => !d.disabled)?.date ?? null };
  return { ...NOTHING, deliveryWeek: calendar.weeks.find((w) => !w.disabled)?.week ?? null };
}

function choiceStands(chosen: DeliveryPlanning, calendar: PlanningCalendar, fields: Partial<PlanningFields>): boolean {
  if (chosen === 'day') return isDeliveryDaySelectable(calendar, fields.deliveryDay);
  if (chosen === 'week') return isDeliveryWeekSelectable(calendar, fields.deliveryWeek);
  return true;
}

/**
 * What the checkout sets when the current plan cannot stand, or null when it can. A cart the stock delays gets
 * the first offered way with its earliest day or week, so the shopper can go on at once; so does a cart that can
 * only be planned by a call. Otherwise a way that is no longer offered (another delivery type) is cleared and the
 * shopper chooses; a day that passed stays, with its error.
 */
export function planningCorrection(
  offer: PlanningOffer,
  calendar: PlanningCalendar,
  fields: Partial<PlanningFields>,
): PlanningFields | null {
  const chosen = chosenPlanning(fields);
  const offered = chosen !== null && offer.modes.includes(chosen);
  const first = offer.modes[0];
  const preselect = first !== undefined && (offer.delayed || (offer.modes.length === 1 && first === 'call'));
  if (preselect) return offered && choiceStands(chosen, calendar, fields) ? null : planningFields(first, calendar, true);
  return chosen !== null && !offered ? NOTHING : null;
}

const ALTERNATIVES: Readonly<Record<DeliveryPlanning, string>> = {
  day: 'kies een dag',
  week: 'kies een week',
  call: 'laat ons je bellen om een dag af te spreken',
};

function oneOf(parts: readonly string[]): string {
  const text = parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} of ${parts.at(-1)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const FIELD: Readonly<Record<DeliveryPlanning, keyof PlanningFields>> = { day: 'deliveryDay', week: 'deliveryWeek', call: 'deliveryCall' };

const NOT_ALLOWED: Readonly<Record<DeliveryPlanning, string>> = {
  day: 'kun je geen dag kiezen',
  week: 'kun je geen week kiezen',
  call: 'plannen we niet telefonisch',
};

/**
 * The problem with how a delivered cart is planned, as the server checks it on submit: a way the settings do not
 * allow for its delivery type, a day or week the calendar does not offer, or no choice at all. Null when it is fine.
 */
export function planningProblem(
  fields: Partial<Record<keyof PlanningFields, unknown>>,
  calendar: PlanningCalendar,
  allowed: readonly DeliveryPlanning[],
  typeLabel: string,
): FieldError | null {
  const chosen = chosenPlanning(fields);
  const problem = (mode: DeliveryPlanning, errorMessage: string): FieldError => ({ field: FIELD[mode], errorMessage });
  if (chosen && !allowed.includes(chosen))
    return problem(chosen, `Bij ${typeLabel.toLowerCase()} ${NOT_ALLOWED[chosen]}. ${oneOf(allowed.map((m) => ALTERNATIVES[m]))}.`);
  if (chosen === 'day')
    return calendar.daySelection && isDeliveryDaySelectable(calendar, fields.deliveryDay as string)
      ? null
      : problem('day', 'Op deze dag kunnen we niet bezorgen. Kies een andere dag.');
  if (chosen === 'week')
    return isDeliveryWeekSelectable(calendar, fields.deliveryWeek as string)
      ? null
      : problem('week', 'In deze week kunnen we niet bezorgen. Kies een andere week.');
  if (chosen === 'call') return null;
  const first = planningOffer(calendar, allowed).modes[0];
  if (first === 'day') return problem('day', 'Kies een bezorgdag.');
  if (first === 'week') return problem('week', 'Kies een bezorgweek.');
  if (first === 'call') return problem('call', `Kies "${PLANNING_LABELS.call}", dan plannen we de bezorging samen.`);
  return problem('day', 'We kunnen deze bestelling nu niet inplannen. Bel ons, dan zoeken we samen een oplossing.');
}

// ---- Explaining a delay --------------------------------------------------------------------------------------

/** An item that keeps the cart from coming at once. */
export type StockDelay = { productId: number; name: string; state: Exclude<StockState, 'inStock'>; expectedDate: string | null };

type StockedProduct = { productId: number; brand?: string; name?: string; stock: { state: StockState; expectedDate?: string | null } };

/**
 * The items (and parts of combinations) that are not in stock, in the order they were added, each product once. A
 * backorder whose expected date has passed (before `today`) is not listed: it no longer delays anything.
 */
export function stockDelays(
  items: CartItems,
  products: Readonly<Record<string, StockedProduct | undefined>>,
  combinations: Readonly<Record<string, { products: readonly number[] } | undefined>>,
  today: string,
): StockDelay[] {
  const delays: StockDelay[] = [];
  const seen = new Set<number>();
  const consider = (productId: number) => {
    const product = products[productId];
    if (!product || seen.has(productId) || product.stock.state === 'inStock') return;
    seen.add(productId);
    const expectedDate = product.stock.state === 'backorder' ? (product.stock.expectedDate ?? null) : null;
    if (expectedDate && expectedDate < today) return;
    const name = `${product.brand ?? ''} ${product.name ?? ''}`.trim() || `Artikel ${productId}`;
    delays.push({ productId, name, state: product.stock.state, expectedDate });
  };
  for (const [, item] of itemsInAddOrder(items)) {
    consider(item.productId);
    for (const part of item.combinationId ? (combinations[item.combinationId]?.products ?? []) : []) consider(part);
  }
  return delays;
}

/** Why one item delays the cart, in a sentence. */
export function delayText(delay: StockDelay, currentYear: CurrentYear): string {
  if (delay.state === 'outOfStock') return `${delay.name} is momenteel beperkt leverbaar: de fabrikant kan het nu niet leveren.`;
  if (delay.expectedDate) return `${delay.name} is nog niet op voorraad en wordt verwacht op ${dayLabel(delay.expectedDate, currentYear)}.`;
  return `${delay.name} is nog niet op voorraad; we bestellen het voor je bij de leverancier.`;
}

/** When the cart can come at the earliest: a firm day, or for an estimate the week. */
export function earliestText(calendar: Pick<DeliveryCalendar, 'minDeliveryDay' | 'minDeliveryWeek' | 'estimate' | 'today'>): string {
  const year = calendar.today.slice(0, 4);
  if (!calendar.minDeliveryDay || !calendar.minDeliveryWeek) return 'We kunnen nog niet zeggen wanneer we kunnen bezorgen.';
  if (calendar.estimate) return `Naar verwachting kunnen we op zijn vroegst in ${weekName(calendar.minDeliveryWeek, year)} bezorgen.`;
  return `Daarom bezorgen we op zijn vroegst op ${dayLabel(calendar.minDeliveryDay, year)}.`;
}

// The delivery part of the checkout: the delivery calendar for what the cart holds, at a given moment, the items that
// delay it, and switching the cart to another way of receiving it (through the cart rules, so a fixed option is never
// switched off).
import { optionChangesFor } from '../../domain/delivery-choices.ts';
import type { ShownCart } from '../../domain/cart-schema.ts';
import { deliveryCalendar, type DeliveryCalendar, type DeliveryCalendarInput } from '../../domain/delivery-calendar.ts';
import { stockDelays, type StockDelay } from '../../domain/delivery-planning.ts';
import { cartStock } from '../../domain/stock.ts';
import type { DeliveryPlanningSettings, DeliveryType } from '../../schemas/delivery.ts';
import type { SpecialDate } from '../../schemas/hours.ts';
import { setOption } from '../../stores/cart.ts';

/** The calendar's settings and how each delivery type is planned. */
export type CalendarSettings = DeliveryCalendarInput['settings'] & { planning: DeliveryPlanningSettings };

export function cartCalendar(
  cart: ShownCart,
  settings: CalendarSettings,
  specialDates: readonly SpecialDate[],
  now: Date,
): DeliveryCalendar {
  const stock = cartStock(
    Object.values(cart.items),
    (id) => cart.products?.[id],
    (id) => cart.combinations?.[id],
  );
  return deliveryCalendar({ now, settings, specialDates, stock, disableCurrentDaySelection: cart.disableCurrentDaySelection ?? false });
}

/** The items of the cart that are not in stock and still on their way. */
export function cartDelays(cart: ShownCart, today: string): StockDelay[] {
  return stockDelays(cart.items, cart.products ?? {}, cart.combinations ?? {}, today);
}

/** Makes `type` the cart's delivery type: each option change goes through the cart store and its rules. */
export function chooseDeliveryType(cart: ShownCart, type: DeliveryType): void {
  for (const [key, option, value] of optionChangesFor(cart.items, cart.products ?? {}, type)) void setOption(key, option, value);
}

// The delivery part of the checkout: the delivery calendar for what the cart holds, at a given moment, and switching
// the cart to another way of receiving it (through the cart rules, so a fixed option is never switched off).
import { optionChangesFor } from '../../domain/delivery-choices.ts';
import type { ShownCart } from '../../domain/cart-schema.ts';
import { deliveryCalendar, type DeliveryCalendar, type DeliveryCalendarInput } from '../../domain/delivery-calendar.ts';
import { cartStock } from '../../domain/stock.ts';
import type { DeliveryType, SpecialDate } from '../../schemas/site.ts';
import { setOption } from '../../stores/cart.ts';

export type CalendarSettings = DeliveryCalendarInput['settings'];

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

/** Makes `type` the cart's delivery type: each option change goes through the cart store and its rules. */
export function chooseDeliveryType(cart: ShownCart, type: DeliveryType): void {
  for (const [key, option, value] of optionChangesFor(cart.items, cart.products ?? {}, type)) void setOption(key, option, value);
}

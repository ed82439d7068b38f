// The messages a change of an order's fulfilment status sends to the customer: an e-mail for every status the
// customer hears about (NOTIFIED_STATUSES: ready to collect, planned, on its way, delivered) on the mail queue and,
// for readyForPickup and planned (SMS_STATUSES), an SMS on the SMS queue (sms-queue.ts) when the customer's phone
// number is a Dutch or Belgian mobile number. src/server/fulfilment/change.ts queues what this returns in the order's
// transaction (Mutation.mails) and shows `smsProblem` to staff. Pure: the catalogue gives the shop and its stores.
import type { Order } from '../../domain/cart-schema.ts';
import { NOTIFIED_STATUSES, SMS_STATUSES, type FulfilmentEvent, type FulfilmentStatus } from '../../domain/fulfilment.ts';
import { mobileNumber } from '../../domain/phone-e164.ts';
import { pickupDetails, pickupStoreOf, type PickupDetails } from '../../domain/shops.ts';
import type { Catalog } from '../content/catalog.ts';
import { mailContextOf } from '../mail/context.ts';
import { mailFor } from '../mail/queue.ts';
import type { MailTemplate } from '../mail/template.ts';
import { deliveryPlanned } from '../mail/templates/delivery-planned.ts';
import type { FulfilmentMailData } from '../mail/templates/fulfilment-parts.ts';
import { orderDelivered } from '../mail/templates/order-delivered.ts';
import { orderOnItsWay } from '../mail/templates/order-on-its-way.ts';
import { orderReadyForPickup } from '../mail/templates/order-ready-for-pickup.ts';
import type { NewMail } from '../storage/types.ts';
import { smsFor } from './sms-queue.ts';
import { deliveryPlannedSms, readyForPickupSms } from './sms-text.ts';

const MAILS: Partial<Record<FulfilmentStatus, MailTemplate<FulfilmentMailData>>> = {
  readyForPickup: orderReadyForPickup,
  planned: deliveryPlanned,
  onTheWay: orderOnItsWay,
  delivered: orderDelivered,
};

function pickupOf(order: Order, catalog: Catalog): PickupDetails | null {
  if (order.delivery.deliveryType !== 'pickUp') return null;
  const store = pickupStoreOf(
    catalog.stores.map((s) => s.data),
    order.delivery.pickupStoreId,
  );
  return store ? pickupDetails(store) : null;
}

/** The SMS of `event`, or null when its status sends none (or a planned event lacks its window). */
function smsText(order: Order, event: FulfilmentEvent, data: FulfilmentMailData, catalog: Catalog): string | null {
  const { company } = catalog;
  if (event.status === 'readyForPickup') return readyForPickupSms(company.name, order.orderRef, data.pickup);
  if (event.status === 'planned' && data.window)
    return deliveryPlannedSms(company.name, order.orderRef, data.window, company.support.phone);
  return null;
}

/** The e-mail and SMS to queue for `event` on `order`, and a Dutch sentence for staff when no SMS can go. */
export function fulfilmentNotifications(
  order: Order,
  event: FulfilmentEvent,
  catalog: Catalog,
): { mails: NewMail[]; smsProblem: string | null } {
  if (!NOTIFIED_STATUSES.includes(event.status)) return { mails: [], smsProblem: null };
  const data: FulfilmentMailData = {
    order,
    pickup: event.status === 'readyForPickup' ? pickupOf(order, catalog) : null,
    window: event.window ?? (event.status === 'planned' || event.status === 'onTheWay' ? (order.fulfilment?.window ?? null) : null),
  };
  const mails: NewMail[] = [];
  const template = MAILS[event.status];
  const email = order.customer.emailAddress?.trim();
  if (template && email) mails.push(mailFor(template, email, data, mailContextOf(catalog.company)));
  if (!SMS_STATUSES.includes(event.status)) return { mails, smsProblem: null };
  const text = smsText(order, event, data, catalog);
  if (text === null) return { mails, smsProblem: null };
  const number = mobileNumber(order.customer.phoneNumber, order.shippingAddress.country || null);
  if (!number.ok) return { mails, smsProblem: `Geen sms gestuurd: ${number.reason}` };
  mails.push(smsFor(`sms-${template?.name ?? event.status}`, number.e164, text));
  return { mails, smsProblem: null };
}

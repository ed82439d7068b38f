// The service requests of one kitchen order, as "Mijn keuken" shows them to its customer: those sent with the order's
// number (as typed: 'ko 2026 00123' counts) and the postal code of its delivery address, newest first, with the status
// staff set in the back office in words (never their notes). Found through the list field `kitchenOrder`
// (migration 017), so the look-up is one index range however many requests the shop has.
import { amsterdamTime } from '../../domain/amsterdam-calendar.ts';
import { postalCodeKey } from '../../domain/kitchen-order.ts';
import { dutchDayAndDate } from '../../domain/kitchen-timeline.ts';
import { getStorage } from '../storage/index.ts';
import type { CaseStatus } from './cases.ts';
import type { ServiceRequest } from './service-requests.ts';

/** What the customer reads of a request's status (the receipt page says the same). */
export const SERVICE_STATUS_TEXT: Readonly<Record<CaseStatus, string>> = {
  new: 'Nieuw: nog niet bekeken',
  inProgress: 'In behandeling',
  done: 'Afgehandeld',
};

/** The most a kitchen order's page lists; a customer with more calls the store. */
const MAX_LISTED = 50;

export type KitchenServiceRequest = {
  reference: string;
  /** 'Bosch SMV4HCX48E'. */
  product: string;
  /** When it was sent (ISO instant) and that day in Amsterdam in Dutch: 'maandag 23 november 2026'. */
  createdAt: string;
  sentOnText: string;
  status: CaseStatus;
  statusText: string;
};

/**
 * The service requests sent with this kitchen order's number and a postal code that reads as the order's
 * (`postalCode` as postalCodeKey gives it, the way the kitchen order is stored), newest first.
 */
export async function serviceRequestsOfKitchenOrder(orderNumber: string, postalCode: string, at: Date): Promise<KitchenServiceRequest[]> {
  const rows = await getStorage().listDocuments<ServiceRequest>(
    'serviceRequests',
    { filter: { kitchenOrder: orderNumber }, limit: MAX_LISTED },
    at,
  );
  return rows
    .filter((row) => postalCodeKey(row.data.postalCode) === postalCode)
    .map(({ data }) => {
      const status = data.status ?? 'new';
      return {
        reference: data.reference,
        product: [data.product.brand, data.product.name].filter(Boolean).join(' '),
        createdAt: data.createdAt,
        sentOnText: dutchDayAndDate(amsterdamTime(new Date(data.createdAt)).date),
        status,
        statusText: SERVICE_STATUS_TEXT[status],
      };
    });
}

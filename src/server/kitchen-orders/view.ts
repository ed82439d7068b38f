// A kitchen order as its customer (and staff) get it: the stored order, with the kitchen and the store that sold
// it taken from the catalogue, its timeline, the delivery week and installation date in Dutch, and its documents
// (each one also as a download, for whoever may read the order), and the service requests sent with its number and
// postal code.
// What GET /api/orders/non-web/{orderId}/ answers and what the "Mijn keuken" page shows.
import { kitchenOrderSchema, type KitchenOrder } from '../../domain/kitchen-order.ts';
import { deliveryWeekLabel, dutchDayAndDate, kitchenTimeline, type TimelineEntry } from '../../domain/kitchen-timeline.ts';
import { openingHoursLines } from '../../domain/opening-hours.ts';
import { formatFileSize } from '../../domain/uploads.ts';
import { kitchenPath } from '../../lib/urls.ts';
import type { Catalog } from '../content/catalog.ts';
import type { StreamReply } from '../http/reply.ts';
import { now } from '../runtime/clock.ts';
import { serviceRequestsOfKitchenOrder, type KitchenServiceRequest } from '../forms/service-requests-by-order.ts';
import { getStorage } from '../storage/index.ts';
import { fileReply } from '../uploads/download.ts';
import { openUpload } from '../uploads/store.ts';
import type { KitchenOrderRecord } from '../storage/types.ts';

const DOCUMENT_LABELS: Readonly<Record<KitchenOrder['documents'][number]['kind'], string>> = {
  orderConfirmation: 'Orderbevestiging',
  drawing: 'Tekening',
};

export type KitchenOrderView = {
  orderId: string;
  orderNumber: string;
  customer: KitchenOrder['customer'];
  country: KitchenOrder['country'];
  postalCode: string;
  kitchen: { kitchenId: number | null; name: string | null; url: string | null; description: string | null };
  store: {
    storeId: string;
    name: string;
    street: string;
    postalCode: string;
    city: string;
    phone: string;
    email: string;
    url: string;
    directionUrl: string;
    openingHours: { days: string; hours: string }[];
  } | null;
  stages: KitchenOrder['stages'];
  timeline: TimelineEntry[];
  deliveryWeek: string | null;
  /** 'week 2 (11 – 15 januari 2027)'. */
  deliveryWeekText: string | null;
  installationDate: string | null;
  /** 'woensdag 13 januari 2027'. */
  installationDateText: string | null;
  notes: string;
  documents: {
    documentId: string;
    kind: KitchenOrder['documents'][number]['kind'];
    label: string;
    fileName: string;
    /** '2 kB', '3,2 MB'. */
    sizeText: string;
    /** The download on the "Mijn keuken" pages (with the cookie); the API's is `api` (with the bearer token). */
    url: string;
    api: string;
  }[];
  /** The service requests sent with this order's number and postal code, newest first, with their status. */
  serviceRequests: KitchenServiceRequest[];
  updatedAt: string;
};

function presentKitchenOrder(
  record: KitchenOrderRecord<KitchenOrder>,
  catalog: Pick<Catalog, 'kitchens' | 'stores'>,
  serviceRequests: KitchenServiceRequest[],
): KitchenOrderView {
  const order = record.data;
  const kitchen = order.kitchen.kitchenId === null ? undefined : catalog.kitchens.get(order.kitchen.kitchenId);
  const store = catalog.stores.find((entry) => entry.data.storeId === order.storeId)?.data;
  return {
    orderId: record.id,
    orderNumber: order.orderNumber,
    customer: order.customer,
    country: order.country,
    postalCode: order.postalCode,
    kitchen: {
      kitchenId: order.kitchen.kitchenId,
      name: kitchen?.name ?? null,
      url: kitchen ? kitchenPath(kitchen) : null,
      description: order.kitchen.description,
    },
    store: store
      ? {
          storeId: store.storeId,
          name: store.title,
          street: store.address.street,
          postalCode: store.address.postalCode,
          city: store.address.city,
          // The kitchen department's line and address: that is where the customer's adviser works.
          phone: store.phoneNumberKitchen,
          email: store.emails.kitchen.email,
          url: store.href,
          directionUrl: store.directionUrl,
          openingHours: openingHoursLines(store.openingHours),
        }
      : null,
    stages: order.stages,
    timeline: kitchenTimeline(order),
    deliveryWeek: order.deliveryWeek,
    deliveryWeekText: order.deliveryWeek ? deliveryWeekLabel(order.deliveryWeek) : null,
    installationDate: order.installationDate,
    installationDateText: order.installationDate ? dutchDayAndDate(order.installationDate) : null,
    notes: order.notes,
    documents: order.documents.map((document) => ({
      documentId: document.documentId,
      kind: document.kind,
      label: DOCUMENT_LABELS[document.kind],
      fileName: document.fileName,
      sizeText: formatFileSize(document.size),
      url: `/mijn-keuken-info/documenten/${document.documentId}/`,
      api: `/api/orders/non-web/${record.id}/documents/${document.documentId}/`,
    })),
    serviceRequests,
    updatedAt: record.updatedAt,
  };
}

/**
 * The view of a stored kitchen order (its data checked against the model again) with its service requests, or null
 * when there is none.
 */
export async function loadKitchenOrderView(
  orderId: string,
  catalog: Pick<Catalog, 'kitchens' | 'stores'>,
  at: Date = now(),
): Promise<KitchenOrderView | null> {
  const record = await getStorage().getKitchenOrder<unknown>(orderId);
  if (!record) return null;
  const serviceRequests = await serviceRequestsOfKitchenOrder(record.orderNumber, record.postalCode, at);
  return presentKitchenOrder({ ...record, data: kitchenOrderSchema.parse(record.data) }, catalog, serviceRequests);
}

/**
 * A document of one kitchen order as a download, or null when the order does not list it (or its file is gone).
 * The caller has checked that the asker may read this order.
 */
export async function openKitchenDocument(orderId: string, documentId: string, at: Date): Promise<StreamReply | null> {
  const record = await getStorage().getKitchenOrder<unknown>(orderId);
  if (!record) return null;
  const order = kitchenOrderSchema.parse(record.data);
  if (!order.documents.some((document) => document.documentId === documentId)) return null;
  const file = await openUpload(documentId, at);
  return file ? fileReply(file.record, file.open) : null;
}

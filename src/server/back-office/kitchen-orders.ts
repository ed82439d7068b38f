// Kitchen orders in the back office (the in-store orders "Mijn keuken" shows): the paged list, and the editor's form
// read into the model (src/domain/kitchen-order.ts) with Dutch messages per field, saved by order number like an
// import; documents (PDF) uploaded to the upload store and listed on the order, or taken off it.
import { normalizePhoneNumber } from '../../domain/checkout.ts';
import type { FieldError } from '../../domain/errors.ts';
import { KITCHEN_STAGES, type KitchenOrder, kitchenOrderSchema, normalizeOrderNumber, postalCodeKey } from '../../domain/kitchen-order.ts';
import { normalizePostalCode } from '../../domain/address.ts';
import { STAGE_LABELS } from '../../domain/kitchen-timeline.ts';
import { getStorage } from '../storage/index.ts';
import type { KitchenOrderRecord } from '../storage/types.ts';
import { deleteUpload } from '../uploads/store.ts';
import { newId } from '../http/handler-helpers.ts';
import { PAGE_SIZE, type Cursor } from '../storage/paging.ts';

export const kitchenDocumentOwner = (orderNumber: string) => `kitchen-order:${orderNumber}`;

export async function listKitchenOrders(before: Cursor | null): Promise<{ rows: KitchenOrderRecord<KitchenOrder>[]; next: Cursor | null }> {
  const rows = await getStorage().listKitchenOrders<KitchenOrder>({ before, limit: PAGE_SIZE + 1 });
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > PAGE_SIZE && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/** Dutch names of the form's fields, for the messages. */
const LABELS: Record<string, string> = {
  orderNumber: 'Ordernummer (zoals KO-2026-00123)',
  'customer.name': 'Naam klant',
  'customer.email': 'E-mailadres klant',
  'customer.phone': 'Telefoonnummer klant (Nederlands of Belgisch)',
  country: 'Land',
  postalCode: 'Postcode (zoals 1234 AB of 2000)',
  kitchen: 'Keuken (een keuken uit de catalogus of een omschrijving)',
  storeId: 'Winkel',
  deliveryWeek: 'Leverweek (zoals 2026-W14)',
  installationDate: 'Montagedatum',
  notes: 'Notities voor de klant',
  ...Object.fromEntries(
    KITCHEN_STAGES.flatMap((s) => [
      [`stages.${s}.planned`, `${STAGE_LABELS[s]}: gepland`],
      [`stages.${s}.done`, `${STAGE_LABELS[s]}: gedaan`],
    ]),
  ),
};

/** The form field a schema path is typed in (the field names of the editor). */
const fieldOf = (path: string) => path.replace(/^kitchen\..*/, 'kitchen');

/** The editor's form as a kitchen order, or the problems by field. */
export function readKitchenOrderForm(
  form: URLSearchParams,
  existing: KitchenOrder | null,
): { order: KitchenOrder | null; errors: FieldError[] } {
  const text = (name: string) => (form.get(name) ?? '').trim();
  const orNull = (name: string) => text(name) || null;
  const country = text('country') === 'BE' ? 'BE' : 'NL';
  const stages = Object.fromEntries(
    KITCHEN_STAGES.map((stage) => [
      stage,
      ['finalMeasurement', 'designFinal', 'production'].includes(stage)
        ? { planned: orNull(`stages.${stage}.planned`), done: orNull(`stages.${stage}.done`) }
        : { done: orNull(`stages.${stage}.done`) },
    ]),
  );
  const kitchenId = Number(text('kitchenId'));
  const input = {
    orderNumber: existing?.orderNumber ?? normalizeOrderNumber(text('orderNumber')) ?? text('orderNumber'),
    customer: {
      name: text('customer.name'),
      email: text('customer.email'),
      phone: normalizePhoneNumber(text('customer.phone'), country) ?? text('customer.phone'),
    },
    country,
    postalCode: normalizePostalCode(country, text('postalCode')) ?? text('postalCode'),
    kitchen: { kitchenId: Number.isSafeInteger(kitchenId) && kitchenId > 0 ? kitchenId : null, description: orNull('kitchen.description') },
    storeId: text('storeId'),
    stages,
    deliveryWeek: orNull('deliveryWeek'),
    installationDate: orNull('installationDate'),
    notes: (form.get('notes') ?? '').slice(0, 2000),
    documents: existing?.documents ?? [],
  };
  const parsed = kitchenOrderSchema.safeParse(input);
  if (parsed.success) return { order: parsed.data, errors: [] };
  const errors: FieldError[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const field = fieldOf(path);
    if (errors.some((e) => e.field === field)) continue;
    const label = LABELS[path] ?? LABELS[field] ?? path;
    const why = /done while the earlier stage/.test(issue.message)
      ? 'kan pas gedaan zijn als de stappen ervoor gedaan zijn'
      : 'is niet juist ingevuld';
    errors.push({ field, errorMessage: `${label} ${why}.` });
  }
  return { order: null, errors };
}

/** Saves the order (new, or the one with its order number); returns its id. */
export async function saveKitchenOrder(order: KitchenOrder, now: Date): Promise<string> {
  const [result] = await getStorage().upsertKitchenOrders(
    [{ id: newId(), orderNumber: order.orderNumber, postalCode: postalCodeKey(order.postalCode)!, data: order }],
    now,
  );
  return result!.id;
}

/** Takes a document off the order and deletes its file. */
export async function removeKitchenDocument(record: KitchenOrderRecord<KitchenOrder>, documentId: string, now: Date): Promise<void> {
  const order = record.data;
  if (!order.documents.some((d) => d.documentId === documentId)) return;
  await saveKitchenOrder({ ...order, documents: order.documents.filter((d) => d.documentId !== documentId) }, now);
  await deleteUpload(documentId, now);
}

// A kitchen order as the store sells it (not a web order): the customer, the kitchen, the store that sold it, the
// stages from order confirmation to completion with their dates, the delivery week, the installation date, notes
// for the customer and the documents (order confirmation, drawings). Written once as a zod schema; the import
// (scripts/kitchen-orders-import.ts) fills it from an ERP export, the "Mijn keuken" pages read it. Also the rules
// the login needs: the order number as printed on the paperwork and the postal code in a comparable form.
import { z } from '../schemas/zod.ts';
import { mondayOfIsoWeek, isoWeekOf } from './amsterdam-calendar.ts';
import { normalizePostalCode } from './address.ts';
import { isValidEmail } from './checkout.ts';

/** The stages of a kitchen order, in the order they happen. */
export const KITCHEN_STAGES = [
  'orderConfirmed',
  'finalMeasurement',
  'designFinal',
  'production',
  'delivery',
  'installation',
  'completed',
] as const;
export type KitchenStage = (typeof KITCHEN_STAGES)[number];

const KITCHEN_DOCUMENT_KINDS = ['orderConfirmation', 'drawing'] as const;

/** How an order number is printed on the store's paperwork: KO-<year>-<five digits>. */
const ORDER_NUMBER = /^KO-\d{4}-\d{5}$/;

/**
 * The order number in its printed form ('KO-2026-00123'), or null. Customers type it in many ways: lower case,
 * with spaces, or without the dashes ('ko 2026 00123', 'KO202600123').
 */
export function normalizeOrderNumber(raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  const match = /^KO-?(\d{4})-?(\d{5})$/.exec(compact);
  return match ? `KO-${match[1]}-${match[2]}` : null;
}

/**
 * The postal code as the login compares it: no spaces, upper case, a Belgian 'B-' or 'BE-' prefix dropped
 * ('2516 ba' → '2516BA', 'B-2000' → '2000'); null when it can be neither a Dutch nor a Belgian postal code. It does
 * not need the country, so a login checks the same way whether or not the order number exists.
 */
export function postalCodeKey(raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  if (/^[1-9]\d{3}[A-Z]{2}$/.test(compact)) return compact;
  const belgian = compact.replace(/^BE?-?/, '');
  return /^[1-9]\d{3}$/.test(belgian) ? belgian : null;
}

/** Whether 'YYYY-MM-DD' is a day of the calendar (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether 'YYYY-Www' is a week of that ISO year (week 53 only in years that have one). */
export function isIsoWeek(value: string): boolean {
  const monday = mondayOfIsoWeek(value);
  return monday !== null && isoWeekOf(monday) === value;
}

const date = z.string().refine(isCalendarDate, 'a date as YYYY-MM-DD');
const optionalDate = date.nullable().default(null);
const plannedStage = z.object({ planned: optionalDate, done: optionalDate });
const doneStage = z.object({ done: optionalDate });

/** A document of the order, stored in the upload store (src/server/uploads/). */
const documentSchema = z.object({
  /** The upload's id: what the download link names. */
  documentId: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  kind: z.enum(KITCHEN_DOCUMENT_KINDS),
  /** The file name as it came from the ERP; shown to the customer, never used as a path. */
  fileName: z.string().min(1).max(120),
  size: z.number().int().positive(),
  /** Hex SHA-256 of the bytes: an import of the same file again keeps the stored one. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type KitchenDocument = z.infer<typeof documentSchema>;

export const kitchenOrderSchema = z
  .object({
    orderNumber: z.string().regex(ORDER_NUMBER, 'an order number such as KO-2026-00123'),
    customer: z.object({
      name: z.string().trim().min(1).max(120),
      email: z.string().trim().max(254).refine(isValidEmail, 'an e-mail address such as naam@voorbeeld.nl'),
      /** International form, +31… or +32…. */
      phone: z.string().regex(/^(\+31[1-9]\d{8}|\+32[1-9]\d{7,8})$/, 'a Dutch or Belgian phone number'),
    }),
    country: z.enum(['NL', 'BE']),
    /** Standard form of the country: '2516 BA' or '2000'. */
    postalCode: z.string(),
    /** A kitchen of the catalogue, a description (a kitchen made to measure), or both. */
    kitchen: z
      .object({
        kitchenId: z.number().int().positive().nullable().default(null),
        description: z.string().trim().min(1).max(500).nullable().default(null),
      })
      .refine((k) => k.kitchenId !== null || k.description !== null, 'a kitchenId from the catalogue or a description'),
    /** The store that sold it (content/stores/). */
    storeId: z.string().regex(/^[a-z-]+$/),
    stages: z.object({
      // An order exists from its confirmation on.
      orderConfirmed: z.object({ done: date }),
      finalMeasurement: plannedStage,
      designFinal: plannedStage,
      production: plannedStage,
      // Planned by the delivery week and the installation date below.
      delivery: doneStage,
      installation: doneStage,
      completed: doneStage,
    }),
    /** ISO week, e.g. '2026-W14'. */
    deliveryWeek: z.string().refine(isIsoWeek, 'an ISO week such as 2026-W14').nullable().default(null),
    installationDate: optionalDate,
    /** Notes for the customer (plain text). */
    notes: z.string().max(2000).default(''),
    documents: z.array(documentSchema).max(20).default([]),
  })
  .superRefine((order, ctx) => {
    if (normalizePostalCode(order.country, order.postalCode) !== order.postalCode)
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: `a postal code of ${order.country} such as ${order.country === 'NL' ? '1234 AB' : '2000'}`,
      });
    // A stage is done only after every stage before it: otherwise the timeline cannot say where the order is.
    const done = KITCHEN_STAGES.map((stage) => order.stages[stage].done !== null);
    const firstOpen = done.indexOf(false);
    if (firstOpen !== -1) {
      const laterDone = done.findIndex((isDone, index) => isDone && index > firstOpen);
      if (laterDone !== -1)
        ctx.addIssue({
          code: 'custom',
          path: ['stages', KITCHEN_STAGES[laterDone]!, 'done'],
          message: `done while the earlier stage ${KITCHEN_STAGES[firstOpen]} is not`,
        });
    }
  });
export type KitchenOrder = z.infer<typeof kitchenOrderSchema>;
/** What the schema accepts (defaults not yet applied). */
export type KitchenOrderInput = z.input<typeof kitchenOrderSchema>;

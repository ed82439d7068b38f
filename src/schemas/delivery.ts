// Schema of content/settings/delivery.yaml: delivery costs, cut-off times, delivery days, lead times and how each
// delivery type may be planned.
import { cents, time } from './fields.ts';
import { weekdays } from './hours.ts';
import { z } from './zod.ts';

export const deliveryTypes = ['default', 'extraService', 'assembly', 'pickUp'] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

/**
 * The ways a delivery can be planned: the shopper picks a `day`, or a `week` (we call to agree the day in it), or
 * chooses `call` (we call to agree a day).
 */
const deliveryPlannings = ['day', 'week', 'call'] as const;
export type DeliveryPlanning = (typeof deliveryPlannings)[number];

/**
 * The ways of planning one delivery type, the preferred first (a cart that cannot come at once gets the first that
 * fits preselected). Every list needs `week` or `call`: with `day` alone, a cart whose goods arrive after the
 * listed days could not be ordered at all.
 */
const planningListSchema = z
  .array(z.enum(deliveryPlannings, { error: 'day, week of call' }))
  .min(1, 'minstens één van day, week of call')
  .superRefine((list, ctx) => {
    list.forEach((mode, i) => {
      if (list.indexOf(mode) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `${mode} staat er twee keer in` });
    });
    if (!list.includes('week') && !list.includes('call'))
      ctx.addIssue({
        code: 'custom',
        message:
          'voeg week of call toe: met alleen day kan een winkelwagen waarvan de artikelen na de getoonde dagen binnenkomen niet besteld worden',
      });
  });

/** Per delivery type that is delivered (pick-up is collected, not planned), how it may be planned. */
const deliveryPlanningSchema = z.strictObject({
  default: planningListSchema,
  extraService: planningListSchema,
  assembly: planningListSchema,
});
export type DeliveryPlanningSettings = z.infer<typeof deliveryPlanningSchema>;

/** How long items that are not in stock take (SPEC §4, §9). */
const leadTimesSchema = z.strictObject({
  /** Days from a backorder's expected date (when it reaches us) to the first day we can deliver it. */
  backorderDays: z.number().int().nonnegative().max(60),
  /** A backorder without an expected date: days after the next delivery day, an estimate. */
  backorderWithoutDateDays: z.number().int().nonnegative().max(365),
  /** Out of stock at the manufacturer: weeks after the next delivery day, an estimate. */
  outOfStockWeeks: z.number().int().nonnegative().max(52),
});

export const deliverySettingsSchema = z.object({
  freeDeliveryThreshold: cents,
  deliveryCost: cents,
  dayRange: z.number().int().positive(),
  weekRange: z.number().int().positive(),
  sameDayCutoff: time,
  stockCutoff: time,
  deliveryWeekdays: z.array(z.enum(weekdays)).min(1),
  leadTimes: leadTimesSchema,
  planning: deliveryPlanningSchema,
  floorSelectionDisabledCategoryIds: z.array(z.number().int().positive()),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

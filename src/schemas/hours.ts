// Schemas of opening hours and special dates: the weekly hours of the support desk and the stores, and
// content/settings/special-dates.yaml (holidays and other days with other hours).
import { isoDate, time } from './fields.ts';
import { z } from './zod.ts';

/** One period in a day, e.g. { open: '09:30', close: '18:00' }. */
export const timeRangeSchema = z
  .object({ open: time, close: time })
  .refine((r) => r.open < r.close, { message: 'de openingstijd ("open") moet voor de sluitingstijd ("close") liggen' });

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

/** Opening hours per weekday; a missing or empty day is closed. */
export const weekHoursSchema = z.object(
  Object.fromEntries(weekdays.map((d) => [d, z.array(timeRangeSchema).default([])])) as Record<
    Weekday,
    z.ZodDefault<z.ZodArray<typeof timeRangeSchema>>
  >,
);
export type WeekHours = z.infer<typeof weekHoursSchema>;

const specialDateSchema = z.object({
  date: isoDate,
  label: z.string(),
  /** Closed for the whole day, or open with other hours. */
  closed: z.boolean(),
  hours: z.array(timeRangeSchema).default([]),
  /** Which parts of the business the date applies to. */
  appliesTo: z.array(z.enum(['stores', 'webshop', 'support', 'delivery'])).min(1),
});
export const specialDatesSchema = z.object({ dates: z.array(specialDateSchema) });
export type SpecialDate = z.infer<typeof specialDateSchema>;

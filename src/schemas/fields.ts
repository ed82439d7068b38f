// Field formats shared by the schemas of the editors' files in content/: money, times, dates, phone numbers, site
// paths and instants, each with the message an editor sees when a value does not fit.
import { z } from './zod.ts';

export const cents = z.number().int().nonnegative();
export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'een tijd als UU:MM, bijvoorbeeld 09:30');
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'een datum als JJJJ-MM-DD, bijvoorbeeld 2026-12-24');
export const phone = z.string().regex(/^\+?[0-9 ()-]{8,20}$/, 'een telefoonnummer zoals 071 123 45 67');
export const path = z.string().regex(/^\/([a-z0-9-]+\/)*$/, 'een pad op deze site dat met / begint en eindigt, zoals /keukenwinkels/');

/** A date and time with its offset; YAML reads an unquoted one as a date, which is the same instant. */
export const instant = z.union([
  z.iso.datetime({ offset: true, error: 'een datum en tijd met tijdzone, zoals 2026-12-26T00:00:00+01:00' }),
  z.date().transform((date) => date.toISOString()),
]);

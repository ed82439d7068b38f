// Whether the live chat can be answered now: inside the support hours (content/settings/company.yaml
// `support.openingHours`, with the special dates that apply to 'support') and with at least one staff member online.
// Pure: the clock and staff presence are parameters; the server passes now() and its stream hub's presence.
import type { SpecialDate, WeekHours } from '../schemas/hours.ts';
import { openStatus } from './opening-hours.ts';

export type ChatAvailability = {
  open: boolean;
  /** Why the chat is closed: outside the support hours, or nobody of the staff is online; null when open. */
  closedBecause: 'hours' | 'no-staff' | null;
  /** The support line's status as a Dutch sentence ('Nu open, tot 23:00', 'Gesloten, opent morgen om 09:00'). */
  hoursText: string;
};

export function chatAvailability(week: WeekHours, specialDates: readonly SpecialDate[], now: Date, staffOnline: boolean): ChatAvailability {
  const status = openStatus(week, specialDates, now, 'support');
  if (!status.open) return { open: false, closedBecause: 'hours', hoursText: status.text };
  if (!staffOnline) return { open: false, closedBecause: 'no-staff', hoursText: status.text };
  return { open: true, closedBecause: null, hoursText: status.text };
}

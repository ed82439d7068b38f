// An order's fulfilment as the customer reads it on /bestelling/{orderId}/: the statuses of its path (pick-up or
// delivery) in order, each done, current or still to come, with the day and time it happened in Amsterdam and, for a
// planned delivery, the day and the two-hour window. Steps that were skipped are left out; a cancelled order shows what
// had happened and then "Geannuleerd", with nothing to come. Never says who made a change: that is for staff.
import { amsterdamTime } from './amsterdam-calendar.ts';
import type { DeliveryType } from '../schemas/delivery.ts';
import {
  FULFILMENT_LABELS,
  fulfilmentOf,
  fulfilmentPath,
  type DeliveryWindow,
  type Fulfilment,
  type FulfilmentStatus,
} from './fulfilment.ts';
import { dutchDayAndDate } from './kitchen-timeline.ts';

export type StepState = 'done' | 'current' | 'next';

/** Said next to each step, so that the timeline does not depend on colour alone. */
export const STEP_STATE_LABELS: Readonly<Record<StepState, string>> = {
  done: 'Afgerond',
  current: 'Huidige status',
  next: 'Nog te doen',
};

type FulfilmentStep = {
  status: FulfilmentStatus;
  label: string;
  state: StepState;
  /** When it happened, in Dutch ('dinsdag 2 maart 2027 om 11:00'); null for a step still to come. */
  when: string | null;
  /** The planned delivery, in Dutch ('donderdag 4 maart 2027 tussen 13:00 en 15:00'), on the planned step only. */
  window: string | null;
};

export type FulfilmentTimeline = {
  steps: FulfilmentStep[];
  cancelled: boolean;
};

/** '2027-03-02T10:00:00.000Z' → 'dinsdag 2 maart 2027 om 11:00' (Amsterdam). */
export function dutchMoment(iso: string): string {
  const { date, time } = amsterdamTime(new Date(iso));
  return `${dutchDayAndDate(date)} om ${time}`;
}

/** A window as the customer reads it: 'donderdag 4 maart 2027 tussen 13:00 en 15:00'. */
export function dutchWindow(window: DeliveryWindow): string {
  return `${dutchDayAndDate(window.day)} tussen ${window.from} en ${window.to}`;
}

/** The latest time each status was reached, and the latest planned window. */
function reached(fulfilment: Fulfilment): { at: Map<FulfilmentStatus, string>; window: DeliveryWindow | null } {
  const at = new Map<FulfilmentStatus, string>();
  let window: DeliveryWindow | null = null;
  for (const event of fulfilment.history) {
    at.set(event.status, event.at);
    if (event.status === 'planned' && event.window) window = event.window;
  }
  return { at, window: fulfilment.window ?? window };
}

/** The timeline of an order (one placed before fulfilment existed reads as received at its creation). */
export function fulfilmentTimeline(order: {
  createdAt: string;
  delivery: { deliveryType: DeliveryType };
  fulfilment?: Fulfilment | undefined;
}): FulfilmentTimeline {
  const fulfilment = fulfilmentOf(order);
  const path = fulfilmentPath(order.delivery.deliveryType);
  const { at, window } = reached(fulfilment);
  const step = (status: FulfilmentStatus, state: StepState): FulfilmentStep => {
    const time = state === 'next' ? undefined : at.get(status);
    return {
      status,
      label: FULFILMENT_LABELS[status],
      state,
      when: time ? dutchMoment(time) : null,
      window: status === 'planned' && state !== 'next' && window ? dutchWindow(window) : null,
    };
  };
  if (fulfilment.status === 'cancelled') {
    const before = path.filter((status) => at.has(status)).map((status) => step(status, 'done'));
    return { steps: [...before, step('cancelled', 'current')], cancelled: true };
  }
  const current = Math.max(0, path.indexOf(fulfilment.status));
  const done = current === path.length - 1;
  const steps: FulfilmentStep[] = [];
  path.forEach((status, index) => {
    if (index < current) {
      if (at.has(status)) steps.push(step(status, 'done'));
    } else if (index === current) steps.push(step(status, done ? 'done' : 'current'));
    else steps.push(step(status, 'next'));
  });
  return { steps, cancelled: false };
}

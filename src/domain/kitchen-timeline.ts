// The stages of a kitchen order as the customer reads them on "Mijn keuken": each stage done, current (the first
// one not done) or planned, with its date in Dutch. Dates of a kitchen order are calendar days in Europe/Amsterdam
// ('YYYY-MM-DD'), so they are formatted as they are, without a time zone that could shift them.
import { addDays, dayAndMonthParts, dayNames, mondayOfIsoWeek, weekdayOf } from './amsterdam-calendar.ts';
import { KITCHEN_STAGES, type KitchenOrder, type KitchenStage } from './kitchen-order.ts';

export const STAGE_LABELS: Readonly<Record<KitchenStage, string>> = {
  orderConfirmed: 'Order bevestigd',
  finalMeasurement: 'Definitief inmeten',
  designFinal: 'Definitief ontwerp',
  production: 'Productie',
  delivery: 'Levering',
  installation: 'Montage',
  completed: 'Oplevering',
};

/** How a done stage is said: '<verb> op 12 oktober 2026'. */
const DONE_VERBS: Readonly<Record<KitchenStage, string>> = {
  orderConfirmed: 'Bevestigd',
  finalMeasurement: 'Ingemeten',
  designFinal: 'Goedgekeurd',
  production: 'Klaar',
  delivery: 'Geleverd',
  installation: 'Gemonteerd',
  completed: 'Opgeleverd',
};

type StageStatus = 'done' | 'current' | 'planned';

/** Said next to each stage, so that the timeline does not depend on colour alone. */
export const STATUS_LABELS: Readonly<Record<StageStatus, string>> = {
  done: 'Klaar',
  current: 'Nu aan de beurt',
  planned: 'Nog te doen',
};

export type TimelineEntry = {
  stage: KitchenStage;
  label: string;
  status: StageStatus;
  /** The stage's date in Dutch: when it was done, or when it is planned. */
  when: string;
};

/** '2026-10-12' → '12 oktober 2026'. */
function dutchDate(date: string): string {
  const { day, month } = dayAndMonthParts(date);
  return `${day} ${month} ${date.slice(0, 4)}`;
}

/** '2027-01-13' → 'woensdag 13 januari 2027'. */
export function dutchDayAndDate(date: string): string {
  return `${dayNames[weekdayOf(date)]} ${dutchDate(date)}`;
}

/**
 * An ISO week as a delivery week, Monday to Friday: '2026-W14' → 'week 14 (30 maart – 3 april 2026)';
 * within one month 'week 16 (13 – 17 april 2026)'; across the year 'week 53 (28 december 2026 – 1 januari 2027)'.
 */
export function deliveryWeekLabel(week: string): string {
  const monday = mondayOfIsoWeek(week);
  if (!monday) throw new RangeError(`not an ISO week: ${week}`);
  const friday = addDays(monday, 4);
  const from = dayAndMonthParts(monday);
  const to = dayAndMonthParts(friday);
  const fromYear = monday.slice(0, 4);
  const toYear = friday.slice(0, 4);
  const start =
    fromYear !== toYear ? `${from.day} ${from.month} ${fromYear}` : from.month !== to.month ? `${from.day} ${from.month}` : `${from.day}`;
  return `week ${Number(week.slice(6))} (${start} – ${to.day} ${to.month} ${toYear})`;
}

function plannedText(order: KitchenOrder, stage: KitchenStage): string {
  const stages = order.stages;
  let planned: string | null = null;
  if (stage === 'finalMeasurement' || stage === 'designFinal' || stage === 'production') planned = stages[stage].planned;
  if (stage === 'installation') planned = order.installationDate;
  if (stage === 'delivery' && order.deliveryWeek) return `Gepland in ${deliveryWeekLabel(order.deliveryWeek)}`;
  return planned ? `Gepland op ${dutchDayAndDate(planned)}` : 'Nog niet gepland';
}

/** Every stage in order, the first one not done being the current one (none when the kitchen is completed). */
export function kitchenTimeline(order: KitchenOrder): TimelineEntry[] {
  let currentFound = false;
  return KITCHEN_STAGES.map((stage) => {
    const done = order.stages[stage].done;
    let status: StageStatus = 'done';
    if (done === null) {
      status = currentFound ? 'planned' : 'current';
      currentFound = true;
    }
    const when = done !== null ? `${DONE_VERBS[stage]} op ${dutchDate(done)}` : plannedText(order, stage);
    return { stage, label: STAGE_LABELS[stage], status, when };
  });
}

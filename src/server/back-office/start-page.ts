// The figures of the back office's start page (/beheer/): today's and the last 30 days' orders and paid revenue, per
// day in Europe/Amsterdam with the chart of src/domain/sales-chart.ts, the open orders per fulfilment status by age and
// the open service requests by age. One storage call (three indexed queries, storage/back-office-stats.ts) whose
// cost follows the last 30 days and what is still open, not the shop's history. A day's orders are the orders placed
// that day; its revenue is the grand total of those of them whose payment status is paid now.
import { FULFILMENT_LABELS, FULFILMENT_STATUSES, type FulfilmentStatus, isFinal } from '../../domain/fulfilment.ts';
import { CHART_DAYS, chartDays, type SalesChart, type SalesDay, salesChart } from '../../domain/sales-chart.ts';
import type { AgeBands } from '../storage/back-office-stats.ts';
import type { Storage } from '../storage/types.ts';

const DAY_MS = 86_400_000;

export interface OpenOrderRow {
  status: FulfilmentStatus;
  label: string;
  /** The orders list filtered by this status. */
  href: string;
  bands: AgeBands;
}

export interface StartPageFigures {
  today: SalesDay;
  lastDays: { orders: number; revenue: number; days: SalesDay[]; chart: SalesChart };
  /** Every status an order can wait in, in the order of the statuses, with zeros where none waits. */
  openOrders: OpenOrderRow[];
  openOrdersTotal: number;
  openServiceRequests: AgeBands;
}

const NO_BANDS: AgeBands = { total: 0, underOneDay: 0, oneToThreeDays: 0, overThreeDays: 0, oldest: null };

/** The statuses in which an order is still open, in their order. */
const OPEN_STATUSES = FULFILMENT_STATUSES.filter((status) => !isFinal(status));

/** The orders list filtered by a fulfilment status (the list's `afhandeling` filter). */
const ordersWithStatusHref = (status: FulfilmentStatus) => `/beheer/bestellingen/?afhandeling=${status}`;

/** Open service requests: the list of those still new (in progress ones are a click further). */
export const OPEN_SERVICE_REQUESTS_HREF = '/beheer/servicemeldingen/';

export async function startPageFigures(storage: Storage, now: Date): Promise<StartPageFigures> {
  const { dates, boundaries } = chartDays(now, CHART_DAYS);
  const stats = await storage.backOfficeStats({
    boundaries,
    oneDayAgo: new Date(now.getTime() - DAY_MS).toISOString(),
    threeDaysAgo: new Date(now.getTime() - 3 * DAY_MS).toISOString(),
  });
  const days = dates.map((date, i) => ({ date, orders: stats.days[i]?.orders ?? 0, revenue: stats.days[i]?.revenue ?? 0 }));
  const openOrders = OPEN_STATUSES.map((status) => ({
    status,
    label: FULFILMENT_LABELS[status],
    href: ordersWithStatusHref(status),
    bands: stats.openOrders[status] ?? NO_BANDS,
  }));
  return {
    today: days.at(-1)!,
    lastDays: {
      orders: days.reduce((sum, d) => sum + d.orders, 0),
      revenue: days.reduce((sum, d) => sum + d.revenue, 0),
      days,
      chart: salesChart(days),
    },
    openOrders,
    openOrdersTotal: openOrders.reduce((sum, row) => sum + row.bands.total, 0),
    openServiceRequests: stats.openServiceRequests,
  };
}

/** How old the oldest open item is, in Dutch: "3 uur", "1 dag", "12 dagen"; a dash when there is none. */
export function ageText(oldest: string | null, now: Date): string {
  if (!oldest) return '–';
  const hours = Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 3_600_000));
  if (hours < 24) return hours === 1 ? '1 uur' : `${hours} uur`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 dag' : `${days} dagen`;
}

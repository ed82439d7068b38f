// The start page's figures (back-office-stats.ts) on PostgreSQL: three queries, sent together on the pool.
import type pg from 'pg';
import {
  type AgeRow,
  ageBandsOf,
  type BackOfficeStatsStorage,
  checkStatsQuery,
  type DayRow,
  daysOf,
  daysSql,
  openOrdersSql,
  openServiceRequestsSql,
} from './back-office-stats.ts';
import { tableOf } from './migrations.ts';

export function postgresBackOfficeStats(pool: pg.Pool): BackOfficeStatsStorage {
  return {
    async backOfficeStats(raw) {
      const query = checkStatsQuery(raw);
      const days = daysSql('postgres', tableOf('orders'), query);
      const open = openOrdersSql('postgres', tableOf('orders'), query);
      const service = openServiceRequestsSql('postgres', tableOf('serviceRequests'), query);
      const [dayRows, openRows, serviceRows] = await Promise.all([
        pool.query<DayRow>(days.text, days.params),
        pool.query<AgeRow & { status: string }>(open.text, open.params),
        pool.query<AgeRow>(service.text, service.params),
      ]);
      return {
        days: daysOf(dayRows.rows, query.boundaries.length - 1),
        openOrders: Object.fromEntries(openRows.rows.map((row) => [row.status, ageBandsOf(row)])),
        openServiceRequests: ageBandsOf(serviceRows.rows[0]),
      };
    },
  };
}

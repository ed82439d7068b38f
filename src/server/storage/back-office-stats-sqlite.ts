// The start page's figures (back-office-stats.ts) on SQLite: three statements, prepared once each per shape.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
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

export function sqliteBackOfficeStats(db: DatabaseSync): BackOfficeStatsStorage {
  const prepared = new Map<string, StatementSync>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) prepared.set(sql, (found = db.prepare(sql)));
    return found;
  };
  return {
    async backOfficeStats(raw) {
      const query = checkStatsQuery(raw);
      const days = daysSql('sqlite', tableOf('orders'), query);
      const open = openOrdersSql('sqlite', tableOf('orders'), query);
      const service = openServiceRequestsSql('sqlite', tableOf('serviceRequests'), query);
      const dayRows = statement(days.text).all(...days.params) as unknown as DayRow[];
      const openRows = statement(open.text).all(...open.params) as unknown as (AgeRow & { status: string })[];
      const serviceRow = statement(service.text).get(...service.params) as unknown as AgeRow | undefined;
      return {
        days: daysOf(dayRows, query.boundaries.length - 1),
        openOrders: Object.fromEntries(openRows.map((row) => [row.status, ageBandsOf(row)])),
        openServiceRequests: ageBandsOf(serviceRow),
      };
    },
  };
}

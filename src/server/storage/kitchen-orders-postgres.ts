// Kitchen orders on PostgreSQL (the kitchen_orders table of migration 003). Part of the PostgreSQL storage: the
// caller passes its pool and its transaction helper, so an import is one transaction.
import type pg from 'pg';
import { dataToJson, toIso } from './common.ts';
import { checkListQuery } from './list-fields.ts';
import type { KitchenOrderRecord, KitchenOrderUpsert, KitchenOrderUpserted, Storage } from './types.ts';

type KitchenOrderMethods = Pick<Storage, 'upsertKitchenOrders' | 'getKitchenOrder' | 'findKitchenOrderLogin' | 'listKitchenOrders'>;

interface Row {
  id: string;
  order_number: string;
  postal_code: string;
  version: number;
  data: unknown;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, order_number, postal_code, version, data, created_at, updated_at';

function toRecord<T>(row: Row): KitchenOrderRecord<T> {
  return {
    id: row.id,
    orderNumber: row.order_number,
    postalCode: row.postal_code,
    version: row.version,
    data: row.data as T,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
const SQL = {
  // A concurrent import that inserted the same number first makes this one update instead.
  insert: `INSERT INTO kitchen_orders (${COLUMNS}) VALUES ($1, $2, $3, 1, $4::jsonb, $5::timestamptz, $5::timestamptz)
    ON CONFLICT (order_number) DO NOTHING RETURNING id`,
  // JSONB compares by value, so an order read back with its keys in another order is still unchanged.
  update: `UPDATE kitchen_orders SET postal_code = $2, data = $3::jsonb, version = version + 1, updated_at = $4::timestamptz
    WHERE order_number = $1 AND (data IS DISTINCT FROM $3::jsonb OR postal_code IS DISTINCT FROM $2) RETURNING id`,
  idOf: 'SELECT id FROM kitchen_orders WHERE order_number = $1',
  get: `SELECT ${COLUMNS} FROM kitchen_orders WHERE id = $1`,
  login: 'SELECT id, postal_code FROM kitchen_orders WHERE order_number = $1',
};

export function postgresKitchenOrders(
  pool: pg.Pool,
  inTransaction: <R>(work: (client: pg.PoolClient) => Promise<R>) => Promise<R>,
): KitchenOrderMethods {
  return {
    async upsertKitchenOrders<T>(orders: readonly KitchenOrderUpsert<T>[], now: Date): Promise<KitchenOrderUpserted[]> {
      const nowIso = toIso(now, 'now');
      return inTransaction(async (client) => {
        const results: KitchenOrderUpserted[] = [];
        for (const order of orders) {
          const json = dataToJson(order.data);
          const { orderNumber } = order;
          const inserted = await client.query<{ id: string }>(SQL.insert, [order.id, orderNumber, order.postalCode, json, nowIso]);
          if (inserted.rows[0]) {
            results.push({ orderNumber, id: inserted.rows[0].id, outcome: 'inserted' });
            continue;
          }
          const updated = await client.query<{ id: string }>(SQL.update, [orderNumber, order.postalCode, json, nowIso]);
          if (updated.rows[0]) {
            results.push({ orderNumber, id: updated.rows[0].id, outcome: 'updated' });
            continue;
          }
          const { rows } = await client.query<{ id: string }>(SQL.idOf, [orderNumber]);
          results.push({ orderNumber, id: rows[0]!.id, outcome: 'unchanged' });
        }
        return results;
      });
    },

    async listKitchenOrders<T>(query: { before?: { createdAt: string; id: string } | null; limit: number }) {
      checkListQuery('orders', { filter: {}, limit: query.limit });
      const { rows } = query.before
        ? await pool.query<Row>(
            `SELECT ${COLUMNS} FROM kitchen_orders WHERE (created_at, id) < ($1::timestamptz, $2) ORDER BY created_at DESC, id DESC LIMIT $3`,
            [toIso(query.before.createdAt, 'before'), query.before.id, query.limit],
          )
        : await pool.query<Row>(`SELECT ${COLUMNS} FROM kitchen_orders ORDER BY created_at DESC, id DESC LIMIT $1`, [query.limit]);
      return rows.map((row) => toRecord<T>(row));
    },

    async getKitchenOrder<T>(id: string): Promise<KitchenOrderRecord<T> | null> {
      const { rows } = await pool.query<Row>(SQL.get, [id]);
      const row = rows[0];
      return row === undefined ? null : toRecord<T>(row);
    },

    async findKitchenOrderLogin(orderNumber: string) {
      const { rows } = await pool.query<Pick<Row, 'id' | 'postal_code'>>(SQL.login, [orderNumber]);
      const row = rows[0];
      return row === undefined ? null : { id: row.id, postalCode: row.postal_code };
    },
  };
}

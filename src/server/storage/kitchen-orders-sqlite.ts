// Kitchen orders on SQLite (the kitchen_orders table of migration 003). Part of the SQLite storage: the caller
// passes its connection and its transaction helper, so an import is one BEGIN IMMEDIATE … COMMIT without an await.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { dataToJson, toIso } from './common.ts';
import { checkListQuery } from './list-fields.ts';
import type { KitchenOrderRecord, KitchenOrderUpsert, KitchenOrderUpserted, Storage } from './types.ts';

type KitchenOrderMethods = Pick<Storage, 'upsertKitchenOrders' | 'getKitchenOrder' | 'findKitchenOrderLogin' | 'listKitchenOrders'>;

interface Row {
  id: string;
  order_number: string;
  postal_code: string;
  version: number;
  data: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, order_number, postal_code, version, data, created_at, updated_at';

function toRecord<T>(row: Row): KitchenOrderRecord<T> {
  return {
    id: row.id,
    orderNumber: row.order_number,
    postalCode: row.postal_code,
    version: row.version,
    data: JSON.parse(row.data) as T,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function sqliteKitchenOrders(db: DatabaseSync, inTransaction: <R>(work: () => R) => R): KitchenOrderMethods {
  // Prepared on first use: the table exists only after migrate().
  let prepared: Record<'insert' | 'update' | 'idOf' | 'get' | 'login', StatementSync> | null = null;
  const statements = () =>
    (prepared ??= {
      insert: db.prepare(
        `INSERT INTO kitchen_orders (${COLUMNS}) VALUES (?1, ?2, ?3, 1, ?4, ?5, ?5) ON CONFLICT (order_number) DO NOTHING RETURNING id`,
      ),
      // The data is JSON text made by one serialiser from one schema, so equal orders have equal text.
      update: db.prepare(
        `UPDATE kitchen_orders SET postal_code = ?2, data = ?3, version = version + 1, updated_at = ?4
         WHERE order_number = ?1 AND (data IS NOT ?3 OR postal_code IS NOT ?2) RETURNING id`,
      ),
      idOf: db.prepare('SELECT id FROM kitchen_orders WHERE order_number = ?'),
      get: db.prepare(`SELECT ${COLUMNS} FROM kitchen_orders WHERE id = ?`),
      login: db.prepare('SELECT id, postal_code FROM kitchen_orders WHERE order_number = ?'),
    });

  return {
    async upsertKitchenOrders<T>(orders: readonly KitchenOrderUpsert<T>[], now: Date): Promise<KitchenOrderUpserted[]> {
      const nowIso = toIso(now, 'now');
      const s = statements();
      return inTransaction(() =>
        orders.map((order): KitchenOrderUpserted => {
          const json = dataToJson(order.data);
          const inserted = s.insert.get(order.id, order.orderNumber, order.postalCode, json, nowIso) as { id: string } | undefined;
          if (inserted) return { orderNumber: order.orderNumber, id: inserted.id, outcome: 'inserted' };
          const updated = s.update.get(order.orderNumber, order.postalCode, json, nowIso) as { id: string } | undefined;
          if (updated) return { orderNumber: order.orderNumber, id: updated.id, outcome: 'updated' };
          const { id } = s.idOf.get(order.orderNumber) as { id: string };
          return { orderNumber: order.orderNumber, id, outcome: 'unchanged' };
        }),
      );
    },

    async getKitchenOrder<T>(id: string): Promise<KitchenOrderRecord<T> | null> {
      const row = statements().get.get(id) as Row | undefined;
      return row === undefined ? null : toRecord<T>(row);
    },

    async listKitchenOrders<T>(query: { before?: { createdAt: string; id: string } | null; limit: number }) {
      checkListQuery('orders', { filter: {}, limit: query.limit });
      const rows = (query.before
        ? db
            .prepare(`SELECT ${COLUMNS} FROM kitchen_orders WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?`)
            .all(toIso(query.before.createdAt, 'before'), query.before.id, query.limit)
        : db
            .prepare(`SELECT ${COLUMNS} FROM kitchen_orders ORDER BY created_at DESC, id DESC LIMIT ?`)
            .all(query.limit)) as unknown as Row[];
      return rows.map((row) => toRecord<T>(row));
    },

    async findKitchenOrderLogin(orderNumber: string) {
      const row = statements().login.get(orderNumber) as Pick<Row, 'id' | 'postal_code'> | undefined;
      return row === undefined ? null : { id: row.id, postalCode: row.postal_code };
    },
  };
}

// The prepared statements of SQLite's document tables (one table per document kind): read, version, insert, update,
// list by owner and purge. Prepared on first use of a table (the tables exist only after migrate()), then reused for
// the life of the connection.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { DocumentKind } from './document-kinds.ts';
import { tableOf } from './migrations.ts';

export interface TableStatements {
  get: StatementSync;
  version: StatementSync;
  insert: StatementSync;
  update: StatementSync;
  list: StatementSync;
  purge: StatementSync;
}

const COLUMNS = 'id, owner, version, data, created_at, updated_at, expires_at';

function prepareTable(db: DatabaseSync, table: string): TableStatements {
  return {
    get: db.prepare(`SELECT ${COLUMNS} FROM ${table} WHERE id = ?`),
    version: db.prepare(`SELECT version, owner, expires_at FROM ${table} WHERE id = ?`),
    // An expired document no longer exists for callers, so its id may be taken again: the upsert replaces
    // the row only when it has expired; otherwise nothing changes and we report a duplicate.
    insert: db.prepare(
      `INSERT INTO ${table} (${COLUMNS}) VALUES (?1, ?2, 1, ?3, ?4, ?4, ?5)
       ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, version = 1, data = excluded.data,
         created_at = excluded.created_at, updated_at = excluded.updated_at, expires_at = excluded.expires_at
       WHERE ${table}.expires_at IS NOT NULL AND ${table}.expires_at <= ?4`,
    ),
    update: db.prepare(`UPDATE ${table} SET data = ?, version = ?, updated_at = ?, expires_at = ? WHERE id = ?`),
    list: db.prepare(
      `SELECT ${COLUMNS} FROM ${table} WHERE owner = ? AND (expires_at IS NULL OR expires_at > ?)
       ORDER BY updated_at DESC, id DESC LIMIT ?`,
    ),
    purge: db.prepare(`DELETE FROM ${table} WHERE expires_at <= ?`),
  };
}

/** The statements of a kind's table (`of`), and `clear` to drop them all once the connection is closed. */
export function sqliteDocumentStatements(db: DatabaseSync): { of(kind: DocumentKind): TableStatements; clear(): void } {
  const cache = new Map<string, TableStatements>();
  return {
    of(kind) {
      const table = tableOf(kind);
      let s = cache.get(table);
      if (s === undefined) cache.set(table, (s = prepareTable(db, table)));
      return s;
    },
    clear: () => cache.clear(),
  };
}

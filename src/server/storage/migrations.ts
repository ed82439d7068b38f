// Schema migrations for both storage backends. The SQL lives here as strings (not .sql files) so the bundled
// server carries everything it needs. Migrations are applied in list order and recorded by id in
// schema_migrations; an applied migration is never changed, a schema change is a new entry at the end.
import { openOrdersIndex } from './back-office-stats.ts';
import {
  fulfilmentListMigration,
  kitchenOrderListMigration,
  type ListableKind,
  listIndexes,
  postgresListExpression,
  sqliteListExpression,
} from './list-fields.ts';
import type { DocumentKind } from './document-kinds.ts';

export interface Migration {
  /** Unique and sortable, e.g. '001_documents'. */
  id: string;
  sqlite: string;
  postgres: string;
}

/** One table per document kind. */
export const TABLES: Readonly<Record<DocumentKind, string>> = {
  carts: 'carts',
  orders: 'orders',
  quotes: 'quotes',
  formData: 'form_data',
  newsletterSubscribers: 'newsletter_subscribers',
  uploads: 'uploads',
  serviceRequests: 'service_requests',
  staffAccounts: 'staff_accounts',
  staffSessions: 'staff_sessions',
  chatConversations: 'chat_conversations',
  staffPasskeys: 'staff_passkeys',
  staffChallenges: 'staff_challenges',
  staffRecoveryCodes: 'staff_recovery_codes',
};

export function tableOf(kind: DocumentKind): string {
  const table = TABLES[kind];
  if (table === undefined) throw new TypeError(`unknown document kind: ${String(kind)}`);
  return table;
}

// SQLite keeps timestamps as ISO 8601 text (always produced by Date#toISOString, so they compare correctly as
// strings) and data as JSON text. STRICT makes SQLite enforce the column types.
function sqliteDocumentTable(table: string): string {
  return `
CREATE TABLE ${table} (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  version INTEGER NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT
) STRICT;
CREATE INDEX ${table}_owner_updated ON ${table} (owner, updated_at);
CREATE INDEX ${table}_expires ON ${table} (expires_at);
`;
}

function postgresDocumentTable(table: string): string {
  return `
CREATE TABLE ${table} (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  version INTEGER NOT NULL,
  data JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ
);
CREATE INDEX ${table}_owner_updated ON ${table} (owner, updated_at);
CREATE INDEX ${table}_expires ON ${table} (expires_at);
`;
}

// The listable kinds whose indexes 009 made, spelled out: an applied migration never changes, so a kind listed later
// gets its indexes from its own migration.
const LIST_KINDS_OF_009: readonly ListableKind[] = ['orders', 'quotes', 'serviceRequests', 'formData', 'newsletterSubscribers'];

// The tables of the first migration, spelled out: a kind added later gets its table from a migration of its own.
const FIRST_TABLES = ['carts', 'orders', 'quotes', 'form_data', 'newsletter_subscribers'];

/** The e-mail queue (src/server/mail/): not a document kind, because the worker selects by status and due time. */
export const MAIL_TABLE = 'mail_queue';

const mailQueue = (time: string, strict: string) => `
CREATE TABLE ${MAIL_TABLE} (
  id TEXT PRIMARY KEY,
  template TEXT NOT NULL,
  recipient TEXT NOT NULL,
  message TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at ${time} NOT NULL,
  locked_until ${time},
  last_error TEXT,
  created_at ${time} NOT NULL,
  updated_at ${time} NOT NULL,
  expires_at ${time}
)${strict};
CREATE INDEX ${MAIL_TABLE}_due ON ${MAIL_TABLE} (status, next_attempt_at);
CREATE INDEX ${MAIL_TABLE}_recipient ON ${MAIL_TABLE} (recipient, template, created_at);
CREATE INDEX ${MAIL_TABLE}_expires ON ${MAIL_TABLE} (expires_at);
`;

/** Opens of a newsletter per counter id: counts only, no personal data. */
const NEWSLETTER_OPENS_TABLE = 'newsletter_opens';

/** One more open of a newsletter's counter; the same text for SQLite and PostgreSQL, with $n parameters. */
export const COUNT_NEWSLETTER_OPEN_SQL = `INSERT INTO ${NEWSLETTER_OPENS_TABLE} (newsletter_id, counter_id, opens, updated_at) VALUES ($1, $2, 1, $3)
ON CONFLICT (newsletter_id, counter_id) DO UPDATE SET opens = ${NEWSLETTER_OPENS_TABLE}.opens + 1, updated_at = excluded.updated_at
RETURNING opens`;

/** The counters of one newsletter, by counter id. */
export const NEWSLETTER_OPENS_SQL = `SELECT counter_id, opens FROM ${NEWSLETTER_OPENS_TABLE} WHERE newsletter_id = $1 ORDER BY counter_id`;

const queueName = `
ALTER TABLE mail_queue ADD COLUMN queue TEXT NOT NULL DEFAULT 'shop';
CREATE INDEX mail_queue_queue_due ON mail_queue (queue, status, next_attempt_at);
`;

/** The tables of coordination.ts; times are milliseconds since the epoch. */
export const COORDINATION_TABLES = {
  counters: 'shared_counters',
  events: 'shared_events',
  leases: 'shared_leases',
  presence: 'shared_presence',
  flags: 'shared_flags',
} as const;

const coordinationTables = (int: string, serial: string, strict: string) => `
CREATE TABLE shared_counters (key TEXT PRIMARY KEY, window_start ${int} NOT NULL, ends_at ${int} NOT NULL, count ${int} NOT NULL)${strict};
CREATE INDEX shared_counters_ends ON shared_counters (ends_at);
CREATE TABLE shared_events (id ${serial}, topic TEXT NOT NULL, payload TEXT NOT NULL, created_at ${int} NOT NULL)${strict};
CREATE INDEX shared_events_created ON shared_events (created_at);
CREATE TABLE shared_leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until_at ${int} NOT NULL)${strict};
CREATE TABLE shared_presence (key TEXT NOT NULL, holder TEXT NOT NULL, count ${int} NOT NULL, until_at ${int} NOT NULL,
  PRIMARY KEY (key, holder))${strict};
CREATE INDEX shared_presence_until ON shared_presence (until_at);
CREATE TABLE shared_flags (key TEXT PRIMARY KEY, until_at ${int} NOT NULL)${strict};
CREATE INDEX shared_flags_until ON shared_flags (until_at);
`;

/** The tables of the live catalogue (catalog-live.ts): live values per product, and the feeds that wrote them. */
export const CATALOG_LIVE_TABLES = { values: 'catalog_live', feeds: 'catalog_feeds' } as const;

const catalogLiveTables = (int: string, time: string, json: string, strict: string) => `
CREATE TABLE catalog_live (product_id ${int} PRIMARY KEY, fields ${json} NOT NULL, feed_id TEXT NOT NULL, seq ${int} NOT NULL)${strict};
CREATE UNIQUE INDEX catalog_live_seq ON catalog_live (seq);
CREATE TABLE catalog_feeds (id TEXT PRIMARY KEY, made_by TEXT NOT NULL, started_at ${time} NOT NULL, finished_at ${time},
  row_count ${int} NOT NULL, changed_count ${int} NOT NULL, status TEXT NOT NULL)${strict};
CREATE INDEX catalog_feeds_started ON catalog_feeds (started_at);
`;

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001_documents',
    sqlite: FIRST_TABLES.map(sqliteDocumentTable).join(''),
    postgres: FIRST_TABLES.map(postgresDocumentTable).join(''),
  },
  { id: '002_mail_queue', sqlite: mailQueue('TEXT', ' STRICT'), postgres: mailQueue('TIMESTAMPTZ', '') },
  {
    // The records of uploaded files (owner, name, detected type, size, SHA-256; src/server/uploads/store.ts).
    id: '003_uploads',
    sqlite: sqliteDocumentTable(TABLES.uploads),
    postgres: postgresDocumentTable(TABLES.uploads),
  },
  {
    // Service requests from /service-melding/, under their reference (src/server/forms/service-requests.ts).
    id: '004_service_requests',
    sqlite: sqliteDocumentTable(TABLES.serviceRequests),
    postgres: postgresDocumentTable(TABLES.serviceRequests),
  },
  // The queue a message belongs to (MAIL_QUEUE): processes send only their own queue's messages, so shops (or test
  // servers) sharing one database do not send each other's mail.
  {
    id: '005_mail_queue_name',
    sqlite: queueName,
    postgres: queueName,
  },
  {
    // Kitchen orders made in a store (orders/non-web/{orderId}): found by their printed order number at the
    // login, which compares the postal code without reading the whole order.
    id: '006_kitchen_orders',
    sqlite: `
CREATE TABLE kitchen_orders (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  version INTEGER NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX kitchen_orders_order_number ON kitchen_orders (order_number);
`,
    postgres: `
CREATE TABLE kitchen_orders (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  version INTEGER NOT NULL,
  data JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX kitchen_orders_order_number ON kitchen_orders (order_number);
`,
  },
  {
    // Staff accounts (src/server/staff/accounts.ts): id derived from the e-mail address, all under one owner.
    id: '007_staff_accounts',
    sqlite: sqliteDocumentTable(TABLES.staffAccounts),
    postgres: postgresDocumentTable(TABLES.staffAccounts),
  },
  {
    // Staff sessions (src/server/staff/sessions.ts): owned by the staff member, so a deactivation ends them all; they
    // expire at the session's latest end and are purged with the other expired documents.
    id: '008_staff_sessions',
    sqlite: sqliteDocumentTable(TABLES.staffSessions),
    postgres: postgresDocumentTable(TABLES.staffSessions),
  },
  {
    // The back office's lists (src/server/storage/list-fields.ts): newest first, filtered by status, found by
    // reference, e-mail address or postal code; and kitchen orders newest first.
    id: '009_list_indexes',
    sqlite: `${listIndexes(tableOf, sqliteListExpression, LIST_KINDS_OF_009)}CREATE INDEX kitchen_orders_created ON kitchen_orders (created_at, id);\n`,
    postgres: `${listIndexes(tableOf, postgresListExpression, LIST_KINDS_OF_009)}CREATE INDEX kitchen_orders_created ON kitchen_orders (created_at, id);\n`,
  },
  {
    // Live-chat conversations (src/server/chat/store.ts), owned by the shopper's token; the back office lists the open
    // ones by status, so the kind's list indexes come with its table.
    id: '010_chat_conversations',
    sqlite: sqliteDocumentTable(TABLES.chatConversations) + listIndexes(tableOf, sqliteListExpression, ['chatConversations']),
    postgres: postgresDocumentTable(TABLES.chatConversations) + listIndexes(tableOf, postgresListExpression, ['chatConversations']),
  },
  {
    // Newsletter opens (GET /api/newsletters/{newsletterId}/{counterId}/): a number per newsletter and counter id,
    // nothing about who opened it. Counter ids are checked (short, lower case) so the table stays small.
    id: '011_newsletter_opens',
    sqlite: `
CREATE TABLE ${NEWSLETTER_OPENS_TABLE} (
  newsletter_id TEXT NOT NULL,
  counter_id TEXT NOT NULL,
  opens INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (newsletter_id, counter_id)
) STRICT;
`,
    postgres: `
CREATE TABLE ${NEWSLETTER_OPENS_TABLE} (
  newsletter_id TEXT NOT NULL,
  counter_id TEXT NOT NULL,
  opens BIGINT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (newsletter_id, counter_id)
);
`,
  },
  {
    // What instances share besides documents (coordination.ts): counters in time windows, events for followers
    // that read the table, leases of periodic jobs, presence per instance and flags such as revoked sessions.
    id: '012_coordination',
    sqlite: coordinationTables('INTEGER', 'INTEGER PRIMARY KEY AUTOINCREMENT', ' STRICT'),
    postgres: coordinationTables('BIGINT', 'BIGSERIAL PRIMARY KEY', ''),
  },
  {
    // The live catalogue (catalog-live.ts): the values of the catalogue feed per product (price, discounts, stock,
    // expired, shopOnly as JSON), ordered by a sequence every instance reads on from; and a record of every feed.
    id: '013_catalog_live',
    sqlite: catalogLiveTables('INTEGER', 'TEXT', 'TEXT', ' STRICT'),
    postgres: catalogLiveTables('BIGINT', 'TIMESTAMPTZ', 'JSONB', ''),
  },
  {
    // The order export (src/server/orders/export.ts): orders changed since an instant, oldest change first, one page
    // after another by (updated_at, id). PostgreSQL orders the id bytewise (COLLATE "C"), as SQLite does.
    id: '014_orders_changed',
    sqlite: 'CREATE INDEX orders_changed ON orders (updated_at, id);',
    postgres: 'CREATE INDEX orders_changed ON orders (updated_at, id COLLATE "C");',
  },
  {
    // The back office's start page (back-office-stats.ts): the open orders by fulfilment status and age, in an index
    // that holds the open orders only, so its cost follows the orders waiting, not the shop's history.
    id: '015_back_office_stats',
    sqlite: openOrdersIndex('sqlite', TABLES.orders),
    postgres: openOrdersIndex('postgres', TABLES.orders),
  },
  {
    // The back office's orders by fulfilment status: older orders get the fulfilment they read as, then the index.
    id: '016_fulfilment_list',
    sqlite: fulfilmentListMigration('sqlite', tableOf),
    postgres: fulfilmentListMigration('postgres', tableOf),
  },
  {
    // "Mijn keuken" lists the service requests sent with the kitchen order's number (src/server/forms/service-requests.ts).
    id: '017_service_requests_by_kitchen_order',
    sqlite: kitchenOrderListMigration('sqlite', tableOf),
    postgres: kitchenOrderListMigration('postgres', tableOf),
  },
  {
    // Staff passkeys (src/server/staff/passkey-store.ts): a credential per document keyed by its id and owned by the staff
    // member, the WebAuthn challenges in flight (five minutes, single use) and the hashed recovery codes per member.
    id: '018_staff_passkeys',
    sqlite: [TABLES.staffPasskeys, TABLES.staffChallenges, TABLES.staffRecoveryCodes].map(sqliteDocumentTable).join(''),
    postgres: [TABLES.staffPasskeys, TABLES.staffChallenges, TABLES.staffRecoveryCodes].map(postgresDocumentTable).join(''),
  },
];

/** Created before any migration runs (outside the list, because it records the list). */
export const SCHEMA_MIGRATIONS_TABLE = {
  sqlite: 'CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL) STRICT',
  postgres: 'CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)',
};

/** Key of the PostgreSQL transaction-level advisory lock that serialises concurrent migrate() calls. */
export const POSTGRES_MIGRATION_LOCK = 72_018_311_001;

/** The migrations not yet in `applied`, in order. */
export function pendingMigrations(applied: Iterable<string>): Migration[] {
  const done = new Set(applied);
  return MIGRATIONS.filter((m) => !done.has(m.id));
}

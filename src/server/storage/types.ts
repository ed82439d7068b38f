// The one storage interface of the shop. Carts, orders, quotes, form submissions and the records of uploaded files
// (their bytes live in files, src/server/uploads/store.ts) are JSON documents with
// an owner (the token subject that created them), a version (raised by every write), timestamps and an
// optional expiry. Kitchen orders made in a store have a table of their own, keyed by their order number too.
// Two implementations: SQLite (node:sqlite, default) and PostgreSQL (pg, DATABASE_URL).
import type { BackOfficeStatsStorage } from './back-office-stats.ts';
import type { CatalogLive } from './catalog-live.ts';
import type { Coordination } from './coordination.ts';
import type { DocumentKind } from './document-kinds.ts';
import type { ListableKind, ListFilter, ListQuery } from './list-fields.ts';
import type { ChangedOrdersQuery } from './orders-changed.ts';

export interface StoredDocument<T = unknown> {
  id: string;
  owner: string;
  /** 1 after insert, +1 on every update. */
  version: number;
  data: T;
  createdAt: string; // ISO 8601
  updatedAt: string; // ISO 8601
  /** After this instant the document is treated as gone (get → null, update → NotFoundError). */
  expiresAt: string | null;
}

/** What version() reads: enough to decide whether a cached rendering is current and whom it belongs to. */
export interface DocumentHead {
  id: string;
  owner: string;
  version: number;
}

export interface NewDocument<T = unknown> {
  kind: DocumentKind;
  id: string;
  owner: string;
  data: T;
  expiresAt: string | null;
}

/** A rendered e-mail as the queue keeps it (src/server/mail/ builds it from a template). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe for marketing mail. */
  headers: Record<string, string>;
}

/** A message to queue: `template` and `recipient` (lower case) bound how many one address gets per day. */
export interface NewMail {
  id: string;
  /** The queue it goes to (MAIL_QUEUE): only workers of that queue send it. */
  queue: string;
  template: string;
  recipient: string;
  message: MailMessage;
  /** Messages of this template to this recipient queued in this queue in the last 24 hours, at most; beyond it, not
   *  queued. */
  maxPerDay: number;
}

/** A message claimed for sending. `attempts` counts this attempt. */
export interface QueuedMail {
  id: string;
  template: string;
  recipient: string;
  message: MailMessage;
  attempts: number;
  createdAt: string;
}

/** What became of a send: sent, or failed with a retry at `retryAt` (null: no more attempts, marked failed). */
export type MailOutcome = { sent: true } | { sent: false; error: string; retryAt: Date | null };

/** What an update's mutator returns: the new data, optionally a new expiry, and documents to insert and e-mails to
 *  queue in the same transaction (e.g. the order created when a cart is submitted, and its confirmation). */
export interface Mutation<T = unknown> {
  data: T;
  expiresAt?: string | null;
  inserts?: NewDocument[];
  mails?: NewMail[];
}

export interface UpdateOptions {
  /** When given, the update fails with VersionConflictError unless the stored version equals it. */
  expectedVersion?: number;
  /** The current time, used for expiry and updatedAt. */
  now: Date;
}

/** A kitchen order made in a store, as stored: found by id (the web's key) or by its printed order number. */
export interface KitchenOrderRecord<T = unknown> {
  id: string;
  orderNumber: string;
  /** As the login compares it (src/domain/kitchen-order.ts, postalCodeKey). */
  postalCode: string;
  /** 1 after insert, +1 on every change. */
  version: number;
  data: T;
  createdAt: string;
  updatedAt: string;
}

export interface KitchenOrderUpsert<T = unknown> {
  /** The id a new order gets; an order number already stored keeps its id. */
  id: string;
  orderNumber: string;
  postalCode: string;
  data: T;
}

export interface KitchenOrderUpserted {
  orderNumber: string;
  id: string;
  /** 'unchanged': the same data and postal code were stored already; nothing was written. */
  outcome: 'inserted' | 'updated' | 'unchanged';
}

/** Documents, kitchen orders, the mail queue, newsletter counters, what instances share (coordination.ts), the
 *  back office's start-page figures (back-office-stats.ts) and the live catalogue (catalog-live.ts). */
export interface Storage extends Coordination, BackOfficeStatsStorage, CatalogLive {
  readonly backend: 'sqlite' | 'postgres';
  /** Creates tables and runs pending migrations; idempotent. */
  migrate(): Promise<void>;
  get<T>(kind: DocumentKind, id: string, now: Date): Promise<StoredDocument<T> | null>;
  /** The id, owner and version of a document without reading its data (null when missing or expired, exactly
   *  as get()): a cheap check whether a copy rendered from an earlier get() is still current. */
  version(kind: DocumentKind, id: string, now: Date): Promise<DocumentHead | null>;
  /** Fails with DuplicateError when the id exists. `mails` are queued in the same transaction. */
  insert<T>(doc: NewDocument<T>, now: Date, mails?: readonly NewMail[]): Promise<StoredDocument<T>>;
  /** Reads, mutates and writes one document in a single transaction, so concurrent updates never lose a
   *  write. The mutator must be synchronous and pure; if it throws, nothing is written and the error
   *  propagates unchanged. */
  update<T>(
    kind: DocumentKind,
    id: string,
    mutate: (current: StoredDocument<T>) => Mutation<T>,
    options: UpdateOptions,
  ): Promise<StoredDocument<T>>;
  /** Lists the documents of an owner, newest first (for orders and quotes pages). */
  listByOwner<T>(kind: DocumentKind, owner: string, now: Date, limit?: number): Promise<StoredDocument<T>[]>;
  /** A page of a back-office list: documents of `kind` whose list fields match the filter (see list-fields.ts),
   *  newest first (created_at, then id), older than `before` when given; expired documents are left out. */
  listDocuments<T>(kind: ListableKind, query: ListQuery, now: Date): Promise<StoredDocument<T>[]>;
  /** How many documents of `kind` match the filter (not expired). */
  countDocuments(kind: ListableKind, filter: ListFilter, now: Date): Promise<number>;
  /** A page of the orders changed at or after `query.since`, oldest change first (updated_at, then id), after
   *  `query.after` when given; expired orders are left out (the order export, orders-changed.ts). */
  listChangedOrders<T>(query: ChangedOrdersQuery, now: Date): Promise<StoredDocument<T>[]>;
  /** A page of kitchen orders, newest first, older than `before` when given. */
  listKitchenOrders<T>(query: { before?: { createdAt: string; id: string } | null; limit: number }): Promise<KitchenOrderRecord<T>[]>;
  /** Inserts or updates kitchen orders by order number, all in one transaction: all of them or none. */
  upsertKitchenOrders<T>(orders: readonly KitchenOrderUpsert<T>[], now: Date): Promise<KitchenOrderUpserted[]>;
  getKitchenOrder<T>(id: string): Promise<KitchenOrderRecord<T> | null>;
  /** The id and postal code of the kitchen order with this number (the login's one indexed look-up), or null. */
  findKitchenOrderLogin(orderNumber: string): Promise<{ id: string; postalCode: string } | null>;
  /** Queues one e-mail, due now; false (nothing queued) when its recipient had `maxPerDay` of its template already. */
  enqueueMail(mail: NewMail, now: Date): Promise<boolean>;
  /** Takes up to `limit` due messages (oldest due first) for sending: each counts one more attempt and is left alone
   *  by other claims until `leaseUntil`, when a sender that died is taken over. */
  claimMail(queue: string, now: Date, limit: number, leaseUntil: Date): Promise<QueuedMail[]>;
  /** Records a send: sent, due again at `retryAt`, or failed for good. Sent and failed messages expire at `keepUntil`. */
  finishMail(id: string, outcome: MailOutcome, now: Date, keepUntil: Date): Promise<void>;
  /** Counts one open of a newsletter under a counter id (no personal data); returns the counter's new total. */
  countNewsletterOpen(newsletterId: string, counterId: string, now: Date): Promise<number>;
  /** The open counts of one newsletter by counter id. */
  newsletterOpens(newsletterId: string): Promise<Record<string, number>>;
  /** Deletes expired documents and finished e-mails; returns how many. */
  purgeExpired(now: Date): Promise<number>;
  close(): Promise<void>;
}

// The error classes spell out their fields instead of using constructor parameter properties, because Node's
// type stripping (scripts run with `node file.ts`) does not support parameter properties.

export class NotFoundError extends Error {
  readonly kind: DocumentKind;
  readonly id: string;
  constructor(kind: DocumentKind, id: string) {
    super(`${kind} ${id} not found`);
    this.name = 'NotFoundError';
    this.kind = kind;
    this.id = id;
  }
}

export class VersionConflictError extends Error {
  readonly kind: DocumentKind;
  readonly id: string;
  readonly expected: number;
  readonly actual: number;
  constructor(kind: DocumentKind, id: string, expected: number, actual: number) {
    super(`${kind} ${id} is at version ${actual}, not ${expected}`);
    this.name = 'VersionConflictError';
    this.kind = kind;
    this.id = id;
    this.expected = expected;
    this.actual = actual;
  }
}

export class DuplicateError extends Error {
  readonly kind: DocumentKind;
  readonly id: string;
  constructor(kind: DocumentKind, id: string) {
    super(`${kind} ${id} already exists`);
    this.name = 'DuplicateError';
    this.kind = kind;
    this.id = id;
  }
}

// The e-mail queue on SQLite (the mail_queue table). Part of the SQLite storage: the caller passes its connection and
// its transaction helper, and queues the e-mails of an insert or update with enqueueNow inside its own transaction.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { checkLimit, checkNewMail, dataToJson, mailError, toIso } from './common.ts';
import { MAIL_TABLE } from './migrations.ts';
import type { MailMessage, MailOutcome, NewMail, QueuedMail, Storage } from './types.ts';

type MailQueueMethods = Pick<Storage, 'enqueueMail' | 'claimMail' | 'finishMail'>;

interface MailRow {
  id: string;
  template: string;
  recipient: string;
  message: string;
  attempts: number;
  created_at: string;
}

type MailStatements = Record<'enqueue' | 'due' | 'claim' | 'sent' | 'retry' | 'failed' | 'purge', StatementSync>;

function prepareMailStatements(db: DatabaseSync): MailStatements {
  return {
    // Queued only while the recipient got fewer than maxPerDay of this template in the last 24 hours.
    enqueue: db.prepare(
      `INSERT INTO ${MAIL_TABLE} (id, queue, template, recipient, message, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT ?1, ?8, ?2, ?3, ?4, 'pending', 0, ?5, ?5, ?5
       WHERE (SELECT count(*) FROM ${MAIL_TABLE} WHERE queue = ?8 AND recipient = ?3 AND template = ?2 AND created_at > ?6) < ?7`,
    ),
    due: db.prepare(
      `SELECT id, template, recipient, message, attempts, created_at FROM ${MAIL_TABLE}
       WHERE queue = ?3 AND status = 'pending' AND next_attempt_at <= ?1 AND (locked_until IS NULL OR locked_until <= ?1)
       ORDER BY next_attempt_at, id LIMIT ?2`,
    ),
    claim: db.prepare(`UPDATE ${MAIL_TABLE} SET attempts = attempts + 1, locked_until = ?, updated_at = ? WHERE id = ?`),
    sent: db.prepare(
      `UPDATE ${MAIL_TABLE} SET status = 'sent', locked_until = NULL, last_error = NULL, updated_at = ?, expires_at = ? WHERE id = ?`,
    ),
    retry: db.prepare(`UPDATE ${MAIL_TABLE} SET next_attempt_at = ?, locked_until = NULL, last_error = ?, updated_at = ? WHERE id = ?`),
    failed: db.prepare(
      `UPDATE ${MAIL_TABLE} SET status = 'failed', locked_until = NULL, last_error = ?, updated_at = ?, expires_at = ? WHERE id = ?`,
    ),
    purge: db.prepare(`DELETE FROM ${MAIL_TABLE} WHERE expires_at <= ?`),
  };
}

export interface SqliteMailQueue {
  /** The queue's methods of Storage. */
  methods: MailQueueMethods;
  /** Queues a message inside the caller's transaction; false when the recipient's daily bound is reached. */
  enqueueNow(message: NewMail, nowIso: string): boolean;
  /** Deletes sent and failed messages kept past their time, inside the caller's transaction; returns how many. */
  purgeNow(nowIso: string): number;
  /** Drops the prepared statements (the connection was closed). */
  forget(): void;
}

export function sqliteMailQueue(db: DatabaseSync, inTransaction: <R>(work: () => R) => R): SqliteMailQueue {
  // Prepared on first use: the table exists only after migrate().
  let prepared: MailStatements | null = null;
  const mail = () => (prepared ??= prepareMailStatements(db));

  function enqueueNow(message: NewMail, nowIso: string): boolean {
    checkNewMail(message);
    const dayAgo = new Date(Date.parse(nowIso) - 86_400_000).toISOString();
    const { changes } = mail().enqueue.run(
      message.id,
      message.template,
      message.recipient,
      dataToJson(message.message),
      nowIso,
      dayAgo,
      message.maxPerDay,
      message.queue,
    );
    return Number(changes) === 1;
  }

  const methods: MailQueueMethods = {
    async enqueueMail(message: NewMail, now: Date) {
      const nowIso = toIso(now, 'now');
      return inTransaction(() => enqueueNow(message, nowIso));
    },

    async claimMail(queue: string, now: Date, limit: number, leaseUntil: Date) {
      const nowIso = toIso(now, 'now');
      const leaseIso = toIso(leaseUntil, 'leaseUntil');
      const s = mail();
      return inTransaction(() => {
        const rows = s.due.all(nowIso, checkLimit(limit), queue) as unknown as MailRow[];
        for (const row of rows) s.claim.run(leaseIso, nowIso, row.id);
        return rows.map(
          (row): QueuedMail => ({
            id: row.id,
            template: row.template,
            recipient: row.recipient,
            message: JSON.parse(row.message) as MailMessage,
            attempts: row.attempts + 1,
            createdAt: row.created_at,
          }),
        );
      });
    },

    async finishMail(id: string, outcome: MailOutcome, now: Date, keepUntil: Date) {
      const nowIso = toIso(now, 'now');
      const keepIso = toIso(keepUntil, 'keepUntil');
      const s = mail();
      inTransaction(() => {
        if (outcome.sent) s.sent.run(nowIso, keepIso, id);
        else if (outcome.retryAt) s.retry.run(toIso(outcome.retryAt, 'retryAt'), mailError(outcome.error), nowIso, id);
        else s.failed.run(mailError(outcome.error), nowIso, keepIso, id);
      });
    },
  };

  return {
    methods,
    enqueueNow,
    purgeNow: (nowIso) => Number(mail().purge.run(nowIso).changes),
    forget: () => {
      prepared = null;
    },
  };
}

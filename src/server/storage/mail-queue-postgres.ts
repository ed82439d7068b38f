// The e-mail queue on PostgreSQL (the mail_queue table). Part of the PostgreSQL storage: the caller passes its pool,
// and queues the e-mails of an insert or update with enqueueWith on its transaction's client.
import type pg from 'pg';
import { checkLimit, checkNewMail, dataToJson, mailError, toIso } from './common.ts';
import { MAIL_TABLE } from './migrations.ts';
import type { MailMessage, MailOutcome, NewMail, QueuedMail, Storage } from './types.ts';

type MailQueueMethods = Pick<Storage, 'enqueueMail' | 'claimMail' | 'finishMail'>;

/** The pool, or a transaction's client. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

const MAIL_SQL = {
  // Queued only while the recipient got fewer than maxPerDay of this template in the last 24 hours.
  enqueue: `INSERT INTO ${MAIL_TABLE} (id, queue, template, recipient, message, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT $1, $8, $2, $3, $4, 'pending', 0, $5::timestamptz, $5::timestamptz, $5::timestamptz
    WHERE (SELECT count(*) FROM ${MAIL_TABLE} WHERE queue = $8 AND recipient = $3 AND template = $2 AND created_at > $6::timestamptz) < $7`,
  // SKIP LOCKED: two processes claiming at once take different messages instead of waiting for each other.
  claim: `UPDATE ${MAIL_TABLE} SET attempts = attempts + 1, locked_until = $2::timestamptz, updated_at = $1::timestamptz
    WHERE id IN (
      SELECT id FROM ${MAIL_TABLE}
      WHERE queue = $4 AND status = 'pending' AND next_attempt_at <= $1::timestamptz AND (locked_until IS NULL OR locked_until <= $1::timestamptz)
      ORDER BY next_attempt_at, id COLLATE "C" LIMIT $3 FOR UPDATE SKIP LOCKED)
    RETURNING id, template, recipient, message, attempts, created_at, next_attempt_at`,
  sent: `UPDATE ${MAIL_TABLE} SET status = 'sent', locked_until = NULL, last_error = NULL, updated_at = $2::timestamptz,
    expires_at = $3::timestamptz WHERE id = $1`,
  retry: `UPDATE ${MAIL_TABLE} SET next_attempt_at = $2::timestamptz, locked_until = NULL, last_error = $3, updated_at = $4::timestamptz
    WHERE id = $1`,
  failed: `UPDATE ${MAIL_TABLE} SET status = 'failed', locked_until = NULL, last_error = $2, updated_at = $3::timestamptz,
    expires_at = $4::timestamptz WHERE id = $1`,
  purge: `DELETE FROM ${MAIL_TABLE} WHERE expires_at <= $1::timestamptz`,
};

interface MailRow {
  id: string;
  template: string;
  recipient: string;
  message: string;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
}

/** Queues a message on `db` (the pool, or a transaction's client); false when the recipient's daily bound is reached. */
export async function enqueueWith(db: Queryable, message: NewMail, nowIso: string): Promise<boolean> {
  checkNewMail(message);
  const dayAgo = new Date(Date.parse(nowIso) - 86_400_000).toISOString();
  const { rowCount } = await db.query(MAIL_SQL.enqueue, [
    message.id,
    message.template,
    message.recipient,
    dataToJson(message.message),
    nowIso,
    dayAgo,
    message.maxPerDay,
    message.queue,
  ]);
  return rowCount === 1;
}

/** Deletes sent and failed messages kept past their time, on `db`; returns how many. */
export async function purgeMailWith(db: Queryable, nowIso: string): Promise<number> {
  return (await db.query(MAIL_SQL.purge, [nowIso])).rowCount ?? 0;
}

export function postgresMailQueue(pool: Queryable): MailQueueMethods {
  return {
    async enqueueMail(message: NewMail, now: Date) {
      return enqueueWith(pool, message, toIso(now, 'now'));
    },

    async claimMail(queue: string, now: Date, limit: number, leaseUntil: Date) {
      const nowIso = toIso(now, 'now');
      const { rows } = await pool.query<MailRow>(MAIL_SQL.claim, [nowIso, toIso(leaseUntil, 'leaseUntil'), checkLimit(limit), queue]);
      // RETURNING does not keep the subquery's order.
      rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return rows.map(
        (row): QueuedMail => ({
          id: row.id,
          template: row.template,
          recipient: row.recipient,
          message: JSON.parse(row.message) as MailMessage,
          attempts: row.attempts,
          createdAt: row.created_at.toISOString(),
        }),
      );
    },

    async finishMail(id: string, outcome: MailOutcome, now: Date, keepUntil: Date) {
      const nowIso = toIso(now, 'now');
      const keepIso = toIso(keepUntil, 'keepUntil');
      if (outcome.sent) await pool.query(MAIL_SQL.sent, [id, nowIso, keepIso]);
      else if (outcome.retryAt) await pool.query(MAIL_SQL.retry, [id, toIso(outcome.retryAt, 'retryAt'), mailError(outcome.error), nowIso]);
      else await pool.query(MAIL_SQL.failed, [id, mailError(outcome.error), nowIso, keepIso]);
    },
  };
}

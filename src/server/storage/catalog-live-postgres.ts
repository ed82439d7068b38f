// The live catalogue (catalog-live.ts) on PostgreSQL. A chunk is one transaction that first takes an advisory lock,
// so chunks (of any number of instances) commit one after the other and their sequence numbers grow in commit order:
// a reader that asks for what came after the last number it saw never skips a write that committed late. The merge of
// a change over the stored values is JSONB's `||` (the top-level fields are replaced, the others stay).
import type pg from 'pg';
import { toIso } from './common.ts';
import {
  type CatalogFeedRecord,
  type CatalogLive,
  canonicalJson,
  checkChanges,
  checkRange,
  checkSeq,
  LIVE_READ_MAX,
} from './catalog-live.ts';
import { CATALOG_LIVE_TABLES as T } from './migrations.ts';

type Transaction = <R>(work: (client: pg.PoolClient) => Promise<R>) => Promise<R>;

/** Key of the transaction-level advisory lock that puts chunks of feeds in one line. */
const CATALOG_LIVE_LOCK = 72_018_311_013;

const SQL = {
  lock: 'SELECT pg_advisory_xact_lock($1)',
  maxSeq: `SELECT coalesce(max(seq), 0) AS seq FROM ${T.values}`,
  put: `INSERT INTO ${T.values} AS l (product_id, fields, feed_id, seq)
    SELECT c.product_id, c.fields::jsonb, $3, $4::bigint + c.n
    FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS c(product_id, fields, n)
    ON CONFLICT (product_id) DO UPDATE SET fields = l.fields || excluded.fields, feed_id = excluded.feed_id, seq = excluded.seq
    WHERE l.fields || excluded.fields IS DISTINCT FROM l.fields`,
  after: `SELECT product_id, fields, feed_id, seq FROM ${T.values} WHERE seq > $1 ORDER BY seq LIMIT $2`,
  startFeed: `INSERT INTO ${T.feeds} (id, made_by, started_at, finished_at, row_count, changed_count, status)
    VALUES ($1, $2, $3::timestamptz, NULL, $4, 0, 'applying')`,
  finishFeed: `UPDATE ${T.feeds} SET status = $1, changed_count = $2, finished_at = $3::timestamptz WHERE id = $4`,
  feeds: `SELECT id, made_by, started_at, finished_at, row_count, changed_count, status FROM ${T.feeds}
    ORDER BY started_at DESC, id COLLATE "C" DESC LIMIT $1`,
};

interface FeedRow {
  id: string;
  made_by: string;
  started_at: Date;
  finished_at: Date | null;
  row_count: string;
  changed_count: string;
  status: CatalogFeedRecord['status'];
}

export function postgresCatalogLive(pool: pg.Pool, inTransaction: Transaction): CatalogLive {
  return {
    async startCatalogFeed(feed, now) {
      await pool.query(SQL.startFeed, [feed.id, feed.by, toIso(now, 'now'), feed.rows]);
    },

    async applyCatalogLive(feedId, changes) {
      checkChanges(feedId, changes);
      if (changes.length === 0) return 0;
      return inTransaction(async (client) => {
        await client.query(SQL.lock, [CATALOG_LIVE_LOCK]);
        const { rows } = await client.query<{ seq: string }>(SQL.maxSeq);
        const { rowCount } = await client.query(SQL.put, [
          changes.map((c) => c.productId),
          changes.map((c) => canonicalJson(c.fields)),
          feedId,
          Number(rows[0]?.seq ?? 0),
        ]);
        return rowCount ?? 0;
      });
    },

    async finishCatalogFeed(id, outcome, now) {
      await pool.query(SQL.finishFeed, [outcome.status, outcome.changed, toIso(now, 'now'), id]);
    },

    async catalogLiveAfter(afterSeq, limit) {
      checkSeq(afterSeq);
      checkRange(limit, LIVE_READ_MAX, 'limit');
      const { rows } = await pool.query<{ product_id: string; fields: Record<string, unknown>; feed_id: string; seq: string }>(SQL.after, [
        afterSeq,
        limit,
      ]);
      return rows.map((row) => ({ productId: Number(row.product_id), fields: row.fields, feedId: row.feed_id, seq: Number(row.seq) }));
    },

    async listCatalogFeeds(limit) {
      checkRange(limit, 1000, 'limit');
      const { rows } = await pool.query<FeedRow>(SQL.feeds, [limit]);
      return rows.map((row) => ({
        id: row.id,
        by: row.made_by,
        startedAt: row.started_at.toISOString(),
        finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
        rows: Number(row.row_count),
        changed: Number(row.changed_count),
        status: row.status,
      }));
    },
  };
}

// The live catalogue (catalog-live.ts) on SQLite. A chunk is one BEGIN IMMEDIATE … COMMIT without an await: it holds
// the file's write lock, so sequence numbers are handed out in commit order across processes, and a reader that asks
// for what came after the last number it saw never skips a write that committed late.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { toIso } from './common.ts';
import {
  type CatalogFeedRecord,
  type CatalogLive,
  canonicalJson,
  checkChanges,
  checkRange,
  checkSeq,
  LIVE_READ_MAX,
  type LiveValues,
} from './catalog-live.ts';
import { CATALOG_LIVE_TABLES as T } from './migrations.ts';

type Statements = Record<'maxSeq' | 'fieldsOf' | 'put' | 'after' | 'startFeed' | 'finishFeed' | 'feeds', StatementSync>;

interface FeedRow {
  id: string;
  made_by: string;
  started_at: string;
  finished_at: string | null;
  row_count: number;
  changed_count: number;
  status: CatalogFeedRecord['status'];
}

export function sqliteCatalogLive(db: DatabaseSync, inTransaction: <R>(work: () => R) => R): CatalogLive {
  // Prepared on first use: the tables exist only after migrate().
  let prepared: Statements | null = null;
  const statements = (): Statements =>
    (prepared ??= {
      maxSeq: db.prepare(`SELECT coalesce(max(seq), 0) AS seq FROM ${T.values}`),
      fieldsOf: db.prepare(`SELECT fields FROM ${T.values} WHERE product_id = ?`),
      put: db.prepare(
        `INSERT INTO ${T.values} (product_id, fields, feed_id, seq) VALUES (?, ?, ?, ?)
         ON CONFLICT (product_id) DO UPDATE SET fields = excluded.fields, feed_id = excluded.feed_id, seq = excluded.seq`,
      ),
      after: db.prepare(`SELECT product_id, fields, feed_id, seq FROM ${T.values} WHERE seq > ? ORDER BY seq LIMIT ?`),
      startFeed: db.prepare(
        `INSERT INTO ${T.feeds} (id, made_by, started_at, finished_at, row_count, changed_count, status) VALUES (?, ?, ?, NULL, ?, 0, 'applying')`,
      ),
      finishFeed: db.prepare(`UPDATE ${T.feeds} SET status = ?, changed_count = ?, finished_at = ? WHERE id = ?`),
      feeds: db.prepare(
        `SELECT id, made_by, started_at, finished_at, row_count, changed_count, status FROM ${T.feeds} ORDER BY started_at DESC, id DESC LIMIT ?`,
      ),
    });

  return {
    async startCatalogFeed(feed, now) {
      statements().startFeed.run(feed.id, feed.by, toIso(now, 'now'), feed.rows);
    },

    async applyCatalogLive(feedId, changes) {
      checkChanges(feedId, changes);
      const s = statements();
      return inTransaction(() => {
        let seq = Number((s.maxSeq.get() as { seq: number }).seq);
        let written = 0;
        for (const { productId, fields } of changes) {
          const stored = s.fieldsOf.get(productId) as { fields: string } | undefined;
          const merged = canonicalJson({ ...(stored ? (JSON.parse(stored.fields) as object) : {}), ...fields });
          if (stored?.fields === merged) continue;
          s.put.run(productId, merged, feedId, ++seq);
          written++;
        }
        return written;
      });
    },

    async finishCatalogFeed(id, outcome, now) {
      statements().finishFeed.run(outcome.status, outcome.changed, toIso(now, 'now'), id);
    },

    async catalogLiveAfter(afterSeq, limit) {
      checkSeq(afterSeq);
      checkRange(limit, LIVE_READ_MAX, 'limit');
      const rows = statements().after.all(afterSeq, limit) as unknown as {
        product_id: number;
        fields: string;
        feed_id: string;
        seq: number;
      }[];
      return rows.map(
        (row): LiveValues => ({
          productId: Number(row.product_id),
          fields: JSON.parse(row.fields) as Record<string, unknown>,
          feedId: row.feed_id,
          seq: Number(row.seq),
        }),
      );
    },

    async listCatalogFeeds(limit) {
      checkRange(limit, 1000, 'limit');
      const rows = statements().feeds.all(limit) as unknown as FeedRow[];
      return rows.map((row) => ({
        id: row.id,
        by: row.made_by,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        rows: Number(row.row_count),
        changed: Number(row.changed_count),
        status: row.status,
      }));
    },
  };
}

// The server's background jobs, started once it listens: the search engine's first index, the workers of the e-mail
// queue and of the SMS queue, the payment reconciliation (only with a real provider) and the hourly purge of expired
// documents. With several instances (processes, machines) on one database, reconciliation and the purge run once per
// interval across all of them (periodic.ts, a lease), and the mail workers of every instance claim messages one by one
// (a lease per message). On SQLite, sqlite-hosts.ts warns when a second machine uses the same database file.
import { getCatalog } from '../content/catalog.ts';
import { shopSearchEngine } from '../content/search-engine.ts';
import { mailContext } from '../mail/context.ts';
import { mailQueueName } from '../mail/queue.ts';
import { createMailTransport, mailFrom } from '../mail/transport.ts';
import { startMailWorker } from '../mail/worker.ts';
import { smsQueueName } from '../notifications/sms-queue.ts';
import { smsSettings } from '../notifications/sms-settings.ts';
import { createSmsTransport } from '../notifications/sms-transport.ts';
import { reconcileScheduled, reconcileSettings } from '../payments/reconcile.ts';
import { paymentRouting, type configuredProviders } from '../payments/registry.ts';
import { movingNow, now } from '../runtime/clock.ts';
import { LIMITS } from '../runtime/limits.ts';
import { logger } from '../runtime/log.ts';
import { instanceId } from '../runtime/topology.ts';
import { getStorage } from '../storage/index.ts';
import { startPeriodicJob } from './periodic.ts';
import { watchSqliteHosts } from './sqlite-hosts.ts';

// Expired carts (31 days after their last change) and other expired documents are already invisible to every
// request; this removes them from the database once an hour (also available as the system-health task).
const PURGE_INTERVAL_MS = 3_600_000;

export type BackgroundJobs = { stop(): Promise<void> };

/** Starts every job; `stop` ends them, the mail worker after the message it is sending. */
export function startBackgroundJobs(paymentProviders: ReturnType<typeof configuredProviders>): BackgroundJobs {
  const storage = getStorage();
  const leases = { leases: storage, holder: instanceId() };
  const purge = startPeriodicJob({
    ...leases,
    name: 'purge',
    intervalMs: PURGE_INTERVAL_MS,
    run: async () => {
      const purged = await storage.purgeExpired(now());
      if (purged > 0) logger.info({ purged }, 'expired documents removed');
    },
  });
  const hosts = process.env.DATABASE_URL?.trim() ? null : watchSqliteHosts(storage);

  // The search engine loads and indexes the catalogue in slices from now on (pages answer meanwhile; searches wait
  // for the first index), so that the first search after a start does not pay for it.
  shopSearchEngine();
  // E-mail: the queue in the database is sent from here, never inside a request (src/server/mail/worker.ts).
  const company = getCatalog().company;
  const context = mailContext();
  const transport = createMailTransport(
    process.env,
    { from: mailFrom(process.env, company.name, company.hostname), replyTo: context.shop.email, timeoutMs: LIMITS.mail.sendTimeoutMs },
    process.env.SHOP_DATA_DIR?.trim() || '.data',
  );
  for (const line of paymentRouting(paymentProviders, getCatalog().payment.methods)) logger.info(`payments: ${line}`);
  const reconcile = paymentProviders.size > 0 ? reconcileSettings(process.env) : null;
  const reconciler = reconcile
    ? startPeriodicJob({ ...leases, name: 'reconcile', intervalMs: reconcile.intervalMs, run: () => reconcileScheduled(reconcile, now) })
    : null;
  const mailWorker = startMailWorker({
    queue: mailQueueName(),
    storage,
    transport,
    limits: LIMITS.mail,
    log: logger,
    now: movingNow,
  });
  logger.info(
    { transport: transport.kind },
    transport.kind === 'smtp' ? 'mail: sending through SMTP_URL' : 'mail: writing .eml files to the outbox',
  );
  // SMS: their own queue in the mail queue's table, sent by a second worker (src/server/notifications/).
  const sms = smsSettings(process.env, company.name, process.env.SHOP_DATA_DIR?.trim() || '.data').settings;
  const smsTransport = createSmsTransport(sms, LIMITS.mail.sendTimeoutMs);
  const smsWorker = startMailWorker({
    queue: smsQueueName(),
    storage,
    transport: smsTransport,
    limits: LIMITS.mail,
    log: logger,
    now: movingNow,
    label: 'sms',
  });
  logger.info({ transport: sms.kind }, sms.kind === 'vonage' ? 'sms: sending through Vonage' : `sms: writing .txt files to ${sms.dir}`);
  return {
    async stop() {
      hosts?.stop();
      await Promise.all([purge.stop(), reconciler?.stop(), mailWorker.stop(), smsWorker.stop()]);
    },
  };
}

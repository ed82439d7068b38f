// The mail worker of one shop process (started by src/server/serve.ts): it takes due messages from the queue in the
// database, at most LIMITS.mail.concurrency at a time, and sends them through the transport. A send that fails is
// tried again after 30 s, 1 min, 2 min, … (doubling, at most an hour; MAIL_RETRY_BASE_MS) until
// LIMITS.mail.maxAttempts, then marked failed and logged at error level. Each send is bounded in time
// (MAIL_SEND_TIMEOUT_MS). The worker runs when storage reports a commit that queued mail, and otherwise every
// MAIL_POLL_MS, so nothing is ever sent inside the request that queued it. Several processes on one database each
// run a worker: a claimed message is leased to one of them.
import type { Storage } from '../storage/types.ts';
import type { Limits } from '../runtime/limits.ts';
import { onMailQueued, StorageUnavailableError } from '../storage/index.ts';
import type { MailTransport } from './transport.ts';

type Log = {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
};

export type MailWorker = {
  /** Looks for due messages now (after a commit that queued one). */
  wake(): void;
  /** Stops polling and waits for the sends in flight (at most the send time-out). */
  stop(): Promise<void>;
};

/** The wait before attempt `attempts + 1`, after `attempts` failed ones: base, 2 × base, 4 × base, … at most `max`. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`send took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function startMailWorker(options: {
  /** The queue this worker sends (MAIL_QUEUE). */
  queue: string;
  storage: Storage;
  transport: MailTransport;
  limits: Limits['mail'];
  log: Log;
  now: () => Date;
  /** What the log lines call a message: 'mail' (default), or 'sms' for the SMS queue's worker. */
  label?: string;
}): MailWorker {
  const { queue, storage, transport, limits, log, now } = options;
  const label = options.label ?? 'mail';
  let inFlight = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function sendOne(mail: Awaited<ReturnType<Storage['claimMail']>>[number]): Promise<void> {
    const started = Date.now();
    const keepUntil = () => new Date(now().getTime() + limits.keepMs);
    try {
      const where = await withTimeout(transport.send(mail.id, mail.message), limits.sendTimeoutMs);
      await storage.finishMail(mail.id, { sent: true }, now(), keepUntil());
      log.info(
        { mailId: mail.id, template: mail.template, attempt: mail.attempts, ms: Date.now() - started, transport: transport.kind, where },
        transport.kind === 'outbox' ? `${label} written to ${where}` : `${label} sent`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const last = mail.attempts >= limits.maxAttempts;
      const retryAt = last ? null : new Date(now().getTime() + retryDelayMs(mail.attempts, limits.retryBaseMs, limits.retryMaxMs));
      await storage
        .finishMail(mail.id, { sent: false, error: reason, retryAt }, now(), keepUntil())
        .catch((finishError: unknown) => log.error({ err: finishError, mailId: mail.id }, 'recording a failed send failed'));
      if (last) log.error({ mailId: mail.id, template: mail.template, attempts: mail.attempts, reason }, `${label} failed for good`);
      else
        log.warn(
          { mailId: mail.id, template: mail.template, attempt: mail.attempts, retryAt, reason },
          `${label} send failed; retrying later`,
        );
    }
  }

  /** Claims and sends until nothing is due, never more than `concurrency` at once. */
  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const free = limits.concurrency - inFlight;
        if (free <= 0) break;
        const at = now();
        const claimed = await storage.claimMail(queue, at, free, new Date(at.getTime() + limits.leaseMs));
        if (claimed.length === 0) break;
        await Promise.all(
          claimed.map(async (mail) => {
            inFlight++;
            try {
              await sendOne(mail);
            } finally {
              inFlight--;
            }
          }),
        );
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      // An unusable storage is logged once by the storage layer, not here every poll.
      .catch((error: unknown) => {
        if (!(error instanceof StorageUnavailableError)) log.error({ err: error }, `${label} worker: reading the queue failed`);
      })
      .finally(() => {
        running = null;
      });
  }

  const poll = setInterval(wake, limits.pollMs);
  poll.unref();
  const unsubscribe = onMailQueued(wake);
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      unsubscribe();
      await running;
      transport.close();
    },
  };
}

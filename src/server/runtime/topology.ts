// How this process stands among the shop's instances: how many processes `npm start` runs on this machine
// (SHOP_PROCESSES, passed to each of them by scripts/start.ts, with SHOP_INSTANCE, its number among them), an id that
// names this process among all instances, whether state must be shared through the database (several processes here,
// or PostgreSQL, which several machines may share) or may stay in this process's memory (one process on SQLite), and
// whether this instance is draining (leaving: a SIGTERM came, src/server/serve.ts; GET /api/system-health/ready/
// answers 503 from then on so that a load balancer stops sending to it).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

type Env = Record<string, string | undefined>;

/** The number of server processes on this machine (SHOP_PROCESSES, at least 1). */
export function processCount(env: Env = process.env): number {
  const raw = Number(env.SHOP_PROCESSES);
  return Number.isInteger(raw) && raw > 1 ? raw : 1;
}

/** This process's number among the processes of this machine (SHOP_INSTANCE, 1 to processCount(); 1 alone). */
export function instanceNumber(env: Env = process.env): number {
  const raw = Number(env.SHOP_INSTANCE);
  return Number.isInteger(raw) && raw >= 1 ? raw : 1;
}

// On globalThis: the Astro build carries its own copy of this module, and both copies must name the same process
// and see the same draining state.
type Shared = { id?: string; draining?: boolean };
const shared: Shared = ((globalThis as { __keukenhuysInstance?: Shared }).__keukenhuysInstance ??= {});

/** Unique among all instances of all machines: host, process id and a random part (a restarted process is new). */
export function instanceId(): string {
  shared.id ??= `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return shared.id;
}

/**
 * The shop's name in its database (MAIL_QUEUE, default `shop`): its mail queue, and the prefix of its shared counters
 * and chat events, so that two shops, or the API tests' servers, can share one database. The same on every instance.
 */
export function shopName(env: Env = process.env): string {
  const name = env.MAIL_QUEUE?.trim() || 'shop';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new Error(`MAIL_QUEUE must be 1 to 64 letters, digits, - or _, got "${name}"`);
  return name;
}

/** Whether chat, counters, revocations and jobs must go through the database rather than this process's memory. */
export function sharedState(env: Env = process.env): boolean {
  return processCount(env) > 1 || Boolean(env.DATABASE_URL?.trim());
}

/** From now on this instance is leaving: readiness answers 503 and every answer ends its connection. */
export function startDraining(): void {
  shared.draining = true;
}

/** Whether this instance is draining (startDraining was called). */
export function isDraining(): boolean {
  return shared.draining === true;
}

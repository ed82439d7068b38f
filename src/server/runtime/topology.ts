// How this process stands among the shop's instances: how many processes `npm start` runs on this machine
// (SHOP_PROCESSES, passed to each of them by scripts/start.ts), an id that names this process among all instances,
// and whether state must be shared through the database (several processes here, or PostgreSQL, which several
// machines may share) or may stay in this process's memory (one process on SQLite).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

type Env = Record<string, string | undefined>;

/** The number of server processes on this machine (SHOP_PROCESSES, at least 1). */
export function processCount(env: Env = process.env): number {
  const raw = Number(env.SHOP_PROCESSES);
  return Number.isInteger(raw) && raw > 1 ? raw : 1;
}

let id: string | null = null;
/** Unique among all instances of all machines: host, process id and a random part (a restarted process is new). */
export function instanceId(): string {
  id ??= `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return id;
}

/** Whether chat, counters, revocations and jobs must go through the database rather than this process's memory. */
export function sharedState(env: Env = process.env): boolean {
  return processCount(env) > 1 || Boolean(env.DATABASE_URL?.trim());
}

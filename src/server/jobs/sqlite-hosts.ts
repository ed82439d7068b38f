// SQLite serves the processes of one machine; several machines need PostgreSQL (DATABASE_URL). A data directory on a
// network disk would let two machines open one SQLite file, with broken locking and lost writes as the likely end.
// So each SQLite instance records its host name in the database (presence `sqlite-hosts`, renewed every 20 s, valid for
// 60 s); when more than one host is recorded, it warns at start and whenever it sees another host appear.
import { hostname } from 'node:os';
import { logger } from '../runtime/log.ts';
import type { Coordination } from '../storage/coordination.ts';
import { StorageUnavailableError } from '../storage/index.ts';

const KEY = 'sqlite-hosts';
const RENEW_MS = 20_000;
const VALID_MS = 60_000;

const SEVERAL_HOSTS_WARNING =
  'another machine uses this SQLite database (its data directory is shared, e.g. on a network disk): SQLite serves one ' +
  'machine only, and several machines must share PostgreSQL (DATABASE_URL)';

/** Records this host every 20 s and warns when another one is recorded; stop() ends it. */
export function watchSqliteHosts(store: Pick<Coordination, 'setPresence' | 'presence'>, host = hostname().slice(0, 200)): { stop(): void } {
  let warned = false;
  const check = async () => {
    try {
      await store.setPresence(KEY, host, 1, Date.now() + VALID_MS);
      const { holders } = await store.presence(KEY, Date.now());
      if (holders > 1 && !warned) logger.warn({ hosts: holders, host }, SEVERAL_HOSTS_WARNING);
      warned = holders > 1;
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) logger.error({ err: error }, 'recording this host in the SQLite database failed');
    }
  };
  void check();
  const timer = setInterval(() => void check(), RENEW_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

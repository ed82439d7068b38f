// Storage that cannot be used right now (a full or read-only disk, a data directory that cannot be opened, a
// database that is locked for too long or cannot be reached) is one error, whatever the backend: the API answers
// it with 503 and Retry-After instead of a generic 500, and the log says so once, not once per request.

export class StorageUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, cause: unknown) {
    super(`storage unavailable: ${reason}`, { cause });
    this.name = 'StorageUnavailableError';
    this.reason = reason;
  }
}

// Primary result codes (the low byte of an extended code) of node:sqlite's errors.
const SQLITE_UNAVAILABLE: Readonly<Record<number, string>> = {
  5: 'SQLITE_BUSY (locked by another process for longer than the busy time-out)',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY (read-only database or data directory)',
  10: 'SQLITE_IOERR (input/output error)',
  13: 'SQLITE_FULL (disk full)',
  14: 'SQLITE_CANTOPEN (the database file cannot be opened)',
};

// File-system errors of opening the data directory and the database file.
const FS_UNAVAILABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'ENOTDIR', 'EMFILE', 'ENFILE']);

// SQLSTATEs: insufficient resources (53…: disk full, out of memory, too many connections), read-only transaction,
// operator intervention (57P…: shutdown, cannot connect now), statement time-out, system errors (58…) and every
// connection exception (08…).
const POSTGRES_UNAVAILABLE = /^(?:53\d{3}|25006|57P0[1-5]|57014|58\d{3}|08\w{3})$/;
// Network errors of reaching PostgreSQL, and pg's own messages for a lost or timed-out connection (they carry no code).
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const PG_CONNECTION_MESSAGE = /^Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i;

/** The error as a StorageUnavailableError when it means the storage cannot be used now; null otherwise. */
export function asStorageUnavailable(error: unknown): StorageUnavailableError | null {
  if (error instanceof StorageUnavailableError) return error;
  if (!error || typeof error !== 'object') return null;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
    const reason = SQLITE_UNAVAILABLE[errcode & 0xff];
    return reason ? new StorageUnavailableError(reason, error) : null;
  }
  if (typeof code === 'string') {
    if (FS_UNAVAILABLE.has(code) || NETWORK_UNAVAILABLE.has(code)) return new StorageUnavailableError(code, error);
    if (POSTGRES_UNAVAILABLE.test(code)) return new StorageUnavailableError(`PostgreSQL ${code}`, error);
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message)) return new StorageUnavailableError(message, error);
  return null;
}

// Every limit of the running shop in one place: request bodies, the HTTP server's time-outs and connection caps,
// the memory of the in-process caches (in bytes), how long storage may wait, how much one guest token and one client
// address may create per time window, how many bytes of the server log they may fill per minute, and which proxies
// are trusted for the client address. Each can be changed through the environment (docs/api.md "Limits and
// security"); a malformed value stops the server at start instead of running with a limit nobody chose.
import { z } from 'zod';

type Env = Record<string, string | undefined>;

const KB = 1024;
const MB = 1024 * KB;

/** Whole number from the environment, within [min, max]; the default when unset or empty. */
function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const parsed = z.coerce.number().int().min(min).max(max).safeParse(raw);
  if (!parsed.success) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return parsed.data;
}

type ServerLimits = {
  /** Time to receive all request headers (node:http headersTimeout). */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included (src/server/http/body-deadline.ts; node:http's requestTimeout for
   *  requests without a body). */
  requestTimeoutMs: number;
  /** Time to receive a streamed upload (the routes of STREAMED_BODY in gate.ts): 25 MB from a slow phone connection. */
  uploadTimeoutMs: number;
  /** How long an idle keep-alive connection waits for the next request. */
  keepAliveTimeoutMs: number;
  /** A socket without any traffic in either direction for this long is closed (a stalled reader or writer). */
  socketTimeoutMs: number;
  /** Connections open at once; further ones are closed at once. */
  maxConnections: number;
  /** Request headers per request (node:http maxHeadersCount); the total header size is capped separately. */
  maxHeadersCount: number;
  maxHeaderBytes: number;
  /** After an answer that leaves part of the body unread: how long, and how many bytes, are read and thrown away
   *  before the socket is closed, so the client can read the answer instead of getting a reset. */
  lingerMs: number;
  lingerBytes: number;
};

type BodyLimits = {
  /** JSON bodies of /api/** (the gate, src/server/http/body.ts). */
  apiBytes: number;
  /** Bodies of requests that reach the pages (the test payment page's form is the only one that is read). */
  pageFormBytes: number;
  /** Search requests (multi_search, single documents, aliases) on /typesense/**. */
  searchBytes: number;
  /** Document imports (JSON lines) on /typesense/collections/{name}/documents/import. */
  searchImportBytes: number;
};

type CacheLimits = {
  /** Rendered cart answers kept for GET of an unchanged cart (src/server/cart/handlers.ts). */
  renderedCartBytes: number;
  /** Tokens already verified (src/server/http/tokens.ts). */
  verifiedTokenBytes: number;
  /** Windows of the rate limiters (per token and per address). */
  rateLimitBytes: number;
  /** Delivery calendars of the current minute, per stock combination (src/server/cart/items.ts). */
  deliveryCalendarBytes: number;
};

type StorageLimits = {
  /** SQLite: how long a write waits for another process's write lock before the storage counts as unavailable. */
  busyTimeoutMs: number;
  /** PostgreSQL: how long to wait for a connection (new or from the pool of 10). */
  connectTimeoutMs: number;
  /** PostgreSQL: the longest one statement may run (statement_timeout). */
  statementTimeoutMs: number;
};

type MailLimits = {
  /** Messages sent at once by the worker of one process. */
  concurrency: number;
  /** How often the worker looks for due messages when nothing woke it. */
  pollMs: number;
  /** Attempts per message; after the last failed one it is marked failed and logged. */
  maxAttempts: number;
  /** Wait before the second attempt; doubled for each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** The longest one send may take (connecting, greeting, writing) before it counts as failed. */
  sendTimeoutMs: number;
  /** A claimed message another worker may take over after this (its process died while sending). */
  leaseMs: number;
  /** The largest rendered message (subject, text, HTML and headers together). */
  maxMessageBytes: number;
  /** How long sent and failed messages are kept before purgeExpired removes them. */
  keepMs: number;
};

/** What may be created per window: per guest token (its subject) and per client address. */
type Quota = { perToken: number; perAddress: number; windowMs: number };

export const QUOTA_KINDS = ['carts', 'quotes', 'uploads', 'forms', 'newsletter', 'logger', 'chats'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

const HOUR = 3_600_000;

/**
 * Generous for a real shopper (who makes one cart per order, a few quotes and forms with up to five files), tight
 * for a script. The per-address numbers allow for many shoppers behind one office or mobile-carrier address.
 */
const DEFAULT_QUOTAS: Readonly<Record<QuotaKind, Quota>> = {
  carts: { perToken: 30, perAddress: 300, windowMs: HOUR },
  quotes: { perToken: 20, perAddress: 200, windowMs: HOUR },
  uploads: { perToken: 50, perAddress: 500, windowMs: HOUR },
  forms: { perToken: 20, perAddress: 200, windowMs: HOUR },
  newsletter: { perToken: 10, perAddress: 100, windowMs: HOUR },
  logger: { perToken: 30, perAddress: 300, windowMs: 10_000 },
  // Live-chat conversations started (src/server/chat/): a shopper needs a few a day, a script many.
  chats: { perToken: 10, perAddress: 100, windowMs: 24 * HOUR },
};

const quotaEntry = /^(\w+)=(\d{1,9})\/(\d{1,9})(?:\/(\d{1,7}))?$/;

/**
 * SHOP_QUOTAS overrides some quotas: `kind=perToken/perAddress[/windowSeconds]`, comma-separated, e.g.
 * `carts=10/100,logger=60/600/10`. Kinds not named keep their defaults.
 */
export function parseQuotas(raw: string | undefined): Record<QuotaKind, Quota> {
  const quotas = { ...DEFAULT_QUOTAS };
  for (const part of (raw ?? '').split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const match = quotaEntry.exec(entry);
    const kind = match?.[1] as QuotaKind | undefined;
    if (!match || !kind || !QUOTA_KINDS.includes(kind))
      throw new Error(`SHOP_QUOTAS: "${entry}" is not kind=perToken/perAddress[/windowSeconds] with kind one of ${QUOTA_KINDS.join(', ')}`);
    const windowSeconds = match[4] === undefined ? quotas[kind].windowMs / 1000 : Number(match[4]);
    if (windowSeconds < 1) throw new Error(`SHOP_QUOTAS: the window of ${kind} must be at least 1 second`);
    quotas[kind] = { perToken: Number(match[2]), perAddress: Number(match[3]), windowMs: windowSeconds * 1000 };
  }
  return quotas;
}

/** Failed "Mijn keuken" logins allowed per window, per order number and per client address (KITCHEN_LOGIN_ATTEMPTS). */
type KitchenLoginLimits = { perOrderNumber: number; perAddress: number; windowMs: number };

/** KITCHEN_LOGIN_ATTEMPTS: `perOrderNumber/perAddress[/windowSeconds]`, e.g. `9/30/900` (the default). */
function parseKitchenLoginLimits(raw: string | undefined): KitchenLoginLimits {
  const fallback = { perOrderNumber: 9, perAddress: 30, windowMs: 15 * 60_000 };
  if (!raw?.trim()) return fallback;
  const match = /^(\d{1,6})\/(\d{1,6})(?:\/(\d{1,6}))?$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1 || match[3] === '0')
    throw new Error(`KITCHEN_LOGIN_ATTEMPTS must be perOrderNumber/perAddress[/windowSeconds] with numbers of at least 1, got "${raw}"`);
  return {
    perOrderNumber: Number(match[1]),
    perAddress: Number(match[2]),
    windowMs: match[3] === undefined ? fallback.windowMs : Number(match[3]) * 1000,
  };
}

type StaffLoginLimits = { perAccount: number; perAddress: number; lockMs: number };

/** STAFF_LOGIN_ATTEMPTS: `perAccount/perAddress[/lockSeconds]`, e.g. `5/30/900` (the default). */
function parseStaffLoginLimits(raw: string | undefined): StaffLoginLimits {
  const fallback = { perAccount: 5, perAddress: 30, lockMs: 15 * 60_000 };
  if (!raw?.trim()) return fallback;
  const match = /^(\d{1,6})\/(\d{1,6})(?:\/(\d{1,6}))?$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1 || match[3] === '0')
    throw new Error(`STAFF_LOGIN_ATTEMPTS must be perAccount/perAddress[/lockSeconds] with numbers of at least 1, got "${raw}"`);
  return {
    perAccount: Number(match[1]),
    perAddress: Number(match[2]),
    lockMs: match[3] === undefined ? fallback.lockMs : Number(match[3]) * 1000,
  };
}

type StaffSessionLimits = { idleMs: number; maxMs: number };

/** The live chat (docs/chat.md): what one message, one conversation and the event streams may take. */
type ChatLimits = {
  /** Characters of one message (the shopper's and the staff member's). */
  messageChars: number;
  /** Messages in one conversation; then the shopper is asked to start a new chat (422). */
  maxMessages: number;
  /** A shopper's messages per conversation per minute (429 with Retry-After beyond it). */
  messagesPerMinute: number;
  /** Event streams open at once per token, per client address, and in the whole process. */
  streamsPerToken: number;
  streamsPerAddress: number;
  streamsTotal: number;
  /** A comment line on every open stream this often, so proxies and the socket time-out see traffic. */
  heartbeatMs: number;
  /** A stream is closed after this; the client reconnects with Last-Event-ID and misses nothing. */
  maxStreamMs: number;
  /** The reconnection delay the stream suggests (`retry:`). */
  retryMs: number;
  /** Staff count as online this long after their last staff stream closed (a reconnect, a page change;
   *  CHAT_STAFF_GRACE_MS). */
  staffGraceMs: number;
  /** A staff member's open stream checks this often that their session still holds, and ends once it does not. */
  sessionCheckMs: number;
  /** Open conversations the back office lists at most. */
  listLimit: number;
};

/** The server log's budget for what clients make it write (src/server/http/log-budget.ts, docs/api.md "Logger"). */
type LogBudget = { perTokenBytes: number; perAddressBytes: number; windowMs: number; entryBytes: number };

/** LOG_BUDGET_BYTES: `perToken/perAddress` bytes per minute, e.g. `32768/131072` (the default). */
export function parseLogBudget(raw: string | undefined, entryBytes: number): LogBudget {
  const fallback = { perTokenBytes: 32 * KB, perAddressBytes: 128 * KB, windowMs: 60_000, entryBytes };
  if (!raw?.trim()) return fallback;
  const match = /^(\d{1,10})\/(\d{1,10})$/.exec(raw.trim());
  if (!match || Number(match[1]) < entryBytes || Number(match[2]) < entryBytes)
    throw new Error(
      `LOG_BUDGET_BYTES must be perToken/perAddress bytes per minute, each at least LOG_ENTRY_MAX_BYTES (${entryBytes}), got "${raw}"`,
    );
  return { ...fallback, perTokenBytes: Number(match[1]), perAddressBytes: Number(match[2]) };
}

export type Limits = {
  server: ServerLimits;
  body: BodyLimits;
  cache: CacheLimits;
  storage: StorageLimits;
  quotas: Record<QuotaKind, Quota>;
  logBudget: LogBudget;
  mail: MailLimits;
  kitchenLogin: KitchenLoginLimits;
  /** Failed staff logins before an account (or an unknown address) is locked, per client address, and for how long. */
  staffLogin: StaffLoginLimits;
  /** A staff session ends after `idleMs` without use (each use renews it) and `maxMs` after the login at the latest. */
  staffSession: StaffSessionLimits;
  chat: ChatLimits;
  /** How many proxies in front of the shop append to X-Forwarded-For; 0: the socket's address is the client's. */
  trustProxy: number;
};

export function readLimits(env: Env = process.env): Limits {
  const requestTimeoutMs = integer(env, 'SERVER_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000);
  const headersTimeoutMs = integer(env, 'SERVER_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  // node:http refuses a headers time-out longer than the request time-out.
  if (headersTimeoutMs > requestTimeoutMs) throw new Error('SERVER_HEADERS_TIMEOUT_MS must not exceed SERVER_REQUEST_TIMEOUT_MS');
  const trustProxy = env.TRUST_PROXY?.trim().toLowerCase();
  const sendTimeoutMs = integer(env, 'MAIL_SEND_TIMEOUT_MS', 30_000, 100, 600_000);
  return {
    server: {
      headersTimeoutMs,
      requestTimeoutMs,
      uploadTimeoutMs: Math.max(requestTimeoutMs, integer(env, 'SERVER_UPLOAD_TIMEOUT_MS', 300_000, 1_000, 3_600_000)),
      keepAliveTimeoutMs: integer(env, 'SERVER_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
      socketTimeoutMs: integer(env, 'SERVER_SOCKET_TIMEOUT_MS', 60_000, 100, 3_600_000),
      maxConnections: integer(env, 'SERVER_MAX_CONNECTIONS', 1_000, 1, 1_000_000),
      maxHeadersCount: 100,
      maxHeaderBytes: 16 * KB,
      lingerMs: 2_000,
      lingerBytes: 4 * MB,
    },
    body: {
      apiBytes: 64 * KB,
      pageFormBytes: 16 * KB,
      searchBytes: 64 * KB,
      searchImportBytes: integer(env, 'SEARCH_IMPORT_MAX_BYTES', 32 * MB, 64 * KB, 1024 * MB),
    },
    cache: {
      renderedCartBytes: integer(env, 'CART_CACHE_BYTES', 32 * MB, 0, 4096 * MB),
      verifiedTokenBytes: 8 * MB,
      rateLimitBytes: 16 * MB,
      deliveryCalendarBytes: 8 * MB,
    },
    storage: {
      busyTimeoutMs: integer(env, 'SQLITE_BUSY_TIMEOUT_MS', 5_000, 0, 600_000),
      connectTimeoutMs: integer(env, 'PG_CONNECT_TIMEOUT_MS', 5_000, 100, 600_000),
      statementTimeoutMs: integer(env, 'PG_STATEMENT_TIMEOUT_MS', 15_000, 100, 600_000),
    },
    quotas: parseQuotas(env.SHOP_QUOTAS),
    logBudget: parseLogBudget(env.LOG_BUDGET_BYTES, integer(env, 'LOG_ENTRY_MAX_BYTES', 2 * KB, 512, 16 * KB)),
    mail: {
      concurrency: integer(env, 'MAIL_CONCURRENCY', 4, 1, 64),
      pollMs: integer(env, 'MAIL_POLL_MS', 1_000, 10, 600_000),
      maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 50),
      retryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 30_000, 10, 3_600_000),
      retryMaxMs: 3_600_000,
      sendTimeoutMs,
      // Well beyond one send, so a slow send is never taken over while it is still running.
      leaseMs: Math.max(5 * 60_000, 2 * sendTimeoutMs),
      maxMessageBytes: 512 * KB,
      keepMs: 30 * 24 * HOUR,
    },
    kitchenLogin: parseKitchenLoginLimits(env.KITCHEN_LOGIN_ATTEMPTS),
    staffLogin: parseStaffLoginLimits(env.STAFF_LOGIN_ATTEMPTS),
    staffSession: {
      idleMs: integer(env, 'STAFF_SESSION_IDLE_SECONDS', 30 * 60, 10, 24 * 3600) * 1000,
      maxMs: 10 * HOUR,
    },
    chat: {
      messageChars: 1000,
      maxMessages: 200,
      messagesPerMinute: 10,
      streamsPerToken: 3,
      streamsPerAddress: 6,
      streamsTotal: 500,
      // Well inside the socket time-out (SERVER_SOCKET_TIMEOUT_MS), which closes a connection without traffic.
      heartbeatMs: Math.max(50, Math.min(20_000, Math.floor(integer(env, 'SERVER_SOCKET_TIMEOUT_MS', 60_000, 100, 3_600_000) / 3))),
      maxStreamMs: 10 * 60_000,
      retryMs: 3_000,
      staffGraceMs: integer(env, 'CHAT_STAFF_GRACE_MS', 60_000, 0, 3_600_000),
      sessionCheckMs: integer(env, 'CHAT_SESSION_CHECK_MS', 30_000, 100, 600_000),
      listLimit: 100,
    },
    trustProxy: trustProxy === 'true' ? 1 : trustProxy === 'false' ? 0 : integer(env, 'TRUST_PROXY', 0, 0, 10),
  };
}

/** The limits of this process, read from its environment once. */
export const LIMITS: Limits = readLimits();

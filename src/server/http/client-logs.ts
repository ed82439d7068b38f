// POST /api/logger/ (SPEC §7): the browser's log entries, in batches of at most 25, written to the server log.
// Rate-limited per token subject and per client address (src/server/http/quotas.ts, quota 'logger'), and within the
// log's byte budget (log-budget.ts): each entry is cut to LOG_ENTRY_MAX_BYTES (log-entry-cut.ts), and entries beyond
// the bytes per minute of the token or the address are dropped and counted, not written.
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import type { Handler } from './context.ts';
import { json } from './reply.ts';
import { LIMITS } from '../runtime/limits.ts';
import { logger } from '../runtime/log.ts';
import { spendLogBudget } from './log-budget.ts';
import { cutEntry } from './log-entry-cut.ts';
import { checkQuota } from './quotas.ts';
import { parseOr422 } from './validation.ts';

const MAX_LOG_ENTRIES = 25;

const severities = ['debug', 'info', 'log', 'warn', 'warning', 'error', 'fatal', 'critical'] as const;
const levelOf: Record<(typeof severities)[number], 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  debug: 'debug',
  info: 'info',
  log: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  fatal: 'fatal',
  critical: 'fatal',
};

const entrySchema = z.object({
  message: z.string().min(1).max(4000),
  payload: z.unknown().optional(),
  timestamp: z.union([z.string().max(40), z.number().int().nonnegative().max(1e14)]),
  severity: z.enum(severities),
});
const batchSchema = z.array(entrySchema).max(MAX_LOG_ENTRIES);

const clientLog = logger.child({ source: 'browser' });

export const postLogs: Handler = async (request) => {
  await checkQuota('logger', request);
  if (!Array.isArray(request.body))
    throw new ApiError(422, 'Stuur de logberichten als lijst.', [{ field: '', errorMessage: 'Verwacht een lijst van logberichten.' }]);
  if (request.body.length > MAX_LOG_ENTRIES)
    throw new ApiError(422, `Stuur maximaal ${MAX_LOG_ENTRIES} logberichten tegelijk.`, [
      { field: '', errorMessage: `Maximaal ${MAX_LOG_ENTRIES} logberichten per keer.` },
    ]);
  const entries = parseOr422(batchSchema, request.body, 'Niet alle logberichten zijn geldig.');
  const userAgent = request.headers.get('user-agent') ?? undefined;
  const cut = entries.map((entry) =>
    cutEntry(
      { message: entry.message, payload: entry.payload, timestamp: entry.timestamp, sub: request.auth?.sub, userAgent },
      LIMITS.logBudget.entryBytes,
    ),
  );
  const fitting = await spendLogBudget(
    { sub: request.auth?.sub, clientAddress: request.clientAddress },
    cut.map((entry) => entry.cost),
  );
  for (let i = 0; i < fitting; i++) clientLog[levelOf[entries[i]!.severity]](cut[i]!.fields, cut[i]!.message);
  return json({ accepted: entries.length });
};

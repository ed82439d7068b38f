// POST /api/logger/ (SPEC §7): the browser's log entries, in batches of at most 25, written to the server log.
// Rate-limited per token subject (or per address without a token).
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { now } from '../clock.ts';
import type { Handler } from '../context.ts';
import { errorResponse, json } from '../http.ts';
import { logger } from '../log.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { parseOr422 } from '../validation.ts';

const MAX_LOG_ENTRIES = 25;
const LOG_RATE_LIMIT = { requests: 30, windowMs: 10_000 };

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

const limiter = createRateLimiter(LOG_RATE_LIMIT.requests, LOG_RATE_LIMIT.windowMs);
const clientLog = logger.child({ source: 'browser' });

export const postLogs: Handler = (request) => {
  const key = request.auth ? `sub:${request.auth.sub}` : `ip:${request.clientAddress}`;
  const retryAfter = limiter.hit(key, now().getTime());
  if (retryAfter > 0) {
    return errorResponse(429, 'Te veel logberichten; probeer het later opnieuw.', [], { 'retry-after': String(retryAfter) });
  }
  if (!Array.isArray(request.body))
    throw new ApiError(422, 'Stuur de logberichten als lijst.', [{ field: '', errorMessage: 'Verwacht een lijst van logberichten.' }]);
  if (request.body.length > MAX_LOG_ENTRIES)
    throw new ApiError(422, `Stuur maximaal ${MAX_LOG_ENTRIES} logberichten tegelijk.`, [
      { field: '', errorMessage: `Maximaal ${MAX_LOG_ENTRIES} logberichten per keer.` },
    ]);
  const entries = parseOr422(batchSchema, request.body, 'Niet alle logberichten zijn geldig.');
  for (const entry of entries) {
    clientLog[levelOf[entry.severity]](
      {
        clientTimestamp: entry.timestamp,
        payload: entry.payload,
        sub: request.auth?.sub,
        userAgent: request.headers.get('user-agent') ?? undefined,
      },
      entry.message,
    );
  }
  return json({ accepted: entries.length });
};

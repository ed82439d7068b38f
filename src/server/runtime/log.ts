// The server log: pino, JSON lines to stdout. LOG_LEVEL sets the level ('silent' in tests).
import pino from 'pino';

export const logger = pino({
  level: process.env.LOG_LEVEL?.trim() || 'info',
  base: { service: 'keukenhuys-api' },
});

// The server log: pino, JSON lines to stdout. LOG_LEVEL sets the level ('silent' in tests). One of several processes
// of `npm start` (scripts/start.ts) adds its number (SHOP_INSTANCE) to every line.
import pino from 'pino';

const instance = Number(process.env.SHOP_INSTANCE);

export const logger = pino({
  level: process.env.LOG_LEVEL?.trim() || 'info',
  base: { service: 'keukenhuys-api', ...(Number.isInteger(instance) && instance > 0 ? { instance } : {}) },
});

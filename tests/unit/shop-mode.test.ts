// assertShopOpen (src/server/content/shop-mode.ts), the check other parts call before changing a cart: resolves while
// the shop is live, throws the 503 with Retry-After in maintenance, on this process's own SQLite storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-shop-mode-'));
process.env.SHOP_DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
const { assertShopOpen, switchShopMode } = await import('../../src/server/content/shop-mode.ts');
const { closeStorage } = await import('../../src/server/storage/index.ts');

afterAll(async () => {
  await closeStorage();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('assertShopOpen', () => {
  it('resolves while live, throws 503 with Retry-After 300 in maintenance, resolves again once live', async () => {
    await expect(assertShopOpen()).resolves.toBeUndefined();
    expect(await switchShopMode('maintenance')).toBe('maintenance');
    expect(await switchShopMode('maintenance')).toBe('maintenance');
    await expect(assertShopOpen()).rejects.toMatchObject({ code: 503, retryAfterSeconds: 300 });
    expect(await switchShopMode('live')).toBe('live');
    await expect(assertShopOpen()).resolves.toBeUndefined();
  });

  it('throws in maintenance whatever the switch says while SHOP_MODE=maintenance', async () => {
    process.env.SHOP_MODE = 'maintenance';
    try {
      await expect(assertShopOpen()).rejects.toMatchObject({ code: 503 });
    } finally {
      delete process.env.SHOP_MODE;
    }
  });
});

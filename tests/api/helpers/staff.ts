// Staff accounts for API tests, made directly in the storage of a started test server (SQLite in its data directory,
// or the shared PostgreSQL when DATABASE_URL is set), with addresses of this run's own.
import { createStaffAccount } from '../../../src/server/staff/accounts.ts';
import type { StaffAccount } from '../../../src/server/staff/staff-account.ts';
import { createStorage } from '../../../src/server/storage/index.ts';
import type { StaffRole } from '../../../src/domain/staff.ts';

export const STAFF_PASSWORD = 'keukens-verkopen-2026';

export const staffAddress = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@keukenhuys.nl`;

export async function addStaff(dataDir: string, role: StaffRole, name = 'Sanne Verkoop'): Promise<StaffAccount> {
  const storage = createStorage({ SHOP_DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL });
  try {
    await storage.migrate();
    return await createStaffAccount(
      storage,
      { email: staffAddress(role), name, role, storeId: 'keukens-den-haag', password: STAFF_PASSWORD },
      new Date(),
    );
  } finally {
    await storage.close();
  }
}

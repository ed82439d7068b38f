// A staff account as it is stored (kind 'staffAccounts'); read by the account, login and session code alike.
import type { StaffRole } from '../../domain/staff.ts';

/** The stored account; its password hash never leaves the server. */
export type StaffAccount = {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  storeId: string;
  active: boolean;
  /** scrypt, see password.ts; never leaves the server. */
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
};

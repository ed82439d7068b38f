// The roles a token can carry and the display flags (SPEC §3) each role holds. Pure data, shared by the server
// (which checks every staff tool by these) and the browser (which only shows what the server allows).
import { PERMISSION_FLAGS, type PermissionFlag, type PermissionFlags } from './permission-flags.ts';

const ROLES = ['guest', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaff(role: Role): boolean {
  return role === 'employee' || role === 'admin';
}

const flagsOf = (on: readonly PermissionFlag[]): PermissionFlags =>
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, on.includes(f)])) as PermissionFlags;

const ROLE_FLAGS: Readonly<Record<Role, Readonly<PermissionFlags>>> = {
  guest: flagsOf([]),
  // A salesperson prepares and sends quotes (issue 10), so the quote tools are theirs too; margins are for admins.
  employee: flagsOf([
    'filtersShopOnlyShow',
    'pricesShopOnlyShow',
    'shopIconsShow',
    'stockEstimatedDateShopShow',
    'shopOptionsShow',
    'quoteRequestAdminOptionsShow',
  ]),
  admin: flagsOf(PERMISSION_FLAGS),
};

/** Whether a role has a display flag (the server checks the staff tools by these, never only the UI). */
export function roleHas(role: Role, flag: PermissionFlag): boolean {
  return ROLE_FLAGS[role][flag];
}

/** The display flags of a role. */
export function flagsOfRole(role: Role): Readonly<PermissionFlags> {
  return ROLE_FLAGS[role];
}

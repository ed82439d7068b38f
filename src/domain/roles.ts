// The roles a token can carry and their Dutch names. What each role may do is decided in one place only:
// src/domain/capabilities.ts (`can(role, capability)`); nothing else compares role names.
const ROLES = ['guest', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How the back office names a role. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = { guest: 'Gast', employee: 'Medewerker', admin: 'Beheerder' };

/**
 * The console's roles, ranked: what a route may require (auth/roles.ts) and what an account row
 * holds (store/account-rows.ts).
 */
export const ROLES = ['analyst', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles are ranked: an editor may do all an analyst may, an admin all an editor may. */
export function roleAllows(have: Role, need: Role): boolean {
  return ROLES.indexOf(have) >= ROLES.indexOf(need);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

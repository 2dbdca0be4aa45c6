/** The server's roles, least powerful first: each may do all that the one before may. */
export const ROLES = ['analyst', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_LABELS: Record<Role, string> = {
  analyst: 'analista',
  editor: 'editor',
  admin: 'administrador',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The role as people read it in the console (Catalan). */
export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/** The roles an API token of this person may have: never more powerful than its owner. */
export function tokenRoleOptions(ownRole: Role): Role[] {
  return ROLES.slice(0, ROLES.indexOf(ownRole) + 1);
}

/**
 * Who may do what. Every route the server registers declares the least role it needs in its
 * route config (`config: { access: 'analyst' }`), or `'public'` for the few routes that answer
 * anyone (the site, the browser bundles, the measurement endpoints, the login). A route that
 * declares nothing needs `admin`: a forgotten declaration locks a route, never opens it.
 */
export const ROLES = ['analyst', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a route asks of its caller. */
export type Access = Role | 'public';

/** The least access a route gets when it declares none. */
export const DEFAULT_ACCESS: Access = 'admin';

/** The signed-in caller of a request, set by the auth hook before any handler runs. */
export interface Principal {
  userId: string;
  email: string;
  role: Role;
  /** A session cookie (the console) or an API token (scripts). */
  via: 'session' | 'token';
}

/** Roles are ranked: an editor may do all an analyst may, an admin all an editor may. */
export function roleAllows(have: Role, need: Role): boolean {
  return ROLES.indexOf(have) >= ROLES.indexOf(need);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

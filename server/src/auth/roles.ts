/**
 * Who may do what. Every route the server registers declares the least role it needs in its
 * route config (`config: { access: 'analyst' }`), or `'public'` for the few routes that answer
 * anyone (the site, the browser bundles, the measurement endpoints, the login). A route that
 * declares nothing needs `admin`: a forgotten declaration locks a route, never opens it.
 */
import type { Role } from '../shared/roles.js';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/**
 * The one guard in front of every route: reads the access the route declares
 * (`config.access`, DEFAULT_ACCESS when none), and for anything but 'public' needs a session
 * cookie or an API token (401), the role (403), an own Origin on cookie-authenticated changes
 * (403), a changed first password (403) except on the routes that let the user change it, and a
 * session on the routes that change accounts (403 to a token). Whatever it lets through is
 * answered with `Cache-Control: no-store`.
 */
import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { resolveToken } from './api-tokens.js';
import type { AuthContext, Authenticated } from './auth-context.js';
import { isStateChanging, originAllowed } from './origin-check.js';
import { DEFAULT_ACCESS, type Access, type Principal } from './roles.js';
import { roleAllows } from '../shared/roles.js';
import { sessionSecretFrom } from './session-cookie.js';
import { resolveSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a user who must still change their first password (GET /api/me, the change itself, sign-out). */
    passwordChangeAllowed?: boolean;
    /**
     * Only a signed-in session may call the route, never an API token: making or revoking tokens
     * and changing passwords, roles or users. A token that could make tokens could make itself
     * one above its own role; one that could change users could make itself an admin.
     */
    sessionOnly?: boolean;
    /** A public route whose answers no cache may keep (the sign-in's); signed-in answers never are kept. */
    noStore?: boolean;
  }
}

/** A route as the server registered it, with the access it declared (for the test that no route is left open). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;
const authenticatedRequests = new WeakMap<FastifyRequest, Authenticated>();

/** The user the guard let through; only on routes that are not public. */
export function authenticatedOf(request: FastifyRequest): Authenticated {
  const found = authenticatedRequests.get(request);
  if (!found) throw new HttpError(ERRORS.unauthenticated, 'sign in first');
  return found;
}

async function authenticate(context: AuthContext, request: FastifyRequest): Promise<{ principal: Principal; authenticated: Authenticated } | undefined> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const secret = BEARER.exec(authorization)?.[1];
    const found = secret === undefined ? undefined : await resolveToken(context, secret);
    if (!found) return undefined;
    const { user, role } = found;
    return { principal: { userId: user.id, email: user.email, role, via: 'token' }, authenticated: { user } };
  }
  const secret = sessionSecretFrom(request.headers.cookie);
  const session = secret === undefined ? undefined : await resolveSession(context, secret);
  if (!session) return undefined;
  const { user } = session;
  return {
    principal: { userId: user.id, email: user.email, role: user.role, via: 'session' },
    authenticated: { user, sessionSecretHash: session.secretHash },
  };
}

async function guard(context: AuthContext, request: FastifyRequest): Promise<void> {
  // Unknown paths go to the not-found handler, which serves only the apps' static shells or a 404.
  if (request.is404) return;
  const config = request.routeOptions.config;
  const access = config.access ?? DEFAULT_ACCESS;
  if (access === 'public') return;
  const found = await authenticate(context, request);
  if (!found) throw new HttpError(ERRORS.unauthenticated, 'sign in or send an API token (Authorization: Bearer …)');
  const { principal, authenticated } = found;
  if (principal.via === 'session' && isStateChanging(request.method) && !originAllowed(request.headers.origin, context.origins)) {
    throw new HttpError(ERRORS.forbidden, 'a signed-in change must come from the console (its Origin)');
  }
  if (authenticated.user.mustChangePassword && !config.passwordChangeAllowed) {
    throw new HttpError(ERRORS.passwordChangeRequired, 'change the first password first (POST /api/me/password)');
  }
  if (config.sessionOnly && principal.via !== 'session') {
    throw new HttpError(ERRORS.forbidden, 'only a signed-in session may do this, not an API token: sign in to the console');
  }
  if (!roleAllows(principal.role, access)) throw new HttpError(ERRORS.forbidden, `this needs the ${access} role; you have ${principal.role}`);
  request.principal = principal;
  authenticatedRequests.set(request, authenticated);
}

/**
 * Installs the guard (and the no-store of the answers it let through) and records every route
 * registered after it (so call it before any route). onRequest runs before the collectors' own
 * onRequest hooks hijack their replies, and those routes are public.
 */
export function installAuthGuard(app: FastifyInstance, context: AuthContext): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: a plugin's own onRoute hook, which runs after this one, may still declare it.
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access ?? DEFAULT_ACCESS;
        },
      });
    }
  });
  app.addHook('onRequest', async (request) => guard(context, request));
  // A signed-in answer is one person's (their reports, users, tokens): no browser or shared cache
  // may keep it, errors included. Set as it is sent, after the handler, so no handler loosens it.
  app.addHook('onSend', async (request, reply) => {
    if (authenticatedRequests.has(request) || request.routeOptions.config.noStore) reply.header('Cache-Control', 'no-store');
  });
  return routes;
}

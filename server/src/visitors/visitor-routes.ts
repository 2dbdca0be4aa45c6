/**
 * The site's login module (spec §3 "Login status", §4 Login): visitors create an account, sign in
 * and out, and keep "La meva llista". Public routes (the site's visitors have no staff account);
 * every change must come from a site origin and is rate-limited per address; failed sign-ins are
 * slowed per email and per address as the console's are.
 *
 * Sign-up and its confirmation by mail are sign-up-routes.ts; an account signs in only once
 * confirmed. A forgotten password is reset by a mailed link (password-reset-routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseEmail } from '../auth/account-rules.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { unknownUserHash, verifyPassword } from '../auth/password.js';
import { newSecret, secretHash } from '../auth/secret.js';
import { addressLimiter, requireSiteOrigin } from '../engagement/request-guards.js';
import type { Cors } from '../http/cors.js';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { signedInCookies, signedOutCookies, visitorSecretFrom } from './visitor-cookies.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import { signUpRoutes } from './sign-up-routes.js';
import { ACCOUNT_CHANGES_BURST, ACCOUNT_CHANGES_PER_S, VISITOR_SESSION_IDLE_MS } from './visitor-limits.js';
import type { ListItemType, VisitorStore } from '../store/visitor-store.js';

export interface VisitorRouteOptions {
  store: VisitorStore;
  cors: Cors;
  /** Cookies get `Secure` when the site is served over https. */
  secureCookies: boolean;
  /** Sends the sign-up and password-reset mails (mail/mailer.ts). */
  mailer: Mailer;
  now: () => number;
}

const PUBLIC = { config: { access: 'public' } } as const;
const ITEM_TYPES: readonly ListItemType[] = ['article', 'episode', 'programme'];
const ITEM_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

function parseItem(params: { type: string; id: string }): { type: ListItemType; id: string } {
  if (!ITEM_TYPES.includes(params.type as ListItemType)) throw new HttpError(ERRORS.badQuery, `type must be one of ${ITEM_TYPES.join(', ')}`);
  if (!ITEM_ID_PATTERN.test(params.id)) throw new HttpError(ERRORS.badQuery, "id must be lower-case letters, digits and '-'");
  return { type: params.type as ListItemType, id: params.id };
}

export async function visitorRoutes(app: FastifyInstance, options: VisitorRouteOptions): Promise<void> {
  const { store, cors, now } = options;
  const throttle = createLoginThrottle(now);
  const limit = addressLimiter(ACCOUNT_CHANGES_PER_S, ACCOUNT_CHANGES_BURST, now);
  /** Refuses a change from outside the site or over its rate; answers the site origin it came from. */
  const change = (request: FastifyRequest): string => {
    const origin = requireSiteOrigin(request, cors);
    limit(request);
    return origin;
  };
  // Returns nothing: a Fastify reply is thenable (it settles when sent), so returning it from an
  // async function would wait for a response that this very handler has yet to send.
  const signIn = async (reply: FastifyReply, visitorId: string): Promise<void> => {
    const secret = newSecret();
    await store.startSession(secretHash(secret), visitorId, now());
    reply.header('Set-Cookie', signedInCookies(secret, visitorId, options.secureCookies));
  };
  /** The signed-in visitor's id, or 401. */
  const visitorOf = async (request: FastifyRequest): Promise<string> => {
    const secret = visitorSecretFrom(request.headers.cookie);
    const id = secret === undefined ? undefined : await store.sessionVisitor(secretHash(secret), now(), VISITOR_SESSION_IDLE_MS);
    if (id === undefined) throw new HttpError(ERRORS.unauthenticated, 'sign in first');
    return id;
  };

  await app.register(signUpRoutes, { store, change, mailer: options.mailer, now });
  await app.register(passwordResetRoutes, { store, change, mailer: options.mailer, secureCookies: options.secureCookies, now });

  app.post<{ Body: { email?: unknown; password?: unknown } }>('/api/visitor/session', PUBLIC, async (request, reply) => {
    change(request);
    const email = parseEmail(request.body?.email);
    const password = typeof request.body?.password === 'string' ? request.body.password : '';
    const waitMs = throttle.retryAfterMs(email, request.ip);
    if (waitMs > 0) {
      reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
      throw new HttpError(ERRORS.tooManyAttempts, 'too many failed sign-ins; try again later');
    }
    const account = await store.byEmail(email);
    // The same work whether or not the account exists: the answer time says nothing.
    const matches = await verifyPassword(password, account?.passwordHash ?? (await unknownUserHash()));
    if (account === undefined || !matches) {
      throttle.recordFailure(email, request.ip);
      throw new HttpError(ERRORS.unauthenticated, 'wrong email or password');
    }
    throttle.recordSuccess(email);
    // Told only to whoever knows the password: it says nothing about the address to anyone else.
    if (!account.confirmed) throw new HttpError(ERRORS.forbidden, 'confirm the account first: follow the link mailed to its address');
    await signIn(reply, account.id);
    return reply.send({ id: account.id, name: account.name });
  });

  app.delete('/api/visitor/session', PUBLIC, async (request, reply) => {
    requireSiteOrigin(request, cors);
    const secret = visitorSecretFrom(request.headers.cookie);
    if (secret !== undefined) await store.endSession(secretHash(secret));
    return reply.header('Set-Cookie', signedOutCookies(options.secureCookies)).code(204).send();
  });

  app.get('/api/visitor/me', PUBLIC, async (request, reply) => {
    const account = await store.byId(await visitorOf(request));
    if (account === undefined) throw new HttpError(ERRORS.unauthenticated, 'sign in first');
    return reply.header('Cache-Control', 'no-store').send({ id: account.id, name: account.name, email: account.email });
  });

  app.get('/api/visitor/list', PUBLIC, async (request, reply) => reply.header('Cache-Control', 'no-store').send({ items: await store.list(await visitorOf(request)) }));

  app.put<{ Params: { type: string; id: string } }>('/api/visitor/list/:type/:id', PUBLIC, async (request, reply) => {
    change(request);
    const visitor = await visitorOf(request);
    const item = parseItem(request.params);
    if ((await store.addToList(visitor, { ...item, addedAt: now() })) === 'full') throw new HttpError(ERRORS.conflict, 'the list is full; remove an item first');
    return reply.code(204).send();
  });

  app.delete<{ Params: { type: string; id: string } }>('/api/visitor/list/:type/:id', PUBLIC, async (request, reply) => {
    requireSiteOrigin(request, cors);
    const visitor = await visitorOf(request);
    const item = parseItem(request.params);
    await store.removeFromList(visitor, item.type, item.id);
    return reply.code(204).send();
  });
}

/**
 * "He oblidat la contrasenya" (spec §4 Login), registered by visitor-routes.ts:
 * 1. POST /api/visitor/password-reset {email} answers 202 {status: 'check-your-mail'} whatever the
 *    address, so it tells no one who has an account; a confirmed account's address gets the link
 *    GET /api/visitor/password-reset/link?token=… (visitor-mails.ts), which works for
 *    PASSWORD_RESET_TTL_MS; any other address gets nothing.
 * 2. The link moves the token into an HttpOnly cookie scoped to these routes and to the reset page
 *    (which a browser without JavaScript posts to) and answers 303 to that page, so the token never
 *    sits in a page's address, where the page view measuring it, the history and a referrer would
 *    carry it.
 * 3. POST /api/visitor/password-reset/new {password} sets the new password (the sign-up's rules),
 *    takes the token so the link resets once, and ends every session of the account; it signs no
 *    one in: the sign-in page then asks for the new password.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseEmail } from '../auth/account-rules.js';
import { hashPassword, passwordProblem } from '../auth/password.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { CHECK_YOUR_MAIL, confirmationTokenHash, newConfirmation } from '../mail/confirmation-token.js';
import type { Mailer } from '../mail/mailer.js';
import type { VisitorStore } from '../store/visitor-store.js';
import { PASSWORD_RESET_TTL_MS } from './visitor-limits.js';
import { passwordResetMail } from './visitor-mails.js';

export const PASSWORD_RESET_PATH = '/api/visitor/password-reset';
export const PASSWORD_RESET_LINK_PATH = `${PASSWORD_RESET_PATH}/link`;
export const PASSWORD_RESET_NEW_PATH = `${PASSWORD_RESET_PATH}/new`;
/** The site page that asks for the new password (apps/site's password-reset-page.tsx). */
export const PASSWORD_RESET_PAGE_PATH = '/entrar/nova-contrasenya/';
/** Where the link lands when its token cannot be one of ours: the page says so at once. */
const PASSWORD_RESET_PAGE_REFUSED = `${PASSWORD_RESET_PAGE_PATH}?enllac=caducat`;
/** HttpOnly, sent only to these routes; lives as long as the link works. */
export const PASSWORD_RESET_COOKIE = 'mesura_restabliment';
/** The one line a used, expired or missing link gets. */
export const RESET_LINK_REFUSED = 'this reset link has been used or has expired: ask for a new one';

export interface PasswordResetRouteDeps {
  store: VisitorStore;
  /** Refuses a change from outside the site or over the account changes' rate; answers the site origin it came from. */
  change: (request: FastifyRequest) => string;
  mailer: Mailer;
  secureCookies: boolean;
  now: () => number;
}

const PUBLIC = { config: { access: 'public' } } as const;

function resetCookie(value: string, maxAgeS: number, secure: boolean, path = PASSWORD_RESET_PATH): string {
  return `${PASSWORD_RESET_COOKIE}=${value}; Path=${path}; SameSite=Lax; Max-Age=${maxAgeS}; HttpOnly${secure ? '; Secure' : ''}`;
}

/**
 * The token's cookie for the reset routes, and the same for the reset page, where a browser
 * without JavaScript posts the new password (http/site-form-posts.ts); HttpOnly on both.
 */
function resetCookies(value: string, maxAgeS: number, secure: boolean): string[] {
  return [resetCookie(value, maxAgeS, secure), resetCookie(value, maxAgeS, secure, PASSWORD_RESET_PAGE_PATH)];
}

function resetTokenFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === PASSWORD_RESET_COOKIE) return value;
  }
  return undefined;
}

export async function passwordResetRoutes(app: FastifyInstance, deps: PasswordResetRouteDeps): Promise<void> {
  const { store, now } = deps;

  app.post<{ Body: { email?: unknown } }>(PASSWORD_RESET_PATH, PUBLIC, async (request, reply) => {
    const origin = deps.change(request);
    const email = parseEmail(request.body?.email);
    const reset = newConfirmation(now(), PASSWORD_RESET_TTL_MS);
    const account = await store.requestPasswordReset(email, reset);
    if (account !== undefined) {
      const link = new URL(PASSWORD_RESET_LINK_PATH, origin);
      link.searchParams.set('token', reset.token);
      deps.mailer.post(passwordResetMail(email, link.href));
    }
    return reply.code(202).send(CHECK_YOUR_MAIL);
  });

  // Public: followed from a mail, with no session and no Origin. It checks only the token's form:
  // the token is taken when the new password is sent.
  app.get<{ Querystring: { token?: unknown } }>(PASSWORD_RESET_LINK_PATH, PUBLIC, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (confirmationTokenHash(request.query.token) === undefined) return reply.redirect(PASSWORD_RESET_PAGE_REFUSED, 303);
    const maxAgeS = Math.floor(PASSWORD_RESET_TTL_MS / 1000);
    return reply.header('Set-Cookie', resetCookies(String(request.query.token), maxAgeS, deps.secureCookies)).redirect(PASSWORD_RESET_PAGE_PATH, 303);
  });

  app.post<{ Body: { password?: unknown } }>(PASSWORD_RESET_NEW_PATH, PUBLIC, async (request, reply) => {
    deps.change(request);
    const tokenHash = confirmationTokenHash(resetTokenFrom(request.headers.cookie));
    if (tokenHash === undefined) throw new HttpError(ERRORS.badAccount, RESET_LINK_REFUSED);
    const problem = passwordProblem(request.body?.password);
    if (problem) throw new HttpError(ERRORS.badAccount, problem);
    const passwordHash = await hashPassword(String(request.body?.password));
    if ((await store.resetPassword(tokenHash, passwordHash, now())) === undefined) throw new HttpError(ERRORS.badAccount, RESET_LINK_REFUSED);
    return reply
      .header('Set-Cookie', resetCookies('', 0, deps.secureCookies))
      .code(204)
      .send();
  });
}

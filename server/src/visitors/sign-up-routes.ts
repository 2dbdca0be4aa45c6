/**
 * A visitor account's sign-up and its confirmation (spec §4 Login), registered by
 * visitor-routes.ts. POST /api/visitor/accounts answers 202 {status: 'check-your-mail'} whatever
 * the address, so it tells no one who has an account; the address learns the rest by mail
 * (visitor-mails.ts): a new or still unconfirmed one gets the link
 * GET /api/visitor/accounts/confirm?token=…, a confirmed one a note that it has an account. The
 * link confirms once, signs no one in, and lands on the sign-in page.
 */
import { randomUUID } from 'node:crypto';
import { MAX_DISPLAY_NAME_CHARS, RETURN_PATH_PARAM, confirmationLandings, sitePaths } from '@mesura/content';
import { sameOriginPath } from '@mesura/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseEmail } from '../auth/account-rules.js';
import { hashPassword, passwordProblem } from '../auth/password.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { CHECK_YOUR_MAIL, confirmationTokenHash, newConfirmation } from '../mail/confirmation-token.js';
import type { Mailer } from '../mail/mailer.js';
import { MAX_RETURN_PATH_CHARS } from './visitor-limits.js';
import { accountExistsMail, confirmAccountMail } from './visitor-mails.js';
import type { VisitorStore } from '../store/visitor-store.js';

export const ACCOUNT_CONFIRM_PATH = '/api/visitor/accounts/confirm';

export interface SignUpRouteDeps {
  store: VisitorStore;
  /** Refuses a change from outside the site or over the account changes' rate; answers the site origin it came from. */
  change: (request: FastifyRequest) => string;
  mailer: Mailer;
  now: () => number;
}

const PUBLIC = { config: { access: 'public' } } as const;

function bad(message: string): HttpError {
  return new HttpError(ERRORS.badAccount, message);
}

function parseName(value: unknown): string {
  const name = typeof value === 'string' ? value.replace(/\p{Cc}/gu, '').trim() : '';
  if (name === '' || name.length > MAX_DISPLAY_NAME_CHARS) throw bad(`name must be 1 to ${MAX_DISPLAY_NAME_CHARS} characters`);
  return name;
}

/** The sign-up page's `torna`, carried to the sign-in page the mailed link lands on; dropped unless a short path on the site. */
function carriedReturnPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_RETURN_PATH_CHARS ? sameOriginPath(value) : undefined;
}

export async function signUpRoutes(app: FastifyInstance, deps: SignUpRouteDeps): Promise<void> {
  const { store, now } = deps;
  app.post<{ Body: { email?: unknown; name?: unknown; password?: unknown; torna?: unknown } }>('/api/visitor/accounts', PUBLIC, async (request, reply) => {
    const origin = deps.change(request);
    const email = parseEmail(request.body?.email);
    const name = parseName(request.body?.name);
    const problem = passwordProblem(request.body?.password);
    if (problem) throw bad(problem);
    // Hashed whether or not the address has an account: the answer's time says nothing either.
    const passwordHash = await hashPassword(String(request.body?.password));
    const confirmation = newConfirmation(now());
    const outcome = await store.signUp({ id: randomUUID(), email, name, passwordHash, confirmation }, now());
    if (outcome === 'full') throw new HttpError(ERRORS.storeUnavailable, 'no more accounts can be created now');
    const link = new URL(ACCOUNT_CONFIRM_PATH, origin);
    link.searchParams.set('token', confirmation.token);
    const returnPath = carriedReturnPath(request.body?.torna);
    if (returnPath !== undefined) link.searchParams.set(RETURN_PATH_PARAM, returnPath);
    deps.mailer.post(outcome === 'exists' ? accountExistsMail(email, `${origin}${sitePaths.login()}`) : confirmAccountMail(email, link.href));
    return reply.code(202).send(CHECK_YOUR_MAIL);
  });

  // Public: followed from a mail, with no session and no Origin; the token is the credential.
  // It confirms and signs no one in: the sign-in page then asks for the password.
  app.get<{ Querystring: { token?: unknown; torna?: unknown } }>(ACCOUNT_CONFIRM_PATH, PUBLIC, async (request, reply) => {
    const tokenHash = confirmationTokenHash(request.query.token);
    const confirmed = tokenHash !== undefined && (await store.confirm(tokenHash, now())) !== undefined;
    const landing = confirmationLandings.account(confirmed ? 'confirmat' : 'enllac-caducat', carriedReturnPath(request.query.torna));
    return reply.header('Cache-Control', 'no-store').redirect(landing, 303);
  });
}

/**
 * The newsletter sign-up: POST /api/engagement/newsletter {email} answers 202 {status:
 * 'check-your-mail'} whatever the address, so the form tells no one who is subscribed. The
 * address learns the rest by mail: a new (or still unconfirmed) one gets the link that confirms
 * it, GET /api/engagement/newsletter/confirm?token=…, which lands on the site's newsletter page;
 * a confirmed one is told it is subscribed already.
 */
import { MAX_EMAIL_CHARS, confirmationLandings } from '@mesura/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { CHECK_YOUR_MAIL, confirmationTokenHash, newConfirmation } from '../mail/confirmation-token.js';
import type { Mailer } from '../mail/mailer.js';
import type { EngagementStore } from '../store/engagement-store.js';
import { alreadySubscribedMail, confirmSubscriptionMail } from './newsletter-mails.js';
import type { AddressLimiter } from './request-guards.js';

export const NEWSLETTER_CONFIRM_PATH = '/api/engagement/newsletter/confirm';

// Local part without spaces, quotes or brackets; a domain of dot-separated labels. Checked only
// after the length cap, so that the pattern never runs on long input.
const EMAIL_FORMAT = /^[^\s@"<>(),;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** The address as kept (trimmed, lowercase), or undefined when it is not one. */
export function normaliseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_CHARS || !EMAIL_FORMAT.test(email)) return undefined;
  return email;
}

export interface NewsletterRouteDeps {
  store: EngagementStore;
  /** Refuses a change from outside the site; answers the site origin it came from. */
  guardChange: (request: FastifyRequest) => string;
  limit: AddressLimiter;
  mailer: Mailer;
  now: () => number;
}

export async function newsletterRoutes(app: FastifyInstance, deps: NewsletterRouteDeps): Promise<void> {
  app.post('/api/engagement/newsletter', { config: { access: 'public' } }, async (request, reply) => {
    const origin = deps.guardChange(request);
    deps.limit(request);
    const email = normaliseEmail((request.body as { email?: unknown } | null)?.email);
    if (email === undefined) throw new HttpError(ERRORS.badQuery, `email must be an e-mail address of at most ${MAX_EMAIL_CHARS} characters`);
    const confirmation = newConfirmation(deps.now());
    const outcome = await deps.store.subscribe(email, confirmation, deps.now());
    if (outcome === 'full') throw new HttpError(ERRORS.storeUnavailable, 'the newsletter takes no more sign-ups now');
    deps.mailer.post(outcome === 'exists' ? alreadySubscribedMail(email) : confirmSubscriptionMail(email, `${origin}${NEWSLETTER_CONFIRM_PATH}?token=${confirmation.token}`));
    return reply.code(202).send(CHECK_YOUR_MAIL);
  });

  // Public: followed from a mail, with no session and no Origin; the token is the credential.
  app.get<{ Querystring: { token?: unknown } }>(NEWSLETTER_CONFIRM_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const tokenHash = confirmationTokenHash(request.query.token);
    const confirmed = tokenHash !== undefined && (await deps.store.confirmSubscription(tokenHash, deps.now()));
    return reply.header('Cache-Control', 'no-store').redirect(confirmationLandings.newsletter(confirmed ? 'confirmat' : 'enllac-caducat'), 303);
  });
}

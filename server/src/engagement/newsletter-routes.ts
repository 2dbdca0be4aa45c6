/**
 * The newsletter sign-up: POST /api/engagement/newsletter {email}. Idempotent: a new address
 * answers 201 {status: 'subscribed'}, one already kept 200 {status: 'already-subscribed'}.
 */
import { MAX_EMAIL_CHARS } from '@mesura/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { EngagementStore } from './engagement-store.js';
import type { AddressLimiter } from './request-guards.js';

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
  guardChange: (request: FastifyRequest) => void;
  limit: AddressLimiter;
  now: () => number;
}

export async function newsletterRoutes(app: FastifyInstance, deps: NewsletterRouteDeps): Promise<void> {
  app.post('/api/engagement/newsletter', { config: { access: 'public' } }, async (request, reply) => {
    deps.guardChange(request);
    deps.limit(request);
    const email = normaliseEmail((request.body as { email?: unknown } | null)?.email);
    if (email === undefined) throw new HttpError(ERRORS.badQuery, `email must be an e-mail address of at most ${MAX_EMAIL_CHARS} characters`);
    const outcome = await deps.store.subscribe(email, deps.now());
    if (outcome === 'full') throw new HttpError(ERRORS.storeUnavailable, 'the newsletter takes no more sign-ups now');
    reply.code(outcome === 'stored' ? 201 : 200);
    return { status: outcome === 'stored' ? 'subscribed' : 'already-subscribed' };
  });
}

/**
 * The participation features' server side (polls, newsletter, daily quiz, watch on TV), all
 * public: the site's visitors use them without signing in. Registered by app.ts; owns its store,
 * closed with the server.
 */
import type { FastifyInstance } from 'fastify';
import type { Cors } from '../http/cors.js';
import { localDayIn } from '../local-day.js';
import type { Mailer } from '../mail/mailer.js';
import { dailyQuiz } from './daily-quiz.js';
import { ENGAGEMENT_CHANGES_BURST, ENGAGEMENT_CHANGES_PER_S, TV_CAST_ATTEMPTS_BURST, TV_CAST_ATTEMPTS_PER_S } from './engagement-limits.js';
import type { EngagementStore } from '../store/engagement-store.js';
import { newsletterRoutes } from './newsletter-routes.js';
import { pollRoutes } from './poll-routes.js';
import { addressLimiter, requireSiteOrigin } from './request-guards.js';
import { TvPairings } from './tv-pairings.js';
import { tvRoutes } from './tv-routes.js';

export interface EngagementDeps {
  /** Opens where answers and sign-ups are kept (store/metadata-store.ts: embedded, or shared by every server). */
  openStore: () => Promise<EngagementStore>;
  /** The site's origins: the only ones whose changes are accepted. */
  cors: Cors;
  /** Sends the newsletter's confirmation mails (mail/mailer.ts). */
  mailer: Mailer;
  /** The site's time zone, where the quiz's day turns. */
  timeZone: string;
  now: () => number;
}

export async function engagementRoutes(app: FastifyInstance, deps: EngagementDeps): Promise<void> {
  const { now } = deps;
  const store = await deps.openStore();
  app.addHook('onClose', () => store.close());
  const guardChange = (request: Parameters<typeof requireSiteOrigin>[0]) => requireSiteOrigin(request, deps.cors);
  const limit = addressLimiter(ENGAGEMENT_CHANGES_PER_S, ENGAGEMENT_CHANGES_BURST, now);
  await app.register(pollRoutes, { store, guardChange, limit, now });
  await app.register(newsletterRoutes, { store, guardChange, limit, mailer: deps.mailer, now });
  const limitCasts = addressLimiter(TV_CAST_ATTEMPTS_PER_S, TV_CAST_ATTEMPTS_BURST, now);
  await app.register(tvRoutes, { pairings: new TvPairings(now), guardChange, limit, limitCasts, now });
  const localDay = localDayIn(deps.timeZone);
  app.get('/api/engagement/quiz/today', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return dailyQuiz(localDay(now()));
  });
}

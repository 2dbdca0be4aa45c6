/**
 * The activities' API: `GET /api/activities`, `GET|PUT /api/activities/:id` (a PUT replaces the
 * definition, or creates the activity, and the decision server uses it from the next request),
 * `PUT /api/activities/:id/trust` (an admin's), `POST /api/activities/:id/preview` (a link showing
 * one experience, preview-link.ts), `GET /api/activities/:id/history`, and the results:
 * `GET /api/reports/activities/:id` and `GET /api/reports/activities/:id/over-time`. What a change
 * stores is decided in activity-submission.ts; whether its site goal exists, in activity-site-goal.ts. Plus the delivery endpoint behind Fastify, for
 * app.inject (the node:http server answers it before routing).
 */
import type { Activity, Result } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { DecisionStore } from '../store/decision-store.js';
import type { ActivityCatalog } from './activity-catalog.js';
import type { LocalDay } from '../local-day.js';
import { activityOverTime } from './activity-over-time.js';
import { activityReport } from './activity-report.js';
import { submittedDefinition, trustedDefinition } from './activity-submission.js';
import { actorOf } from './activity-trust.js';
import { DELIVERY_PATH_PREFIX, type DeliveryHandler } from './delivery-handler.js';
import { overTimeRange } from './over-time-range.js';
import { sessionSecretFrom } from '../auth/session-cookie.js';
import { previewLink } from './preview-link.js';
import { siteGoalHits, siteGoalProblem, type SiteGoalSource } from './activity-site-goal.js';
import type { PreviewTokens } from './preview-token.js';
import type { RedirectPolicy } from './redirect-policy.js';

export interface ActivityRouteDeps {
  catalog: ActivityCatalog;
  store: DecisionStore;
  /** Loads every acknowledged event into the store, so that a report includes it. */
  catchUp: () => Promise<void>;
  delivery: () => DeliveryHandler;
  /** Where redirect actions may send visitors (redirect-policy.ts). */
  redirects: RedirectPolicy;
  now: () => number;
  /** MESURA_MIN_COHORT (config.ts): experiences with fewer distinct visitors are reported hidden. */
  minCohort: number;
  /** The local day (MESURA_TIMEZONE) of an instant: where a default range ends. */
  localDay: LocalDay;
  /** Signs preview links (preview-token.ts). */
  previews: PreviewTokens;
  /** The site goals an activity's goal may name (activity-site-goal.ts). */
  goals: SiteGoalSource;
  /** The report suite whose hits reach a site goal, as the goal reports read them. */
  reportSuite: string;
}

export async function activityRoutes(app: FastifyInstance, deps: ActivityRouteDeps): Promise<void> {
  const find = (id: string) => {
    const activity = deps.catalog.index().byId(id);
    if (!activity) throw new HttpError(ERRORS.notFound, `no activity ${id}`);
    return activity;
  };
  app.get('/api/activities', { config: { access: 'analyst' } }, async () => ({ activities: deps.catalog.index().all }));
  app.get<{ Params: { id: string } }>('/api/activities/:id', { config: { access: 'analyst' } }, async (request) => find(request.params.id));
  /** Stores what the rules made of the request, as the request's principal, and answers it. */
  const store = async (result: Result<Activity>, principal: Parameters<typeof actorOf>[0]) => {
    if (!result.ok) throw new HttpError(ERRORS.badActivity, result.reason);
    const goalProblem = await siteGoalProblem(result.value, deps.goals);
    if (goalProblem !== undefined) throw new HttpError(ERRORS.badActivity, goalProblem);
    await deps.catalog.save(result.value, { atMs: deps.now(), by: actorOf(principal) });
    return result.value;
  };
  app.put<{ Params: { id: string } }>('/api/activities/:id', { config: { access: 'editor' } }, async (request) => {
    const { id } = request.params;
    const index = deps.catalog.index();
    const context = { before: index.byId(id), activityCount: index.all.length, principal: request.principal, redirects: deps.redirects };
    return store(submittedDefinition(request.body, id, context), request.principal);
  });
  app.put<{ Params: { id: string } }>('/api/activities/:id/trust', { config: { access: 'admin' } }, async (request) => {
    const before = find(request.params.id);
    const context = { before, activityCount: deps.catalog.index().all.length, principal: request.principal, redirects: deps.redirects, nowMs: deps.now() };
    return store(trustedDefinition(request.body, before, context), request.principal);
  });
  app.post<{ Params: { id: string } }>('/api/activities/:id/preview', { config: { access: 'editor' } }, async (request, reply) => {
    // Signed in by the console's session: the link is for that session's browser. An API token
    // has no browser session, so its link is the bearer link it always was.
    const secret = sessionSecretFrom(request.headers.cookie);
    const viewer = secret === undefined ? undefined : deps.previews.viewerKey(secret);
    const link = previewLink(request.body, find(request.params.id), deps.previews, deps.now(), viewer);
    if (!link.ok) throw new HttpError(ERRORS.badActivity, link.reason);
    return reply.code(201).send(link.value);
  });
  app.get<{ Params: { id: string } }>('/api/activities/:id/history', { config: { access: 'analyst' } }, async (request) => {
    const changes = await deps.catalog.history(request.params.id);
    if (changes.length === 0) find(request.params.id);
    return { changes };
  });
  app.get<{ Params: { id: string } }>('/api/reports/activities/:id', { config: { access: 'analyst' } }, async (request) => {
    const activity = find(request.params.id);
    await deps.catchUp();
    const siteGoal = await siteGoalHits(activity, deps.goals, deps.reportSuite);
    // The pre-period's query counts visitors and conversions as experienceCounts does: one query, not two.
    const prePeriod = await deps.store.experiencePrePeriod?.(activity, siteGoal);
    return activityReport(activity, prePeriod?.experiences ?? (await deps.store.experienceCounts(activity, siteGoal)), deps.minCohort, prePeriod);
  });
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/reports/activities/:id/over-time', { config: { access: 'analyst' } }, async (request) => {
    const activity = find(request.params.id);
    const range = overTimeRange(request.query, deps.localDay(deps.now()));
    if (!range.ok) throw new HttpError(ERRORS.badQuery, range.reason);
    await deps.catchUp();
    const siteGoal = await siteGoalHits(activity, deps.goals, deps.reportSuite);
    return activityOverTime(activity, range.value, await deps.store.experienceDayCounts(activity, range.value, siteGoal), deps.minCohort);
  });
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${DELIVERY_PATH_PREFIX}*`,
    config: { access: 'public' },
    onRequest: async (request, reply) => {
      reply.hijack();
      deps.delivery()(request.raw, reply.raw);
    },
    handler: async () => undefined,
  });
}

/**
 * The activities' API: `GET /api/activities`, `GET|PUT /api/activities/:id` (a PUT replaces the
 * definition and the decision server uses it from the next request), and
 * `GET /api/reports/activities/:id`. Plus the delivery endpoint behind Fastify, for app.inject
 * (the node:http server answers it before routing).
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { DecisionStore } from '../store/decision-store.js';
import { parseActivity } from './activity.js';
import type { ActivityCatalog } from './activity-catalog.js';
import { activityReport } from './activity-report.js';
import { DELIVERY_PATH_PREFIX, type DeliveryHandler } from './delivery-handler.js';

export interface ActivityRouteDeps {
  catalog: ActivityCatalog;
  store: DecisionStore;
  /** Loads every acknowledged event into the store, so that a report includes it. */
  catchUp: () => Promise<void>;
  delivery: () => DeliveryHandler;
}

export async function activityRoutes(app: FastifyInstance, deps: ActivityRouteDeps): Promise<void> {
  const find = (id: string) => {
    const activity = deps.catalog.index().byId(id);
    if (!activity) throw new HttpError(ERRORS.notFound, `no activity ${id}`);
    return activity;
  };
  app.get('/api/activities', { config: { access: 'analyst' } }, async () => ({ activities: deps.catalog.index().all }));
  app.get<{ Params: { id: string } }>('/api/activities/:id', { config: { access: 'analyst' } }, async (request) => find(request.params.id));
  app.put<{ Params: { id: string } }>('/api/activities/:id', async (request) => {
    const parsed = parseActivity(request.body);
    if (!parsed.ok) throw new HttpError(ERRORS.badActivity, parsed.reason);
    if (parsed.value.id !== request.params.id) throw new HttpError(ERRORS.badActivity, `activity id ${parsed.value.id} differs from the path's ${request.params.id}`);
    await deps.catalog.save(parsed.value);
    return parsed.value;
  });
  app.get<{ Params: { id: string } }>('/api/reports/activities/:id', { config: { access: 'analyst' } }, async (request) => {
    const activity = find(request.params.id);
    await deps.catchUp();
    return activityReport(activity, await deps.store.experienceCounts(activity));
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

/**
 * Visitors' rights of access and erasure, for admins: `GET /api/visitors/:visitorId/data` (all
 * that is stored about a visitor id, streamed JSON), `DELETE /api/visitors/:visitorId` (erased
 * from every table) and `GET /api/visitors/requests` (the record of both). Every access and
 * erasure is recorded with who asked and how many rows it concerned.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { RightsRequestKind, VisitorDataStore, VisitorRowCounts } from '../store/visitor-data-store.js';
import { visitorDataJson } from './visitor-data-json.js';
import { checkVisitorId, parseRequestsQuery } from './visitor-rights-query.js';

export interface VisitorRightsDeps {
  store: VisitorDataStore;
  /** Loads every acknowledged event first: nothing acknowledged may come back after an erasure. */
  catchUp: () => Promise<void>;
  now: () => number;
}

type VisitorParams = { Params: { visitorId: string } };
const ADMIN = { config: { access: 'admin' as const } };

export async function visitorRightsRoutes(app: FastifyInstance, deps: VisitorRightsDeps): Promise<void> {
  const record = (request: FastifyRequest, kind: RightsRequestKind, visitorId: string, rows: VisitorRowCounts) => {
    const principal = request.principal;
    return deps.store.recordRightsRequest({
      at: new Date(deps.now()).toISOString(),
      kind,
      visitorId,
      requestedBy: principal ? { userId: principal.userId, email: principal.email } : null,
      rows,
    });
  };

  app.get('/api/visitors/requests', ADMIN, async (request) => {
    const parsed = parseRequestsQuery(request.query as Record<string, unknown>);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    return { requests: await deps.store.rightsRequests(parsed.value.limit) };
  });

  app.get<VisitorParams>('/api/visitors/:visitorId/data', ADMIN, async (request, reply) => {
    const visitorId = visitorIdOf(request.params.visitorId);
    await deps.catchUp();
    const counts = await deps.store.visitorRowCounts(visitorId);
    await record(request, 'access', visitorId, counts);
    reply.type('application/json; charset=utf-8').header('Content-Disposition', `attachment; filename="mesura-visitor-${visitorId}.json"`);
    return reply.send(Readable.from(visitorDataJson(visitorId, counts, (section) => deps.store.visitorRows(visitorId, section))));
  });

  app.delete<VisitorParams>('/api/visitors/:visitorId', ADMIN, async (request) => {
    const visitorId = visitorIdOf(request.params.visitorId);
    await deps.catchUp();
    const deleted = await deps.store.eraseVisitor(visitorId);
    await record(request, 'erasure', visitorId, deleted);
    return { visitorId, deleted };
  });
}

function visitorIdOf(value: string): string {
  const checked = checkVisitorId(value);
  if (!checked.ok) throw new HttpError(ERRORS.badQuery, checked.reason);
  return checked.value;
}

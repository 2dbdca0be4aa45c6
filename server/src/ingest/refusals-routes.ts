import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { parseRange } from '../reports/report-query.js';
import type { RefusalStore } from '../store/refusal-store.js';

export interface RefusalRoutesDeps {
  store: RefusalStore;
  reportSuite: string;
  /** Adds the counts still in memory to the store, so that the answer includes them. */
  catchUp: () => Promise<void>;
}

const REFUSAL_PARAMS = new Set(['from', 'to', 'suite']);

/** `GET /api/reports/refusals?from=&to=[&suite=]`: hits not stored, per day and reason. */
export async function refusalRoutes(app: FastifyInstance, deps: RefusalRoutesDeps): Promise<void> {
  app.get('/api/reports/refusals', { config: { access: 'analyst' } }, async (request) => {
    const raw = request.query as Record<string, unknown>;
    const unknown = Object.keys(raw).find((key) => !REFUSAL_PARAMS.has(key));
    if (unknown !== undefined) throw new HttpError(ERRORS.badQuery, `unknown parameter '${unknown}'; expected from, to, suite`);
    const parsed = parseRange(raw, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    await deps.catchUp();
    const rows = await deps.store.refusedHits(parsed.value);
    const { from, to, reportSuite } = parsed.value;
    return { from, to, reportSuite, rows: rows.map(({ day, reason, hits }) => ({ day, reason, hits })) };
  });
}

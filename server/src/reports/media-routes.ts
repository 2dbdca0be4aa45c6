import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { MediaStore } from '../store/media-store.js';
import { parseMediaReportQuery, parseMediaSessionsQuery } from './media-query.js';

/** `GET /api/reports/media` and `GET /api/reports/media/sessions` (docs/architecture.md "Media sessions"). */
export interface MediaReportDeps {
  /** DuckDB's store, or on an API node over ClickHouse store/clickhouse/clickhouse-media-store.ts. */
  store: MediaStore;
  reportSuite: string;
  /** Loads every acknowledged event into the store, so that a report includes it. */
  catchUp: () => Promise<void>;
  /** The clock the idle rule reads (tests fix it). */
  now: () => number;
}

export async function mediaReportRoutes(app: FastifyInstance, deps: MediaReportDeps): Promise<void> {
  app.get('/api/reports/media', { config: { access: 'analyst' } }, async (request) => {
    const parsed = parseMediaReportQuery(request.query as Record<string, unknown>, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    await deps.catchUp();
    const { from, to, by, reportSuite } = parsed.value;
    const report = await deps.store.mediaReport({ ...parsed.value, nowMs: deps.now() });
    return { from, to, by, reportSuite, rows: report.rows, total: report.total };
  });

  app.get('/api/reports/media/sessions', { config: { access: 'analyst' } }, async (request) => {
    const parsed = parseMediaSessionsQuery(request.query as Record<string, unknown>, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    await deps.catchUp();
    const { from, to, reportSuite } = parsed.value;
    const sessions = await deps.store.mediaSessions({ ...parsed.value, nowMs: deps.now() });
    return { from, to, reportSuite, sessions };
  });
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ExportedHit, ReportStore } from '../store/store.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { parseExportQuery, parsePageViewsQuery, type ExportFormat } from './report-query.js';
import { csvLine } from './csv.js';

/** `GET /api/reports/pageviews` and `GET /api/export/events`. */
export interface ReportDeps {
  store: ReportStore;
  reportSuite: string;
  /** Loads every acknowledged event into the store, so that a report includes it. */
  catchUp: () => Promise<void>;
}

export async function reportRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  app.get('/api/reports/pageviews', async (request) => {
    const parsed = parsePageViewsQuery(request.query as Record<string, unknown>, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    await deps.catchUp();
    const report = await deps.store.pageViews(parsed.value);
    const { from, to, by, reportSuite } = parsed.value;
    return { from, to, by, reportSuite, total: report.totalPageViews, visitors: report.totalVisitors, rows: report.rows };
  });

  app.get('/api/export/events', async (request, reply) => {
    const parsed = parseExportQuery(request.query as Record<string, unknown>, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    const { format, from, to } = parsed.value;
    await deps.catchUp();
    const chunks = deps.store.exportHits(parsed.value);
    const columns = deps.store.exportColumns();
    reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="mesura-events-${from}-${to}.${format}"`);
    return reply.send(Readable.from(serialise(chunks, columns, format)));
  });
}

/** Streams the export without holding it in memory: a JSON array, or CSV with a header line. */
async function* serialise(
  chunks: AsyncIterable<ExportedHit[]>,
  columns: readonly string[],
  format: ExportFormat,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield csvLine(columns);
    for await (const rows of chunks) yield rows.map((row) => csvLine(columns.map((c) => row[c]))).join('');
    return;
  }
  let first = true;
  yield '[';
  for await (const rows of chunks) {
    if (rows.length === 0) continue;
    yield (first ? '\n' : ',\n') + rows.map((row) => JSON.stringify(row)).join(',\n');
    first = false;
  }
  yield '\n]\n';
}

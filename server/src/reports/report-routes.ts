import { Readable } from 'node:stream';
import { csvRow } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import { encodeExportCursor } from '../store/export-cursor.js';
import type { ExportQuery, ExportedHit, ReportStore } from '../store/store.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { parseExportQuery, parsePageViewsQuery, type ExportFormat } from './report-query.js';

/** `GET /api/reports/pageviews` and `GET /api/export/events`. */
export interface ReportDeps {
  store: ReportStore;
  reportSuite: string;
  /** Loads every acknowledged event into the store, so that a report includes it. */
  catchUp: () => Promise<void>;
}

export async function reportRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  app.get('/api/reports/pageviews', { config: { access: 'analyst' } }, async (request) => {
    const parsed = parsePageViewsQuery(request.query as Record<string, unknown>, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    await deps.catchUp();
    const report = await deps.store.pageViews(parsed.value);
    const { from, to, by, reportSuite } = parsed.value;
    return { from, to, by, reportSuite, total: report.totalPageViews, visitors: report.totalVisitors, rows: report.rows };
  });

  app.get('/api/export/events', { config: { access: 'analyst' } }, async (request, reply) => {
    const parsed = parseExportQuery(request.query as Record<string, unknown>, deps.reportSuite);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    const { format, from, to, limit, ...range } = parsed.value;
    await deps.catchUp();
    const query: ExportQuery = { from, to, reportSuite: range.reportSuite, ...(range.after && { after: range.after }) };
    // The page's end is fixed before the body starts, so the continuation can go in a header.
    const end = await deps.store.exportPageEnd(query, limit);
    if (end?.more) {
      const token = encodeExportCursor(end.last);
      reply.header(NEXT_TOKEN_HEADER, token).header('Link', `<${nextPageUrl(request.query as Record<string, string>, token)}>; rel="next"`);
    }
    const chunks = deps.store.exportHits(end ? { ...query, through: end.last } : query);
    const columns = deps.store.exportColumns();
    reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8').header('Content-Disposition', `attachment; filename="mesura-events-${from}-${to}.${format}"`);
    return reply.send(Readable.from(serialise(chunks, columns, format)));
  });
}

/** The continuation token of a cut export page, also in the `Link: <…>; rel="next"` header. */
export const NEXT_TOKEN_HEADER = 'X-Mesura-Next';

/** The same request with `after` set: every other parameter (already validated) kept as sent. */
function nextPageUrl(query: Record<string, string>, token: string): string {
  const params = new URLSearchParams({ ...query, after: token });
  return `/api/export/events?${params.toString()}`;
}

/** RFC 4180's record separator. */
const CSV_LINE_END = '\r\n';

/** Streams the export without holding it in memory: a JSON array, or CSV with a header line. */
async function* serialise(chunks: AsyncIterable<ExportedHit[]>, columns: readonly string[], format: ExportFormat): AsyncGenerator<string> {
  if (format === 'csv') {
    // csvRow neutralises text a spreadsheet would run as a formula: page names and URLs are the visitors' to write.
    yield csvRow(columns) + CSV_LINE_END;
    for await (const rows of chunks) yield rows.map((row) => csvRow(columns.map((c) => row[c])) + CSV_LINE_END).join('');
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

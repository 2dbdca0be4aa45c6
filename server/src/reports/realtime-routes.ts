/**
 * `GET /api/reports/realtime/stream` (analyst): server-sent events (`text/event-stream`), a
 * `snapshot` event (realtime-snapshot.ts) at once and every REALTIME_PUSH_INTERVAL_MS. Each
 * measurement first loads what the collector acknowledged when the store is older than the reports
 * allow (MESURA_REPORT_MAX_LAG_MS, the same catch-up as every report), so the figures are at most
 * that late; streams share measurements (REALTIME_SNAPSHOT_REUSE_MS). The interval stops when the
 * client goes; streams are bounded per user and in all (429).
 */
import type { FastifyInstance } from 'fastify';
import { createSeedContent } from '@mesura/content';
import { ERRORS, HttpError } from '../http/errors.js';
import type { AnalyticsReader } from '../store/analytics-reader.js';
import { REALTIME_MAX_STREAMS, REALTIME_MAX_STREAMS_PER_USER, REALTIME_PUSH_INTERVAL_MS, REALTIME_SNAPSHOT_REUSE_MS } from './realtime-limits.js';
import { sharedMeasure } from './realtime-shared-measure.js';
import { measureRealtime, type LiveSources } from './realtime-snapshot.js';
import { openRealtimeStream, SYSTEM_TIMERS } from './realtime-stream.js';
import { RealtimeStreamSlots } from './realtime-stream-slots.js';
import { EVENT_STREAM_HEADERS, answerHeadOfStream } from '../http/event-stream.js';

export const REALTIME_STREAM_PATH = '/api/reports/realtime/stream';

export interface RealtimeRouteDeps {
  reader: AnalyticsReader;
  /** Loads what the collector acknowledged unless the store is fresh enough (config.ts MESURA_REPORT_MAX_LAG_MS). */
  catchUp: () => Promise<void>;
  reportSuite: string;
  minCohort: number;
  now: () => number;
}

/** The site's channels and stations, as the content store is seeded with them (@mesura/content). */
function siteSources(): LiveSources {
  const { channels, stations } = createSeedContent();
  return { channels: channels.map(({ slug, name }) => ({ slug, name })), stations: stations.map(({ slug, name }) => ({ slug, name })) };
}

export async function realtimeRoutes(app: FastifyInstance, deps: RealtimeRouteDeps): Promise<void> {
  const slots = new RealtimeStreamSlots({ perUser: REALTIME_MAX_STREAMS_PER_USER, total: REALTIME_MAX_STREAMS });
  const settings = { reader: deps.reader, reportSuite: deps.reportSuite, minCohort: deps.minCohort, sources: siteSources() };
  const measure = sharedMeasure(
    async (nowMs) => {
      await deps.catchUp();
      return measureRealtime(settings, nowMs);
    },
    deps.now,
    REALTIME_SNAPSHOT_REUSE_MS,
  );
  // Open streams end before the server stops, so that a console left open never holds a shutdown.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(REALTIME_STREAM_PATH, { config: { access: 'analyst' } }, async (request, reply) => {
    const unknown = Object.keys(request.query as Record<string, unknown>)[0];
    if (unknown !== undefined) throw new HttpError(ERRORS.badQuery, `unknown parameter '${unknown}'; the stream takes none`);
    const head = answerHeadOfStream(request, reply);
    if (head) return head;
    const slot = slots.take(request.principal?.userId ?? '');
    if (slot === 'user') throw new HttpError(ERRORS.tooManyRequests, `at most ${REALTIME_MAX_STREAMS_PER_USER} live streams per user; close another console tab`);
    if (slot === 'total') throw new HttpError(ERRORS.tooManyRequests, `the server holds ${REALTIME_MAX_STREAMS} live streams already; retry later`);
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, EVENT_STREAM_HEADERS);
    const stream = openRealtimeStream({
      measure,
      write: (chunk) => raw.write(chunk),
      intervalMs: REALTIME_PUSH_INTERVAL_MS,
      timers: SYSTEM_TIMERS,
      onError: (error) => request.log.error({ err: error }, 'a real-time measurement failed'),
    });
    const end = () => raw.end();
    streams.add(end);
    raw.on('close', () => {
      stream.stop();
      slot();
      streams.delete(end);
    });
  });
}

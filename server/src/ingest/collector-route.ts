import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeBeacon } from '@mesura/protocol';
import type { HitRow } from '../store/hit-row.js';
import type { Batcher } from './batcher.js';
import { BatcherClosedError } from './batcher.js';
import type { createPipeline } from './pipeline.js';
import { RecentEventIds } from './recent-event-ids.js';
import { ERRORS, HttpError } from '../http/errors.js';
import type { createCors } from '../http/cors.js';

export const BEACON_ROUTE = '/b/ss/*';
const RECENT_EVENT_IDS = 200_000;

/** The 1×1 transparent GIF image beacons expect. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface CollectorDeps {
  pipeline: ReturnType<typeof createPipeline>;
  batcher: Batcher<HitRow>;
  cors: ReturnType<typeof createCors>;
  maxBodyBytes: number;
  now: () => number;
}

/**
 * `/b/ss/...` as GET (image beacon, answered with a GIF) and POST (sendBeacon or fetch keepalive;
 * form or text/plain body). Answers 2xx only once every row of the beacon is durable.
 */
export async function collectorRoutes(app: FastifyInstance, deps: CollectorDeps): Promise<void> {
  const recent = new RecentEventIds(RECENT_EVENT_IDS);
  // Browsers send beacons as text/plain, form-encoded or with no type at all: all are the same parameter string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: deps.maxBodyBytes }, (_req, body, done) => done(null, body));

  const collect = async (request: FastifyRequest, reply: FastifyReply) => {
    deps.cors.decorate(request, reply);
    if (!deps.cors.allows(request)) {
      throw new HttpError(ERRORS.originNotAllowed, `origin ${request.headers.origin} may not send beacons here`);
    }
    const [rawPath = '', query = ''] = splitUrl(request.url);
    const rawParams = request.method === 'POST' ? String(request.body ?? '') : query;
    const decoded = decodeBeacon(rawPath, rawParams);
    if (!decoded.ok) throw new HttpError(ERRORS.badBeacon, decoded.reason);
    const rows = deps.pipeline(decoded.value, {
      receivedAtMs: deps.now(),
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      rawPath,
      rawParams,
    });
    await storeOnce(rows, deps.batcher, recent);
    if (request.method === 'GET') {
      return reply.header('Cache-Control', 'no-store').type('image/gif').send(TRANSPARENT_GIF);
    }
    return reply.code(204).send();
  };

  app.get(BEACON_ROUTE, collect);
  app.post(BEACON_ROUTE, collect);
  app.options(BEACON_ROUTE, (request, reply) => deps.cors.preflight(request, reply));
}

async function storeOnce(rows: HitRow[], batcher: Batcher<HitRow>, recent: RecentEventIds): Promise<void> {
  const fresh = rows.filter((row) => !recent.has(recentKey(row)));
  for (const row of fresh) recent.add(recentKey(row));
  try {
    await Promise.all(fresh.map((row) => batcher.add(row)));
  } catch (error) {
    for (const row of fresh) recent.delete(recentKey(row));
    if (error instanceof BatcherClosedError) throw new HttpError(ERRORS.shuttingDown, error.message);
    throw new HttpError(ERRORS.storeUnavailable, 'the event could not be stored; retry later');
  }
}

function recentKey(row: HitRow): string {
  return `${row.reportSuite}\u0000${row.eventId}`;
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}

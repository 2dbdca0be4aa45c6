import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeBeacon } from '@mesura/protocol';
import type { HitRow } from '../store/hit-row.js';
import { BatcherClosedError, type Batcher } from './batcher.js';
import type { createPipeline } from './pipeline.js';
import { RecentEventIds } from './recent-event-ids.js';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Cors } from '../http/cors.js';
import { clientAddress } from '../http/client-address.js';

export const BEACON_PATH_PREFIX = '/b/ss/';
const RECENT_EVENT_IDS = 200_000;

/** The 1×1 transparent GIF image beacons expect. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface BeaconHandlerDeps {
  pipeline: ReturnType<typeof createPipeline>;
  batcher: Batcher<HitRow>;
  cors: Cors;
  maxBodyBytes: number;
  trustProxy: boolean;
  now: () => number;
}

export type BeaconHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The collector: `/b/ss/...` as GET (image beacon, answered with a GIF) and POST (sendBeacon or
 * fetch keepalive; form, text/plain or untyped body). Answers 2xx only once every row of the
 * beacon is durable. Written on node:http, the hottest path of the server: it parses, validates,
 * enriches, hands rows to the batcher and answers, nothing else.
 */
export function createBeaconHandler(deps: BeaconHandlerDeps): BeaconHandler {
  const recent = new RecentEventIds(RECENT_EVENT_IDS);
  return (request, response) => {
    const origin = request.headers.origin;
    const cors = deps.cors.headers(origin);
    if (request.method === 'OPTIONS') return answer(response, 204, deps.cors.preflightHeaders(origin));
    collect(request, deps, recent).then(
      () =>
        request.method === 'GET'
          ? answer(response, 200, { ...cors, 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' }, TRANSPARENT_GIF)
          : answer(response, 204, cors),
      (error: unknown) => {
        const failure = error instanceof HttpError ? error : new HttpError(ERRORS.internal, 'internal error');
        answer(response, failure.kind.status, { ...cors, 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify(failure.body()));
      },
    );
  };
}

async function collect(request: IncomingMessage, deps: BeaconHandlerDeps, recent: RecentEventIds): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    throw new HttpError(ERRORS.methodNotAllowed, `${request.method} is not allowed here; send beacons with GET or POST`);
  }
  if (!deps.cors.allows(request.headers.origin)) {
    throw new HttpError(ERRORS.originNotAllowed, `origin ${request.headers.origin} may not send beacons here`);
  }
  const url = request.url ?? '';
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const rawParams = request.method === 'POST' ? await readBody(request, deps.maxBodyBytes) : q < 0 ? '' : url.slice(q + 1);
  const decoded = decodeBeacon(rawPath, rawParams);
  if (!decoded.ok) throw new HttpError(ERRORS.badBeacon, decoded.reason);
  const rows = deps.pipeline(decoded.value, {
    receivedAtMs: deps.now(),
    ip: clientAddress(request, deps.trustProxy),
    userAgent: request.headers['user-agent'],
    rawPath,
    rawParams,
  });
  await storeOnce(rows, deps.batcher, recent);
}

/** The body as text, refused past `limit` bytes (413) without reading the rest. */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    request.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function tooLarge(): HttpError {
  return new HttpError(ERRORS.bodyTooLarge, 'request body is larger than the collector accepts');
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

function answer(response: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer | string): void {
  if (response.headersSent) return;
  response.writeHead(status, body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}

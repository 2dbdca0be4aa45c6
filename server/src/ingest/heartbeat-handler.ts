import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHeartbeatQuery } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Cors } from '../http/cors.js';
import { answer, answerFailure, type AnswerObserver } from './beacon-handler.js';
import { clientAddressOf, receivedAtOf, type Backfill } from './backfill-key.js';
import type { Intake } from './intake.js';
import { createStoredAnswer } from './stored-answer.js';

/**
 * The tracking server of the Mesura deployment is `{host}/hb`: heartbeats arrive as `GET /hb/?…`
 * and the settings file as `/hb/settings/{file}.xml`.
 */
export const HEARTBEAT_PATH = '/hb';

export interface HeartbeatHandlerDeps {
  intake: Intake;
  cors: Cors;
  /** Trusted proxy hops (http/client-address.ts). */
  trustProxy: number;
  now: () => number;
  /** Lets the operator's backfill name past receive times (backfill-key.ts). */
  backfill?: Backfill;
  /** Counts each answer (observe/observability.ts: metrics, the log of 503s). Default none. */
  observe?: AnswerObserver;
}

export type HeartbeatHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Whether a request is a heartbeat: anything at `/hb` or `/hb/`, and `/` when its query carries
 * heartbeat keys (the commercial heartbeat library pointed at a host of its own sends to
 * `{host}/?…`, and the site is served at `/` too).
 */
export function isHeartbeatUrl(url: string): boolean {
  const q = url.indexOf('?');
  const pathName = q < 0 ? url : url.slice(0, q);
  if (pathName === HEARTBEAT_PATH || pathName === `${HEARTBEAT_PATH}/`) return true;
  return pathName === '/' && q >= 0 && isHeartbeatQuery(url.slice(q + 1));
}

/**
 * `GET {trackingServer}/?{params}` (wire-formats §2), on node:http like the beacon collector and
 * under the same rules: CORS for the site's origins, 400 with the decoder's reason, and 200 with
 * a 1×1 GIF (so that image requests, fetch and XHR all see success) only once the heartbeat is
 * durable in the ingest log.
 */
export function createHeartbeatHandler(deps: HeartbeatHandlerDeps): HeartbeatHandler {
  const stored = createStoredAnswer(deps.cors);
  return (request, response) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') return answer(response, 204, deps.cors.preflightHeaders(origin));
    collect(request, deps).then(
      () => {
        deps.observe?.acknowledged();
        stored(response, origin, 200);
      },
      (error: unknown) => deps.observe?.refused(answerFailure(response, deps.cors.headers(origin), error)),
    );
  };
}

async function collect(request: IncomingMessage, deps: HeartbeatHandlerDeps): Promise<void> {
  if (request.method !== 'GET') {
    throw new HttpError(ERRORS.methodNotAllowed, `${request.method} is not allowed here; send heartbeats with GET`);
  }
  if (!deps.cors.allows(request.headers.origin)) {
    throw new HttpError(ERRORS.originNotAllowed, `origin ${request.headers.origin} may not send heartbeats here`);
  }
  const url = request.url ?? '';
  const q = url.indexOf('?');
  await deps.intake.collectHeartbeat({
    query: q < 0 ? '' : url.slice(q + 1),
    ip: clientAddressOf(request, deps),
    userAgent: request.headers['user-agent'],
    receivedAtMs: receivedAtOf(request, deps),
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Cors } from '../http/cors.js';
import type { SecurityHeaders } from '../http/security-headers.js';
import { clientAddressOf, receivedAtOf, type Backfill } from './backfill-key.js';
import type { Intake } from './intake.js';
import { createStoredAnswer } from './stored-answer.js';

export const BEACON_PATH_PREFIX = '/b/ss/';

export interface BeaconHandlerDeps {
  intake: Intake;
  cors: Cors;
  maxBodyBytes: number;
  /** Trusted proxy hops (http/client-address.ts). */
  trustProxy: number;
  now: () => number;
  /** Lets the operator's backfill name past receive times (backfill-key.ts). */
  backfill?: Backfill;
  /** Counts each answer (observe/observability.ts: metrics, the log of 503s). Default none. */
  observe?: AnswerObserver;
  /**
   * The headers every answer carries (http/security-headers.ts), written into each answer's head by
   * this handler, which app.ts then does not set on the response first. Default none (set by the caller).
   */
  securityHeaders?: SecurityHeaders;
}

export type BeaconHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The collector's HTTP side: `/b/ss/...` as GET (image beacon, answered with a GIF) and POST
 * (sendBeacon or fetch keepalive; form, text/plain or untyped body). Written on node:http, the
 * hottest path of the server; the intake decides, and the answer is 2xx only once every row of
 * the beacon is durable.
 */
export function createBeaconHandler(deps: BeaconHandlerDeps): BeaconHandler {
  // Made once into the answers' heads: set on each response instead (two setHeader calls, then
  // writeHead merging the rest into them one by one), they took 2–3 % of the request thread's
  // busy time in two CPU profiles of bench/ingest.mjs, and writeHead's slower path besides.
  const security = deps.securityHeaders ?? {};
  const stored = createStoredAnswer(deps.cors, security);
  return (request, response) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') return answer(response, 204, { ...security, ...deps.cors.preflightHeaders(origin) });
    collect(request, deps).then(
      () => {
        deps.observe?.acknowledged();
        stored(response, origin, request.method === 'GET' ? 200 : 204);
      },
      (error: unknown) => deps.observe?.refused(answerFailure(response, { ...security, ...deps.cors.headers(origin) }, error)),
    );
  };
}

/** What a collector's handler tells of its answers: cheap, on the hottest path. */
export interface AnswerObserver {
  acknowledged(): void;
  refused(failure: HttpError): void;
}

/** The JSON error answer of a collector: the HttpError's status and body, or 500 for anything else; answers the error sent. */
export function answerFailure(response: ServerResponse, cors: Record<string, string>, error: unknown): HttpError {
  const failure = error instanceof HttpError ? error : new HttpError(ERRORS.internal, 'internal error');
  answer(response, failure.kind.status, { ...cors, ...failure.headers, 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify(failure.body()));
  return failure;
}

async function collect(request: IncomingMessage, deps: BeaconHandlerDeps): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    throw new HttpError(ERRORS.methodNotAllowed, `${request.method} is not allowed here; send beacons with GET or POST`);
  }
  if (!deps.cors.allows(request.headers.origin)) {
    throw new HttpError(ERRORS.originNotAllowed, `origin ${request.headers.origin} may not send beacons here`);
  }
  const url = request.url ?? '';
  const q = url.indexOf('?');
  await deps.intake.collect({
    path: q < 0 ? url : url.slice(0, q),
    params: request.method === 'POST' ? await readBody(request, deps.maxBodyBytes) : q < 0 ? '' : url.slice(q + 1),
    ip: clientAddressOf(request, deps),
    userAgent: request.headers['user-agent'],
    receivedAtMs: receivedAtOf(request, deps),
  });
}

/** The body as text, refused past `limit` bytes (413) without reading the rest. */
export function readBody(request: IncomingMessage, limit: number): Promise<string> {
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

/** Writes a whole answer, unless one was already written. */
export function answer(response: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body?: Buffer | string): void {
  if (response.headersSent) return;
  response.writeHead(status, body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}

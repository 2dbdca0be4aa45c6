/**
 * `GET|POST /m2/{clientCode}/mbox/json` on node:http, beside the collectors: a decision is on the
 * page's critical path (the body stays hidden until it renders), so it skips the framework's
 * routing, hooks and serialisation. Credentialed CORS as the collector's. POST bodies are read
 * as form-encoded whatever their Content-Type says (a text/plain body avoids a preflight).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeDeliveryParams, parseDeliveryPath } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Cors } from '../http/cors.js';
import { answer, readBody } from '../ingest/beacon-handler.js';
import type { UserAgentFacts } from '../ingest/steps/user-agent.js';
import type { DecisionEventRow } from '../store/decision-row.js';
import type { ActivityIndex } from './activity-index.js';
import { deliver } from './delivery.js';

export const DELIVERY_PATH_PREFIX = '/m2/';

export interface DeliveryHandlerDeps {
  index: () => ActivityIndex;
  cors: Cors;
  clientCodes: ReadonlySet<string>;
  maxBodyBytes: number;
  classify: (userAgent: string | undefined) => UserAgentFacts;
  /** Resolves once the events are durable (the ingest log). */
  record: (events: readonly DecisionEventRow[]) => Promise<void>;
  /** An impression that could not be written: logged, the visitor keeps their offer. */
  onRecordError: (error: unknown) => void;
  now: () => number;
}

export type DeliveryHandler = (request: IncomingMessage, response: ServerResponse) => void;

export function createDeliveryHandler(deps: DeliveryHandlerDeps): DeliveryHandler {
  return (request, response) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') return answer(response, 204, deps.cors.preflightHeaders(origin));
    const headers = { ...deps.cors.headers(origin), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
    respond(request, deps).then(
      (body) => answer(response, 200, headers, body),
      (error: unknown) => {
        const failure = error instanceof HttpError ? error : new HttpError(ERRORS.internal, 'internal error');
        answer(response, failure.kind.status, headers, JSON.stringify(failure.body()));
      },
    );
  };
}

async function respond(request: IncomingMessage, deps: DeliveryHandlerDeps): Promise<string> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    throw new HttpError(ERRORS.methodNotAllowed, `${request.method} is not allowed here; ask for offers with GET or POST`);
  }
  if (!deps.cors.allows(request.headers.origin)) {
    throw new HttpError(ERRORS.originNotAllowed, `origin ${request.headers.origin} may not ask for offers here`);
  }
  const url = request.url ?? '';
  const q = url.indexOf('?');
  const clientCode = parseDeliveryPath(q < 0 ? url : url.slice(0, q));
  if (clientCode === undefined || !deps.clientCodes.has(clientCode)) {
    throw new HttpError(ERRORS.unknownClientCode, `unknown client code: ${clientCode ?? url.split('/')[2] ?? ''}`);
  }
  const params = request.method === 'POST' ? await readBody(request, deps.maxBodyBytes) : q < 0 ? '' : url.slice(q + 1);
  // URLSearchParams: protocol's faster queryEntries is not exported from its index.
  const decoded = decodeDeliveryParams([...new URLSearchParams(params)]);
  if (!decoded.ok) throw new HttpError(ERRORS.badDeliveryRequest, decoded.reason);
  const delivered = deliver(deps.index(), decoded.value, deps.classify(request.headers['user-agent']).deviceClass, deps.now());
  if (delivered.events.length > 0) {
    const written = deps.record(delivered.events);
    if (delivered.isConversion) await written;
    // Impressions are not waited for: the page is hidden meanwhile, and a group commit's fsync
    // would be most of the decision's time. An impression lost in a crash loses a count, not an
    // assignment (assignment is stateless).
    else written.catch(deps.onRecordError);
  }
  return JSON.stringify(delivered.response);
}

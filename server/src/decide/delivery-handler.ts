/**
 * `GET|POST /m2/{clientCode}/mbox/json` on node:http, beside the collectors: a decision is on the
 * page's critical path (the body stays hidden until it renders), so it skips the framework's
 * routing, hooks and serialisation. Credentialed CORS as the collector's. POST bodies are read
 * as form-encoded whatever their Content-Type says (a text/plain body avoids a preflight). Each
 * client code answers with its operator settings (delivery-settings.ts): the edge host, and
 * `disabled` instead of a decision while its delivery is switched off. A page URL carrying a valid
 * preview token is answered the previewed experience (preview-decision.ts); one carrying the
 * preview parameter at all records nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeDeliveryParams, parseDeliveryPath, queryEntries } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { Cors } from '../http/cors.js';
import { answer, readBody, type AnswerObserver } from '../ingest/beacon-handler.js';
import { receivedAtOf, type Backfill } from '../ingest/backfill-key.js';
import type { UserAgentFacts } from '../ingest/steps/user-agent.js';
import type { DecisionEventRow } from '../store/decision-row.js';
import type { ActivityIndex } from './activity-index.js';
import type { ConsentPolicy } from '../ingest/consent-check.js';
import { createDeliveryConsentCheck, type DeliveryConsentCheck } from './delivery-consent.js';
import { deliver, disabledNotice, type AnswerSettings } from './delivery.js';
import { isPreviewPage, previewGrantOf } from './preview-decision.js';
import type { PreviewTokens } from './preview-token.js';

export const DELIVERY_PATH_PREFIX = '/m2/';

export interface DeliveryHandlerDeps {
  index: () => ActivityIndex;
  cors: Cors;
  clientCodes: ReadonlySet<string>;
  /** MESURA_DECISION_EDGE_HOST: named in every answer. */
  edgeHost?: string | undefined;
  /** MESURA_DELIVERY_DISABLED_MS: client codes whose delivery is switched off, with the duration clients are told. */
  disabledForMs?: ReadonlyMap<string, number>;
  maxBodyBytes: number;
  classify: (userAgent: string | undefined) => UserAgentFacts;
  /** Resolves once the events are durable (the ingest log). */
  record: (events: readonly DecisionEventRow[]) => Promise<void>;
  /** An impression that could not be written: logged, the visitor keeps their offer. */
  onRecordError: (error: unknown) => void;
  now: () => number;
  /** Lets the operator's backfill name past decision times (ingest/backfill-key.ts). */
  backfill?: Backfill;
  /** Checks the preview tokens of page URLs (preview-token.ts). */
  previews: PreviewTokens;
  /** MESURA_CONSENT_POLICY: what a request without any TCF signal gets (delivery-consent.ts). Default verify. */
  consentPolicy?: ConsentPolicy;
  /** Counts the refused requests (observe/observability.ts); the recorded decisions are counted by `record`. Default none. */
  observe?: Pick<AnswerObserver, 'refused'>;
}

export type DeliveryHandler = (request: IncomingMessage, response: ServerResponse) => void;

export function createDeliveryHandler(deps: DeliveryHandlerDeps): DeliveryHandler {
  const settings = answerSettingsByClientCode(deps);
  const jsonHeaders = jsonHeadersByOrigin(deps.cors);
  const consent = createDeliveryConsentCheck(deps.consentPolicy ?? 'verify');
  return (request, response) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS') return answer(response, 204, deps.cors.preflightHeaders(origin));
    const headers = jsonHeaders(origin);
    respond(request, deps, settings, consent).then(
      (body) => answer(response, 200, headers, body),
      (error: unknown) => {
        const failure = error instanceof HttpError ? error : new HttpError(ERRORS.internal, 'internal error');
        answer(response, failure.kind.status, { ...headers, ...failure.headers }, JSON.stringify(failure.body()));
        deps.observe?.refused(failure);
      },
    );
  };
}

/**
 * An answer's headers for `origin`, made once per allowed origin (and once for none) rather than
 * per decision; any other origin, which is refused anyway, gets its own made on the spot.
 */
function jsonHeadersByOrigin(cors: Cors): (origin: string | undefined) => Readonly<Record<string, string>> {
  const byOrigin = new Map<string | undefined, Readonly<Record<string, string>>>();
  return (origin) => {
    const known = byOrigin.get(origin);
    if (known) return known;
    const made = { ...cors.headers(origin), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
    if (cors.allows(origin)) byOrigin.set(origin, made);
    return made;
  };
}

/** Built once: the settings are fixed for the server's life, and the answer path stays allocation-light. */
function answerSettingsByClientCode(deps: DeliveryHandlerDeps): ReadonlyMap<string, AnswerSettings> {
  const byCode = new Map<string, AnswerSettings>();
  for (const clientCode of deps.clientCodes) {
    const disabledMs = deps.disabledForMs?.get(clientCode);
    byCode.set(clientCode, { edgeHost: deps.edgeHost, disabled: disabledMs === undefined ? undefined : disabledNotice(clientCode, disabledMs) });
  }
  return byCode;
}

async function respond(request: IncomingMessage, deps: DeliveryHandlerDeps, settingsByCode: ReadonlyMap<string, AnswerSettings>, consent: DeliveryConsentCheck): Promise<string> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    throw new HttpError(ERRORS.methodNotAllowed, `${request.method} is not allowed here; ask for offers with GET or POST`);
  }
  if (!deps.cors.allows(request.headers.origin)) {
    throw new HttpError(ERRORS.originNotAllowed, `origin ${request.headers.origin} may not ask for offers here`);
  }
  const url = request.url ?? '';
  const q = url.indexOf('?');
  const clientCode = parseDeliveryPath(q < 0 ? url : url.slice(0, q));
  const settings = clientCode === undefined ? undefined : settingsByCode.get(clientCode);
  if (clientCode === undefined || settings === undefined) {
    throw new HttpError(ERRORS.unknownClientCode, `unknown client code: ${clientCode ?? url.split('/')[2] ?? ''}`);
  }
  const query = q < 0 ? '' : url.slice(q + 1);
  // A POST may carry its parameters in the query too: the commercial 1.x library's click and
  // trackEvent beacons are POSTs with every parameter in the URL and no body (sendBeacon(url), or
  // a synchronous XHR). Where both name a parameter, the query's comes first and wins.
  const body = request.method === 'POST' ? await readBody(request, deps.maxBodyBytes) : '';
  const params = query && body ? `${query}&${body}` : query || body;
  // queryEntries: the pairs URLSearchParams gives, without its cost on this hot path.
  const decoded = decodeDeliveryParams(queryEntries(params));
  if (!decoded.ok) throw new HttpError(ERRORS.badDeliveryRequest, decoded.reason);
  const nowMs = receivedAtOf(request, deps);
  const checked = consent(decoded.value.params, nowMs);
  if (!checked.ok) throw new HttpError(ERRORS.badDeliveryRequest, checked.reason);
  const preview = previewGrantOf(decoded.value.url, deps.previews, deps.now(), request.headers.cookie);
  const device = deps.classify(request.headers['user-agent']).deviceClass;
  const delivered = deliver(deps.index(), decoded.value, { device, nowMs, settings, preview, consentRefused: checked.refused });
  // An editor's page (a preview, the visual editor's frame) is not audience: its impressions and clicks go nowhere.
  if (delivered.events.length > 0 && !isPreviewPage(decoded.value.url)) {
    const written = deps.record(delivered.events);
    if (delivered.isConversion) await written;
    // Impressions are not waited for: the page is hidden meanwhile, and a group commit's fsync
    // would be most of the decision's time. An impression lost in a crash loses a count, not an
    // assignment (assignment is stateless).
    else written.catch(deps.onRecordError);
  }
  return JSON.stringify(delivered.response);
}

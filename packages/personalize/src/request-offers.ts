/**
 * One delivery request, from ids to answer (spec §7): visitor ids (2000 ms at most), the request,
 * GET or POST, the answer read and remembered. The timeout (3000 ms, §9) counts from the call, the
 * visitor-id wait included, and aborts the transport: an answer that comes later is ignored.
 */
import type { DeliveryResponse } from '@mesura/protocol';
import type { PersonalizationDeps } from './deps.js';
import type { ResolvedOptions } from './options.js';
import { deliveryCall, serverOrigin } from './delivery-call.js';
import { DELIVERY_DISABLED, NOT_OPTED_IN, REQUEST_TIMED_OUT, UNKNOWN_ERROR } from './errors.js';
import type { HeldReason } from './delivery-gate.js';
import { buildDeliveryRequest } from './request-builder.js';
import type { Session } from './session.js';
import { settleWithin } from './settle-within.js';
import { failure, sendDelivery, type DeliveryResult } from './transport.js';
import { readVisitorIds } from './visitor-ids.js';

/** What a request needs of the client (core.ts's Core has it all). */
export interface RequestEnv {
  deps: PersonalizationDeps;
  session: Session;
  options: Pick<ResolvedOptions, 'clientCode' | 'server'>;
  /** `mboxPage`: one id per page load. */
  pageId: string;
  /** The page's next request number (`mboxCount`). */
  nextCount(): number;
  /** Why no request may go now (core.ts's gate). */
  held(): HeldReason | undefined;
}

export interface RequestInput {
  mbox: string;
  params: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** trackEvent: the request may outlive the page. */
  keepalive?: boolean;
}

export async function requestOffers(env: RequestEnv, input: RequestInput): Promise<DeliveryResult> {
  // Every browser that runs this bundle's syntax (es2020) has AbortController.
  const controller = new AbortController();
  // Started before the first await: the session id is renewed at once (fetch-offer.ts relies on it).
  const answered = attempt(env, input, controller.signal).catch(() => failure(UNKNOWN_ERROR));
  const result = await settleWithin(answered, env.deps, input.timeoutMs);
  if (result) return result;
  controller.abort(); // a late answer is never read
  return failure(REQUEST_TIMED_OUT, 'timeout');
}

async function attempt(env: RequestEnv, input: RequestInput, signal: AbortSignal): Promise<DeliveryResult> {
  const { deps, session } = env;
  // Numbered and timed when asked, not when the visitor ids come.
  const fixed = { sessionId: session.renewSessionId(), count: env.nextCount(), requestId: deps.randomId(), nowMs: deps.now() };
  const ids = await readVisitorIds(deps.visitorIds, deps, deps.warn);
  // Consent may have been withdrawn while the customer ids were awaited: then nothing leaves.
  if (env.held() === 'no-consent') return failure(NOT_OPTED_IN);
  const { location } = deps;
  const request = buildDeliveryRequest({
    ...fixed,
    ...ids,
    mbox: input.mbox,
    params: input.params,
    deviceId: session.tracking().deviceId,
    pageId: env.pageId,
    url: location.href,
    host: location.hostname,
    referrer: deps.document.referrer,
    screen: deps.screenInfo(),
  });
  const origin = serverOrigin({ server: env.options.server, edgeHost: session.edgeHost(), origin: location.origin, protocol: location.protocol });
  const result = await sendDelivery(deps.send, deliveryCall(origin, env.options.clientCode, request), { signal, keepalive: input.keepalive, warn: deps.warn });
  if (!result.ok || signal.aborted) return result;
  session.remember(result.response);
  return disabledByServer(result.response) ? failure(DELIVERY_DISABLED) : result;
}

/** The server switched delivery off: its disable cookie is written (remember), nothing renders. */
function disabledByServer(response: DeliveryResponse): boolean {
  return response.disabled !== undefined;
}

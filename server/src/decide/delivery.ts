/**
 * One delivery request answered: ids, the decision or the click conversion, the wire response,
 * and the decision events to record; or, with delivery switched off, the `disabled` notice and
 * nothing else; or, for an editor's preview, the previewed experience and nothing recorded; or,
 * when the request's consent refuses personalisation, nothing at all. No HTTP here
 * (delivery-handler.ts) and no I/O: the caller writes the events.
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryRequest, DeliveryResponse, DeviceClass } from '@mesura/protocol';
import type { ConsentRefusal } from '../ingest/consent-check.js';
import type { DecisionEventRow } from '../store/decision-row.js';
import type { ActivityIndex } from './activity-index.js';
import { requestContext } from './audience.js';
import { decide } from './decide.js';
import { offerOf, parseClickToken } from './offer.js';
import { previewDecision } from './preview-decision.js';
import type { PreviewGrant } from './preview-token.js';
import { requestIds } from './visitor-ids.js';

/**
 * The mbox parameters a click comes back in, each carrying the offer's click token: Mesura's
 * client's trackEvent (packages/personalize); the commercial 1.x library's request for
 * `{mbox}-clicked`, from a trackClick action's `clickTrackId` (commercial-actions.ts) or, for an
 * HTML offer's container, from the offer's `clickToken` as `mboxTarget`.
 */
export const CLICK_TOKEN_PARAMS = ['clickToken', 'clickTrackId', 'mboxTarget'] as const;
/** The 1.x library reports a click on mbox `m` as a request for `m-clicked`. */
export const CLICKED_MBOX_SUFFIX = '-clicked';

export interface Delivered {
  response: DeliveryResponse;
  /** Impressions of the experiences returned, or the click's conversion. */
  events: DecisionEventRow[];
  /** A conversion is what the request is for: it is answered once durable. Impressions are not waited for. */
  isConversion: boolean;
}

/** What every answer of a client code carries besides its decision (delivery-settings.ts). */
export interface AnswerSettings {
  /** The host the client sends its next requests to, for 1860000 ms (§9). */
  edgeHost?: string | undefined;
  /** Delivery switched off: this notice instead of a decision. */
  disabled?: DisabledNotice | undefined;
}

export type DisabledNotice = NonNullable<DeliveryResponse['disabled']>;

export function disabledNotice(clientCode: string, durationMs: number): DisabledNotice {
  return {
    message: `Personalisation delivery for client code ${clientCode} is switched off by the server's operator; do not ask again for ${durationMs} ms.`,
    duration: durationMs,
  };
}

/** What a request is answered with besides its parameters. */
export interface DeliveryContext {
  /** The request's device class (its user agent, ingest/steps/user-agent.ts). */
  device: DeviceClass;
  /** The decision time recorded with its events. */
  nowMs: number;
  /** Defaults to none: no edge host, delivery on. */
  settings?: AnswerSettings;
  /** A verified preview token of the page (preview-decision.ts): its experience is shown, and nothing is recorded. */
  preview?: PreviewGrant | undefined;
  /** Why the request's TCF signal refuses personalisation (delivery-consent.ts); undefined when it may be decided. */
  consentRefused?: ConsentRefusal | undefined;
}

/**
 * The answer to a request its consent refuses: no offer, and no session, device or edge host for
 * the client to keep, so that neither a profile nor a cookie outlives the visitor's refusal.
 */
const REFUSED_BY_CONSENT: DeliveryResponse = { sessionId: '', tntId: '', offers: [] };

export function deliver(index: ActivityIndex, request: DeliveryRequest, { device, nowMs, settings = {}, preview, consentRefused }: DeliveryContext): Delivered {
  // Refused: nothing decided, given or recorded, a click or a preview included (checked before the ids are made).
  if (consentRefused !== undefined) return { response: REFUSED_BY_CONSENT, events: [], isConversion: false };
  const ids = requestIds(request);
  // Keys in the wire's order: sessionId, tntId, edgeHost?, offers, disabled?.
  const base = { sessionId: ids.sessionId, tntId: ids.tntId, ...(settings.edgeHost !== undefined && { edgeHost: settings.edgeHost }) };
  // Switched off: no decision and nothing recorded, not even a click (the client stops asking anyway).
  if (settings.disabled) return { response: { ...base, offers: [], disabled: settings.disabled }, events: [], isConversion: false };
  const event = (type: DecisionEventRow['type'], activityId: string, experienceId: string): DecisionEventRow => ({
    kind: 'decision',
    decisionId: randomUUID(),
    type,
    activityId,
    experienceId,
    visitorKey: ids.visitorKey,
    analyticsVisitorId: request.visitorId ?? null,
    mbox: request.mbox,
    atMs: nowMs,
  });
  const token = clickTokenOf(request);
  // An editor's preview records nothing at all, its clicks included: it is not a visitor's page.
  if (preview) {
    const previewed = token === undefined ? previewDecision(index, request.mbox, preview) : undefined;
    const decisions = token === undefined ? decide(index, request.mbox, requestContext(request, device), ids.visitorKey, previewed) : [];
    return { response: { ...base, offers: decisions.map(offerOf) }, events: [], isConversion: false };
  }
  if (token !== undefined) {
    // A click: never decided again, counted for an active click-goal activity that has the experience.
    const click = parseClickToken(token);
    const activity = click && index.byId(click.activityId);
    const counted = activity && activity.status === 'active' && activity.goal.type === 'click' && activity.experiences.some((e) => e.id === click.experienceId);
    return { response: { ...base, offers: [] }, events: counted ? [event('conversion', click.activityId, click.experienceId)] : [], isConversion: true };
  }
  const decisions = decide(index, request.mbox, requestContext(request, device), ids.visitorKey);
  return {
    response: { ...base, offers: decisions.map(offerOf) },
    events: decisions.map((d) => event('impression', d.activity.id, d.experience.id)),
    isConversion: false,
  };
}

/**
 * The click token a request carries: the first non-empty click parameter in the request's order.
 * The 1.x library's `clickTrackId` and `mboxTarget` count only on its `{mbox}-clicked` requests, so
 * that a page parameter of that name cannot turn an ordinary request into a click.
 */
function clickTokenOf(request: DeliveryRequest): string | undefined {
  const clickedMbox = request.mbox.endsWith(CLICKED_MBOX_SUFFIX);
  for (const [name, value] of Object.entries(request.params)) {
    if (value === '' || !(CLICK_TOKEN_PARAMS as readonly string[]).includes(name)) continue;
    if (name === 'clickToken' || clickedMbox) return value;
  }
  return undefined;
}

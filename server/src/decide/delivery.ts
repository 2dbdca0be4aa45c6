/**
 * One delivery request answered: ids, the decision or the click conversion, the wire response,
 * and the decision events to record; or, with delivery switched off, the `disabled` notice and
 * nothing else. No HTTP here (delivery-handler.ts) and no I/O: the caller writes the events.
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryRequest, DeliveryResponse } from '@mesura/protocol';
import type { DeviceClass } from '../ingest/steps/user-agent.js';
import type { DecisionEventRow } from '../store/decision-row.js';
import type { ActivityIndex } from './activity-index.js';
import { requestContext } from './audience.js';
import { decide } from './decide.js';
import { offerOf, parseClickToken } from './offer.js';
import { requestIds } from './visitor-ids.js';

/**
 * The mbox parameters a click comes back in, each carrying the offer's click token: Mesura's
 * client's trackEvent (packages/personalize); the commercial 1.x library's request for
 * `{mbox}-clicked`, from a trackClick action's `clickTrackId` (commercial-actions.ts) or, for an
 * HTML offer's container, from the offer's `clickToken` as `mboxTarget`.
 */
export const CLICK_TOKEN_PARAMS = ['clickToken', 'clickTrackId', 'mboxTarget'] as const;

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

export function deliver(index: ActivityIndex, request: DeliveryRequest, device: DeviceClass, nowMs: number, settings: AnswerSettings = {}): Delivered {
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
  const token = clickTokenOf(request.params);
  if (token !== undefined) {
    // A click reported by trackEvent: counted for an activity that exists, never decided again.
    const click = parseClickToken(token);
    const known = click && index.byId(click.activityId)?.experiences.some((e) => e.id === click.experienceId);
    return { response: { ...base, offers: [] }, events: known ? [event('conversion', click.activityId, click.experienceId)] : [], isConversion: true };
  }
  const decisions = decide(index, request.mbox, requestContext(request, device), ids.visitorKey);
  return {
    response: { ...base, offers: decisions.map(offerOf) },
    events: decisions.map((d) => event('impression', d.activity.id, d.experience.id)),
    isConversion: false,
  };
}

function clickTokenOf(params: Readonly<Record<string, string>>): string | undefined {
  for (const name of CLICK_TOKEN_PARAMS) if (Object.hasOwn(params, name)) return params[name];
  return undefined;
}

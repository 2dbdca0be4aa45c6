/**
 * One delivery request answered: ids, the decision or the click conversion, the wire response,
 * and the decision events to record. No HTTP here (delivery-handler.ts) and no I/O: the caller
 * writes the events.
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

/** The mbox parameter the client's trackEvent carries for a click (packages/personalize). */
export const CLICK_TOKEN_PARAM = 'clickToken';

export interface Delivered {
  response: DeliveryResponse;
  /** Impressions of the experiences returned, or the click's conversion. */
  events: DecisionEventRow[];
  /** A conversion is what the request is for: it is answered once durable. Impressions are not waited for. */
  isConversion: boolean;
}

export function deliver(index: ActivityIndex, request: DeliveryRequest, device: DeviceClass, nowMs: number): Delivered {
  const ids = requestIds(request);
  const base = { sessionId: ids.sessionId, tntId: ids.tntId };
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
  const token = request.params[CLICK_TOKEN_PARAM];
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

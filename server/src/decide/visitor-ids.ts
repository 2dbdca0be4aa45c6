/**
 * The ids a decision answers with. `tntId` is the device (profile) id the client keeps in its
 * device cookie and sends back as `mboxPC`: `{32 hex}.{edge}_0`, the shape the commercial
 * library's servers give (an id, the edge cluster that made it, a profile version). Mesura has one
 * "edge", named DEVICE_ID_EDGE. The visitor key that assignment and reports use is the part before
 * the first `.`, so the same visitor is recognised however the suffix is written.
 */
import { createHash, randomBytes } from 'node:crypto';

export const DEVICE_ID_EDGE = '1';

export interface RequestIds {
  sessionId: string;
  tntId: string;
  /** Assignment and reporting key of the visitor. */
  visitorKey: string;
}

/**
 * The request's own ids where it has them. A first request without `mboxPC` but with the analytics
 * visitor id (`mboxMCGVID`) gets a device id derived from it, so the assignment made now is the
 * one made on the next request (which carries that device id back): sticky from the first call.
 */
export function requestIds(request: { sessionId: string; deviceId?: string; visitorId?: string }): RequestIds {
  const sessionId = request.sessionId || randomHex();
  if (request.deviceId) return { sessionId, tntId: request.deviceId, visitorKey: visitorKeyOf(request.deviceId) };
  const id = request.visitorId ? createHash('sha256').update(request.visitorId).digest('hex').slice(0, 32) : randomHex();
  return { sessionId, tntId: `${id}.${DEVICE_ID_EDGE}_0`, visitorKey: id };
}

export function visitorKeyOf(deviceId: string): string {
  const dot = deviceId.indexOf('.');
  return dot > 0 ? deviceId.slice(0, dot) : deviceId;
}

function randomHex(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The delivery request of one call (spec §7, wire-formats §3), from plain data. Pure: the client
 * gathers ids, clock and screen, and this puts them in packages/protocol's `DeliveryRequest`.
 */
import type { DeliveryRequest } from '@mesura/protocol';
import { CROSS_DOMAIN, LIBRARY_VERSION } from './constants.js';
import type { ScreenInfo } from './deps.js';

/** The request's fields that the client gathers (deps.ts), with the clock and screen they come from. */
export interface RequestContext extends Omit<DeliveryRequest, 'version' | 'time' | 'browser' | 'screen' | 'xDomain'> {
  nowMs: number;
  screen: ScreenInfo;
}

/** The request shares the context's objects: it is encoded at once and never changed. */
export function buildDeliveryRequest({ nowMs, screen, ...gathered }: RequestContext): DeliveryRequest {
  return {
    ...gathered,
    version: LIBRARY_VERSION,
    // `mboxTime`: the visitor's wall clock, so the server can tell the local hour of the visit.
    time: nowMs + screen.browser.timeOffsetMin * 60_000,
    browser: screen.browser,
    screen: screen.screen,
    xDomain: CROSS_DOMAIN,
  };
}

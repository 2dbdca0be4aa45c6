/**
 * The delivery request of one call (spec §7, wire-formats §3), from plain data. Pure: the client
 * gathers ids, clock and screen, and this puts them in packages/protocol's `DeliveryRequest`.
 */
import type { DeliveryRequest } from '@mesura/protocol';
import { CROSS_DOMAIN, LIBRARY_VERSION } from './constants.js';
import type { ScreenInfo, VisitorCustomerId } from './deps.js';

export interface RequestContext {
  mbox: string;
  /** mbox parameters, as plain keys; protocol drops any that would shadow a reserved name. */
  params: Readonly<Record<string, string>>;
  sessionId: string;
  deviceId: string | undefined;
  pageId: string;
  requestId: string;
  /** Requests of this page so far, this one included. */
  count: number;
  nowMs: number;
  href: string;
  hostname: string;
  referrer: string;
  screen: ScreenInfo;
  visitorId: string | undefined;
  customerIds: Readonly<Record<string, VisitorCustomerId>>;
}

/** The request shares the context's objects: it is encoded at once and never changed. */
export function buildDeliveryRequest(context: RequestContext): DeliveryRequest {
  const { screen } = context;
  return {
    mbox: context.mbox,
    sessionId: context.sessionId,
    deviceId: context.deviceId,
    pageId: context.pageId,
    requestId: context.requestId,
    version: LIBRARY_VERSION,
    count: context.count,
    // `mboxTime`: the visitor's wall clock, so the server can tell the local hour of the visit.
    time: context.nowMs + screen.browser.timeOffsetMin * 60_000,
    host: context.hostname,
    url: context.href,
    referrer: context.referrer,
    browser: screen.browser,
    screen: screen.screen,
    xDomain: CROSS_DOMAIN,
    visitorId: context.visitorId,
    customerIds: context.customerIds,
    params: context.params,
  };
}

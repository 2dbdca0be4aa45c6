/**
 * The client's DOM events (spec §4 "Personalisation events", wire-formats §3): CustomEvents on
 * `document`, named `mesura:personalize:{event}`, so the rules runtime and page code can listen:
 *
 *   document.addEventListener(PERSONALIZATION_EVENTS.requestFailed, (e) => e.detail.message);
 */
import { EVENT_PREFIX } from './constants.js';

/** Every event, by name. */
export const PERSONALIZATION_EVENTS = {
  // The library
  /** The client is ready; the global request (if any) has already started. */
  libraryLoaded: `${EVENT_PREFIX}library-loaded`,
  // The request
  /** A delivery request is about to go (consent given, delivery enabled). */
  requestStart: `${EVENT_PREFIX}request-start`,
  /** The answer came and is well formed; `responseTokens` names activities, experiences and offers. */
  requestSucceeded: `${EVENT_PREFIX}request-succeeded`,
  /** No usable answer; `message` is one of §8's ('Request timed out', 'Network request failed', …). */
  requestFailed: `${EVENT_PREFIX}request-failed`,
  // Rendering
  /** Offers are about to be applied to the page. */
  contentRenderingStart: `${EVENT_PREFIX}content-rendering-start`,
  /** Every action was applied. */
  contentRenderingSucceeded: `${EVENT_PREFIX}content-rendering-succeeded`,
  /** Some action could not be applied (missing selector after 5000 ms, unsupported action, …); `message` says which. */
  contentRenderingFailed: `${EVENT_PREFIX}content-rendering-failed`,
  /** The answer held no offer for the mbox: default content stays. */
  contentRenderingNoOffers: `${EVENT_PREFIX}content-rendering-no-offers`,
  /** A redirect offer is leaving the page; `redirect` is the URL. */
  contentRenderingRedirect: `${EVENT_PREFIX}content-rendering-redirect`,
} as const;

export type PersonalizationEventName = (typeof PERSONALIZATION_EVENTS)[keyof typeof PERSONALIZATION_EVENTS];

/** The ids the events report (wire-formats §3 `tracking`). */
export interface Tracking {
  sessionId: string | undefined;
  deviceId: string | undefined;
}

export interface PersonalizationEventDetail {
  /** The event's name. */
  type: PersonalizationEventName;
  /** Absent on library-loaded. */
  mbox?: string;
  tracking: Tracking;
  /** On request-failed and content-rendering-failed. */
  message?: string;
  /** On request-succeeded: each offer's response tokens. */
  responseTokens?: Record<string, unknown>[];
  /** On content-rendering-redirect. */
  redirect?: string;
}

export type EventFields = Omit<PersonalizationEventDetail, 'type' | 'tracking'>;

/** Dispatches one event on `doc`; a listener's exception stays the listener's. */
export function emit(doc: Document, type: PersonalizationEventName, tracking: Tracking, fields: EventFields = {}): void {
  const Custom = doc.defaultView?.CustomEvent ?? CustomEvent;
  const detail: PersonalizationEventDetail = { type, ...fields, tracking };
  doc.dispatchEvent(new Custom(type, { detail }));
}

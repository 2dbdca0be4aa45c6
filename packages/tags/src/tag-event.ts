/** What a rule listens for (spec §4 page lifecycle, §7 direct calls) and what it receives. */

/** Free-form data that comes with an event: a direct call's detail, a custom event's detail… */
export type EventDetail = Record<string, unknown>;

/** The clicked node, as the click source passes it; a DOM `Element` is one. */
export type ClickTarget = Pick<Element, 'closest'>;

/** An event handed to `TagRuntime.fire` (the browser sources build these; tests may too). */
export type TagEvent =
  // The page lifecycle of §4, once per page load.
  /** The runtime has started (`start()`): the earliest moment a rule can run. */
  | { type: 'libraryLoaded'; detail?: EventDetail }
  /** The document has been parsed (`DOMContentLoaded`, or already past it at start). */
  | { type: 'domReady'; detail?: EventDetail }
  /** The page and its resources have loaded (`load`, or already past it at start). */
  | { type: 'windowLoaded'; detail?: EventDetail }
  // Calls and interactions.
  /** `runtime.track(name, detail)`, e.g. `scPageView`, `scCompartir` (§7). */
  | { type: 'directCall'; name: string; detail?: EventDetail }
  /** A click anywhere in the document; rules match it against their CSS selector. */
  | { type: 'click'; element: ClickTarget; detail?: EventDetail }
  /** A DOM `CustomEvent` of this name reached the window (consent ready/changed, personalisation). */
  | { type: 'custom'; name: string; detail?: EventDetail }
  /** A single-page app moved to another path or query (history API), settled to one per navigation. */
  | { type: 'routeChange'; detail?: EventDetail };

/** One of the event types. */
export type TagEventType = TagEvent['type'];

import type { QueuedPage } from './queued-page.js';

/**
 * A call the inline snippet queued before the bundle arrived: `['track', name, detail?]` or
 * `['setCustomerIds', ids]`.
 */
export type QueuedCall = [string, ...unknown[]];

/** What the inline snippet leaves on `window.mesura`: the calls, and the page each was made on. */
export interface SnippetQueue {
  q?: QueuedCall[];
  /** The page of each queued call (same index as `q`): `window.mesuraData` and `location.href` at that moment. */
  s?: QueuedPage[];
  /** A visitor id the address brought from a sister domain, for the SDK to adopt (head snippet). */
  v?: string;
  /** The customer ids declared so far (`setCustomerIds`, merged), for bundles that run before the SDK. */
  c?: Record<string, unknown>;
}

/** What the queued calls are replayed into: the SDK's `window.mesura`. */
export interface QueueTarget {
  track(name: string, detail?: never): void;
  setCustomerIds(ids: never): void;
}

/** Has the calls made next handled on `page` (start.ts `show`, queued-page.ts); `undefined`: on the page shown. */
export type ShowPage = (page?: QueuedPage) => void;

/**
 * Replays the snippet's queue in order. Each call is handled on the page it was made on, its data
 * layer and address: in a single-page app the site rewrites the data layer on every route, so two
 * routes visited before the bundle arrived would otherwise both be measured as the page shown when
 * it did. A call of an older snippet, which noted no page, is handled on the page shown.
 */
export function replayQueue(queue: SnippetQueue | undefined, target: QueueTarget, show: ShowPage): void {
  const { q = [], s = [] } = queue ?? {};
  q.forEach(([method, name, detail], index) => {
    if (method === 'setCustomerIds') return target.setCustomerIds(name as never);
    if (method !== 'track' || typeof name !== 'string') return;
    show(s[index]);
    target.track(name, detail as never);
  });
  show();
}

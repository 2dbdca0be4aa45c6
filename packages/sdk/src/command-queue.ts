/**
 * A call the inline snippet queued before the bundle arrived: `['track', name, detail?]` or
 * `['setCustomerIds', ids]`.
 */
export type QueuedCall = [string, ...unknown[]];

/** What the inline snippet leaves on `window.mesura`: the calls, and the data layer each was made with. */
export interface SnippetQueue {
  q?: QueuedCall[];
  /** `window.mesuraData` at the moment of each queued call (same index as `q`). */
  d?: unknown[];
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

export interface DataLayerSlot {
  get(): unknown;
  set(value: unknown): void;
}

/**
 * Replays the snippet's queue in order. Each call sees the data layer it was made with: in a
 * single-page app the site rewrites the data layer on every route, so two routes visited before
 * the bundle arrived would otherwise both be measured with the second one's data.
 */
export function replayQueue(queue: SnippetQueue | undefined, target: QueueTarget, data: DataLayerSlot): void {
  const current = data.get();
  const calls = queue?.q ?? [];
  calls.forEach(([method, name, detail], index) => {
    if (method === 'setCustomerIds') return target.setCustomerIds(name as never);
    if (method !== 'track' || typeof name !== 'string') return;
    if (queue?.d && index < queue.d.length) data.set(queue.d[index]);
    target.track(name, detail as never);
  });
  data.set(current);
}

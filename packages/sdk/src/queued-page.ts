/**
 * The page a call of the head snippet's queue was made on, as the tag runtime reads it while it
 * handles that call. The snippet (head-snippet.ts) notes, with each call, the data layer and the
 * address of that moment. The runtime handles a call later than it is made, one event after
 * another behind a promise (packages/tags core/dispatcher.ts): writing each call's data layer back
 * on the window as it is replayed would have every replayed page view read the last one, and the
 * address shown at replay time. So the runtime's data layer and location are these, which read the
 * queued call's page while the runtime handles that call, and the page shown otherwise; the
 * window's data layer and address are never touched. The referrer follows: the analytics takes
 * each page view's address as the next one's referrer.
 */
import type { TagEnvironment, TagLocation, TagRuntime } from '@mesura/tags';

/** A queued call's page: the data layer and the address (absent: the page shown's) when it was made. */
export interface QueuedPage {
  data?: unknown;
  href?: string;
}

type PageReads = Pick<TagEnvironment, 'dataLayer' | 'location'>;

/** The runtime's environment, reading the page of the queued call it handles. */
export type QueuedPages<Env extends PageReads> = Env & {
  /** The runtime reads `page` from the moment it comes to the event fired next; `undefined`: the page shown again. */
  show(page?: QueuedPage): void;
};

/**
 * `env` (the page shown), its data layer and location reading instead the page `show` gives,
 * switched through `runtime()`'s own queue of events.
 */
export function queuedPages<Env extends PageReads>(env: Env, runtime: () => TagRuntime): QueuedPages<Env> {
  let page: QueuedPage | undefined;
  return {
    ...env,
    dataLayer: () => (page ? page.data : env.dataLayer()),
    location: new Proxy(env.location, { get: (shown, key: keyof TagLocation) => (page?.href ? new URL(page.href) : shown)[key] }),
    // An event no rule listens for, fired to learn when the runtime has handled all fired before:
    // the switch runs then, before the runtime takes the next (callbacks run in the order given).
    show: (next) =>
      void runtime()
        .fire({ type: 'custom', name: '' })
        .then(() => (page = next)),
  };
}

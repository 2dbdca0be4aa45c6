/**
 * The media bootstrap, the body of `/mesura-media.js`: the tag rule `media tracker`
 * loads it on pages with a player, under the `video-analytics` vendor's consent.
 *
 * 1. The namespace (`mesuraConfig.mediaNamespace`, default `mesuraMedia`) must be free: a taken
 *    name is refused with one log line, and nothing else happens (§8).
 * 2. It waits for the measurement library, `window.mesura` with its analytics and identity: at
 *    once, then every 250 ms up to 40 polls; then it gives up with one log line (§8, §9).
 * 3. It exports the API and tells the page (`mesura:media-ready`). Trackers report only once the
 *    CMP has signalled the visitor's choice (§4 "Reporting starts only when the measurement
 *    library is ready and begin-reporting was signalled"): until then their privacy status is
 *    unknown, and what they would send waits in their queue.
 */
import type { PrivacySource, Timers } from '@mesura/media';
import { DEFAULT_MEDIA_NAMESPACE, LIBRARY_POLL_INTERVAL_MS, LIBRARY_POLL_MAX_POLLS, MEDIA_READY_EVENT } from './constants.js';
import { MEASUREMENT_LIBRARY_MISSING, mediaNamespaceTaken } from './errors.js';
import { createMediaApi, type MesuraMediaApi, type PageAddress } from './media-api.js';
import type { MesuraGlobal } from './mesura-global.js';

/** The page as the bootstrap sees it; `window` and `location` in the browser. */
export interface MediaBootstrapEnv {
  /** The global object: the namespace, `mesura`, `mesuraConfig`, and `dispatchEvent`. */
  window: Record<string, unknown> & Pick<EventTarget, 'dispatchEvent'>;
  page: PageAddress;
  timers: Timers;
  /** Consent, once the library is there (it needs the identity's opt-out). */
  privacy: (library: MesuraGlobal) => PrivacySource;
  /** One line per refusal. */
  log: (message: string) => void;
}

export function startMediaBootstrap(env: MediaBootstrapEnv): void {
  const namespace = mediaNamespace(env.window.mesuraConfig);
  if (env.window[namespace] !== undefined) return env.log(mediaNamespaceTaken(namespace));
  waitForLibrary(env, (library) => {
    // The page may have taken the name while the library was awaited.
    if (env.window[namespace] !== undefined) return env.log(mediaNamespaceTaken(namespace));
    const api: MesuraMediaApi = createMediaApi({ library, privacy: env.privacy(library), page: env.page });
    env.window[namespace] = api;
    env.window.dispatchEvent(new CustomEvent(MEDIA_READY_EVENT, { detail: { namespace } }));
  });
}

/** `mesuraConfig.mediaNamespace` when it is a usable property name, else the default. */
export function mediaNamespace(config: unknown): string {
  const chosen = typeof config === 'object' && config !== null ? (config as { mediaNamespace?: unknown }).mediaNamespace : undefined;
  return typeof chosen === 'string' && chosen.trim() !== '' ? chosen.trim() : DEFAULT_MEDIA_NAMESPACE;
}

/** The SDK, not the head snippet's queue that stands in `window.mesura` before it arrives. */
export function measurementLibrary(value: unknown): MesuraGlobal | undefined {
  const library = value as Partial<MesuraGlobal> | undefined;
  const ready = typeof library === 'object' && library !== null && typeof library.analytics === 'object' && typeof library.identity?.visitorId === 'function';
  return ready ? (library as MesuraGlobal) : undefined;
}

/** Checks now, then every LIBRARY_POLL_INTERVAL_MS, LIBRARY_POLL_MAX_POLLS times at most. */
function waitForLibrary(env: MediaBootstrapEnv, found: (library: MesuraGlobal) => void): void {
  let polls = 0;
  const attempt = () => {
    const library = measurementLibrary(env.window.mesura);
    if (library) return found(library);
    if (polls === LIBRARY_POLL_MAX_POLLS) return env.log(MEASUREMENT_LIBRARY_MISSING);
    polls += 1;
    env.timers.setTimer(attempt, LIBRARY_POLL_INTERVAL_MS);
  };
  attempt();
}

/**
 * createMediaTracker: checks the setup (§5), then gives the tracker's methods.
 * A failed setup gives a tracker whose every call is dropped with one log entry (§8 "Failure
 * creating the heartbeat tracker drops later tracking calls with a log entry"): a page's player
 * must never break because measurement is misconfigured.
 */
import { resolveDeps } from './browser-deps.js';
import type { MediaConfig, MediaDelegate } from './config.js';
import { consoleLog } from './console-log.js';
import type { MediaDeps } from './deps.js';
import { UNSUPPORTED_PLATFORM, trackerNotCreated } from './errors.js';
import type { MediaEvent } from './media-event.js';
import type { MediaObject } from './media-object.js';
import type { QoSObject } from './qos.js';
import { setupProblems } from './setup-checks.js';
import { createTrackerRuntime } from './tracker-runtime.js';

export interface MediaTracker {
  /** Starts a session for `media`; `contextData` is custom metadata (strings, numbers, booleans). */
  trackSessionStart(media: MediaObject, contextData?: Record<string, unknown>): void;
  trackPlay(): void;
  trackPause(): void;
  /** The media played to its end; the session stays open until trackSessionEnd. */
  trackComplete(): void;
  trackSessionEnd(): void;
  /** A playback error; without an id it is tracked as unknown_error_id (§8). */
  trackError(errorId?: string): void;
  /** `info`: the ad break, ad, chapter or QoS object, or the timed metadata, the event needs. */
  trackEvent(event: MediaEvent, info?: unknown, contextData?: Record<string, unknown>): void;
  /** Pushes the playhead (seconds); from then on it wins over the delegate's. */
  updatePlayhead(seconds: number): void;
  /** Pushes the QoS; from then on it wins over the delegate's. */
  updateQoEObject(qos: QoSObject): void;
  /** Stops the scheduler; nothing more is sent. */
  destroy(): void;
}

type TrackerMethod = Exclude<keyof MediaTracker, 'destroy'>;

const METHODS: readonly TrackerMethod[] = ['trackSessionStart', 'trackPlay', 'trackPause', 'trackComplete', 'trackSessionEnd', 'trackError', 'trackEvent', 'updatePlayhead', 'updateQoEObject'];

export function createMediaTracker(config: MediaConfig, delegate: MediaDelegate, deps: MediaDeps = {}): MediaTracker {
  const log = deps.log ?? consoleLog(config?.debug === true);
  const problems = setupProblems(config, delegate, deps);
  const resolved = resolveDeps(deps);
  if (resolved === undefined) problems.push(UNSUPPORTED_PLATFORM);
  const { visitor, analytics } = deps;
  if (problems.length > 0 || resolved === undefined || visitor === undefined || analytics === undefined) {
    for (const message of problems) log({ level: 'error', message });
    return droppingTracker((method) => log({ level: 'error', message: trackerNotCreated(method, problems[0] ?? '') }));
  }
  const runtime = createTrackerRuntime({
    setup: {
      ...config,
      ssl: config.ssl !== false,
      reportSuite: analytics.reportSuite,
      analyticsServer: analytics.trackingServer,
      analyticsSsl: analytics.ssl !== false,
      measurementVersion: analytics.version,
    },
    delegate,
    deps: resolved,
    visitor,
    analytics,
    log,
  });
  return {
    trackSessionStart: (media, contextData) => runtime.call({ call: 'trackSessionStart', media, contextData }),
    trackPlay: () => runtime.call({ call: 'trackPlay' }),
    trackPause: () => runtime.call({ call: 'trackPause' }),
    trackComplete: () => runtime.call({ call: 'trackComplete' }),
    trackSessionEnd: () => runtime.call({ call: 'trackSessionEnd' }),
    trackError: (errorId) => runtime.call({ call: 'trackError', errorId }),
    trackEvent: (event, info, contextData) => runtime.call({ call: 'trackEvent', event, info, contextData }),
    updatePlayhead: (seconds) => runtime.call({ call: 'updatePlayhead', seconds }),
    updateQoEObject: (qos) => runtime.call({ call: 'updateQoEObject', qos }),
    destroy: () => runtime.destroy(),
  };
}

/** Every method logs through `dropped` and does nothing else. */
function droppingTracker(dropped: (method: TrackerMethod) => void): MediaTracker {
  const tracker = { destroy: () => {} } as MediaTracker;
  for (const method of METHODS) (tracker as unknown as Record<string, () => void>)[method] = () => dropped(method);
  return tracker;
}

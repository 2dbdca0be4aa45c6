/**
 * The tracker's adapter (STYLE §2 "only its adapter executes them"): owns the state, reads the
 * clock, the delegate and the visitor into Readings, runs the step and then its effects. It also
 * runs the send clock (RULES 2): every SCHEDULER_TICK_MS from the last session start it ticks the
 * step, which hands over what leaves then; requests leave at once while the visitor is opted in,
 * and wait in the work queue until then (§4 "nothing is sent until opt-in").
 */
import { HEARTBEAT_INTERVAL_MS, SCHEDULER_TICK_MS, heartbeatUrl, parseMediaSettings, type HeartbeatQoS } from '@mesura/protocol';
import type { ResolvedDeps } from './browser-deps.js';
import type { MediaDelegate } from './config.js';
import { SETUP_CHECK_INTERVAL_MS, WORK_QUEUE_MAX_ITEMS } from './constants.js';
import type { LogEntry, LogLevel, TimerHandle, VisitorSource } from './deps.js';
import { QUEUE_FULL, internalError, sendFailed, settingsUnavailable, trackerFailed } from './errors.js';
import type { MediaAnalytics, SendResult } from './media-analytics.js';
import { NO_QOS, checkQoSObject, heartbeatQoS } from './qos.js';
import { rememberDisabled, rememberedDisabledUntil } from './remote-disabling.js';
import { newSessionId } from './session-id.js';
import { nextWakeAt } from './session-calls.js';
import { step } from './tracker-step.js';
import type { Effect, Input, Readings, Request, Setup, TrackerCall, TrackerState } from './tracker-state.js';
import { createWorkQueue } from './work-queue.js';

export interface RuntimeOptions {
  setup: Setup;
  delegate: MediaDelegate;
  deps: ResolvedDeps;
  visitor: VisitorSource;
  analytics: MediaAnalytics;
  log: (entry: LogEntry) => void;
}

/** What createMediaTracker calls: a public method's call, and the end of the tracker. */
export interface TrackerRuntime {
  /** A public method's call; after an internal error every call is dropped with 'Internal error'. */
  call(call: TrackerCall): void;
  /** Stops the scheduler and the privacy subscription; nothing more is sent. */
  destroy(): void;
}

/**
 * The runtime as a closure over its state rather than a class with private fields: the bundles
 * target ES2020, where `#fields` compile to WeakMap helper calls (about 1 KB gzip here), as
 * players/playback-driver.ts also says.
 */
export function createTrackerRuntime(options: RuntimeOptions): TrackerRuntime {
  const { setup, deps, delegate, visitor, analytics } = options;
  const { timers, clock } = deps;
  let state: TrackerState = {
    setup,
    settings: {
      trackingIntervalMs: HEARTBEAT_INTERVAL_MS,
      setupCheckIntervalMs: SETUP_CHECK_INTERVAL_MS,
    },
    privacy: deps.privacy.status(),
    disabled: false,
    disabledUntil: rememberedDisabledUntil(deps.storage, setup.publisher),
    failed: false,
    outbox: [],
  };
  const queue = createWorkQueue<Request>(WORK_QUEUE_MAX_ITEMS);
  let tickHandle: TimerHandle | undefined;
  /** The wake-up armed for nextWakeAt, and its time. */
  let wake: { handle: TimerHandle; atMs: number } | undefined;
  /** A settings read asked for while the visitor was not opted in; done at opt-in. */
  let pendingSettingsUrl: string | undefined;
  let destroyed = false;
  const log = (level: LogLevel, message: string) => options.log({ level, message });
  const stopped = () => destroyed || state.failed;
  const optedIn = () => state.privacy === 'opted-in';

  function dispatch(input: Input): void {
    if (stopped()) return;
    let effects: Effect[];
    try {
      ({ state, effects } = step(state, input, read()));
    } catch (error) {
      // §8 "'Internal error' when the heartbeat component is in error": it stays in error.
      state = { ...state, failed: true, session: undefined };
      queue.clear();
      stopTicking();
      return log('error', trackerFailed(error instanceof Error ? error.message : String(error)));
    }
    for (const effect of effects) run(effect);
    flush();
    scheduleTick();
    scheduleWake();
  }

  function scheduleWake(): void {
    const atMs = stopped() ? undefined : nextWakeAt(state.session);
    if (wake?.atMs === atMs) return;
    if (wake !== undefined) timers.clearTimer(wake.handle);
    wake = undefined;
    if (atMs === undefined) return;
    const handle = timers.setTimer(() => {
      wake = undefined;
      dispatch({ type: 'wake' });
    }, atMs - clock.now());
    wake = { handle, atMs };
  }

  /** Sends what the work queue holds, while the visitor is opted in. */
  function flush(): void {
    if (!optedIn() || state.failed) return;
    for (const request of queue.takeAll()) send(request);
  }

  function read(): Readings {
    const now = clock.now();
    const playhead = delegate.getCurrentPlaybackTime();
    return {
      now,
      playhead: typeof playhead === 'number' && Number.isFinite(playhead) ? playhead : 0,
      qos: qosReading(delegate.getQoSObject()),
      freshId: newSessionId(now, deps.random),
      visitorId: visitor.visitorId(),
      customerIds: visitor.customerIds?.(),
    };
  }

  function run(effect: Effect): void {
    switch (effect.type) {
      case 'send':
        if (queue.push(effect.request)) log('warn', QUEUE_FULL);
        break;
      case 'restart-send-clock':
        stopTicking();
        break;
      case 'log':
        log(effect.level, effect.message);
        break;
      case 'fetch-settings':
        fetchSettings(effect.url);
        break;
      case 'discard-queue':
        queue.clear();
        pendingSettingsUrl = undefined;
        break;
      case 'remember-disabled':
        rememberDisabled(deps.storage, setup.publisher, effect.untilMs);
        break;
    }
  }

  function scheduleTick(): void {
    if (tickHandle !== undefined || stopped()) return;
    const waiting = state.outbox.length > 0 || (queue.size > 0 && optedIn());
    if (state.session === undefined && !waiting) return;
    tickHandle = timers.setTimer(() => {
      tickHandle = undefined;
      dispatch({ type: 'tick' });
    }, SCHEDULER_TICK_MS);
  }

  function stopTicking(): void {
    if (tickHandle !== undefined) timers.clearTimer(tickHandle);
    tickHandle = undefined;
  }

  function send(request: Request): void {
    if (request.kind === 'heartbeat') {
      // The signal in force when it leaves: the one that let it leave.
      const consent = deps.privacy.signal?.();
      const url = heartbeatUrl(setup.trackingServer, setup.ssl, consent ? { ...request.heartbeat, consent } : request.heartbeat);
      return watch(() => deps.transport.send(url), url);
    }
    const { sessionId } = request.info;
    if (request.kind === 'media-start') watch(() => analytics.mediaStart(request.info), `ms_s hit of session ${sessionId}`);
    else watch(() => analytics.adStart(request.info), `msa_s hit of session ${sessionId}`);
  }

  /** §8 "Failed heartbeat sends are logged and the queue moves on". */
  function watch(attempt: () => SendResult, what: string): void {
    const failed = () => log('warn', sendFailed(what));
    try {
      Promise.resolve(attempt()).then((ok) => ok === false && failed(), failed);
    } catch {
      failed();
    }
  }

  function fetchSettings(url: string): void {
    if (!optedIn()) {
      pendingSettingsUrl = url;
      return;
    }
    pendingSettingsUrl = undefined;
    const unavailable = () => log('info', settingsUnavailable(url));
    try {
      deps.fetchText(url).then((xml) => dispatch({ type: 'settings', settings: parseMediaSettings(xml) }), unavailable);
    } catch {
      unavailable();
    }
  }

  const unsubscribe = deps.privacy.subscribe(() => {
    dispatch({ type: 'privacy', status: deps.privacy.status() });
    if (optedIn() && pendingSettingsUrl !== undefined) fetchSettings(pendingSettingsUrl);
  });

  return {
    call(call) {
      if (state.failed) return log('error', internalError(`${call.call} dropped`));
      dispatch({ type: 'call', ...call });
    },
    destroy() {
      destroyed = true;
      stopTicking();
      scheduleWake();
      unsubscribe();
    },
  };
}

/** The delegate's QoS in wire units; nothing usable reads as zeros. */
function qosReading(qos: unknown): HeartbeatQoS {
  if (qos === null || qos === undefined) return NO_QOS;
  const checked = checkQoSObject(qos);
  return checked.ok ? heartbeatQoS(checked.value) : NO_QOS;
}

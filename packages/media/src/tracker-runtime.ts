/**
 * The tracker's adapter (STYLE §2 "only its adapter executes them"): owns the state, reads the
 * clock, the delegate and the visitor into Readings, runs the step and then its effects. It also
 * runs the send clock (RULES 2): every SCHEDULER_TICK_MS from the last session start it ticks the
 * step, which hands over what leaves then; requests leave at once while the visitor is opted in,
 * and wait in the work queue until then (§4 "nothing is sent until opt-in").
 */
import {
  HEARTBEAT_INTERVAL_MS,
  SCHEDULER_TICK_MS,
  heartbeatUrl,
  parseMediaSettings,
  type HeartbeatQoS,
} from '@mesura/protocol';
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
import { WorkQueue } from './work-queue.js';

export interface RuntimeOptions {
  setup: Setup;
  delegate: MediaDelegate;
  deps: ResolvedDeps;
  visitor: VisitorSource;
  analytics: MediaAnalytics;
  log: (entry: LogEntry) => void;
}

export class TrackerRuntime {
  #state: TrackerState;
  readonly #queue = new WorkQueue<Request>(WORK_QUEUE_MAX_ITEMS);
  #tickHandle: TimerHandle | undefined;
  /** The wake-up armed for nextWakeAt, and its time. */
  #wake: { handle: TimerHandle; atMs: number } | undefined;
  /** A settings read asked for while the visitor was not opted in; done at opt-in. */
  #pendingSettingsUrl: string | undefined;
  readonly #unsubscribe: () => void;
  #destroyed = false;
  readonly #options: RuntimeOptions;

  constructor(options: RuntimeOptions) {
    this.#options = options;
    const { setup, deps } = options;
    this.#state = {
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
    this.#unsubscribe = deps.privacy.subscribe(() => this.#privacyChanged());
  }

  /** A public method's call; after an internal error every call is dropped with 'Internal error'. */
  call(call: TrackerCall): void {
    if (this.#state.failed) return this.#log('error', internalError(`${call.call} dropped`));
    this.#dispatch({ type: 'call', ...call });
  }

  /** Stops the scheduler and the privacy subscription; nothing more is sent. */
  destroy(): void {
    this.#destroyed = true;
    this.#stopTicking();
    this.#scheduleWake();
    this.#unsubscribe();
  }

  #dispatch(input: Input): void {
    if (this.#destroyed || this.#state.failed) return;
    let effects: Effect[];
    try {
      ({ state: this.#state, effects } = step(this.#state, input, this.#read()));
    } catch (error) {
      // §8 "'Internal error' when the heartbeat component is in error": it stays in error.
      this.#state = { ...this.#state, failed: true, session: undefined };
      this.#queue.clear();
      this.#stopTicking();
      return this.#log('error', trackerFailed(error instanceof Error ? error.message : String(error)));
    }
    for (const effect of effects) this.#run(effect);
    this.#flush();
    this.#scheduleTick();
    this.#scheduleWake();
  }

  #scheduleWake(): void {
    const atMs = this.#destroyed || this.#state.failed ? undefined : nextWakeAt(this.#state.session);
    if (this.#wake?.atMs === atMs) return;
    const { timers, clock } = this.#options.deps;
    if (this.#wake !== undefined) timers.clearTimer(this.#wake.handle);
    this.#wake = undefined;
    if (atMs === undefined) return;
    const handle = timers.setTimer(() => {
      this.#wake = undefined;
      this.#dispatch({ type: 'wake' });
    }, atMs - clock.now());
    this.#wake = { handle, atMs };
  }

  /** Sends what the work queue holds, while the visitor is opted in. */
  #flush(): void {
    if (this.#state.privacy !== 'opted-in' || this.#state.failed) return;
    for (const request of this.#queue.take(this.#queue.size)) this.#send(request);
  }

  #read(): Readings {
    const { deps, delegate, visitor } = this.#options;
    const now = deps.clock.now();
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

  #run(effect: Effect): void {
    const { deps, setup } = this.#options;
    switch (effect.type) {
      case 'send':
        if (this.#queue.push(effect.request)) this.#log('warn', QUEUE_FULL);
        break;
      case 'restart-send-clock':
        this.#stopTicking();
        break;
      case 'log':
        this.#log(effect.level, effect.message);
        break;
      case 'fetch-settings':
        this.#fetchSettings(effect.url);
        break;
      case 'discard-queue':
        this.#queue.clear();
        this.#pendingSettingsUrl = undefined;
        break;
      case 'remember-disabled':
        rememberDisabled(deps.storage, setup.publisher, effect.untilMs);
        break;
    }
  }

  #scheduleTick(): void {
    if (this.#tickHandle !== undefined || this.#destroyed || this.#state.failed) return;
    const waiting = this.#state.outbox.length > 0 || (this.#queue.size > 0 && this.#state.privacy === 'opted-in');
    if (this.#state.session === undefined && !waiting) return;
    this.#tickHandle = this.#options.deps.timers.setTimer(() => this.#onTick(), SCHEDULER_TICK_MS);
  }

  #stopTicking(): void {
    if (this.#tickHandle !== undefined) this.#options.deps.timers.clearTimer(this.#tickHandle);
    this.#tickHandle = undefined;
  }

  #onTick(): void {
    this.#tickHandle = undefined;
    this.#dispatch({ type: 'tick' });
  }

  #send(request: Request): void {
    const { deps, setup, analytics } = this.#options;
    if (request.kind === 'heartbeat') {
      // The signal in force when it leaves: the one that let it leave.
      const consent = deps.privacy.signal?.();
      const url = heartbeatUrl(setup.trackingServer, setup.ssl, consent ? { ...request.heartbeat, consent } : request.heartbeat);
      return this.#watch(() => deps.transport.send(url), url);
    }
    const { sessionId } = request.info;
    if (request.kind === 'media-start') this.#watch(() => analytics.mediaStart(request.info), `ms_s hit of session ${sessionId}`);
    else this.#watch(() => analytics.adStart(request.info), `msa_s hit of session ${sessionId}`);
  }

  /** §8 "Failed heartbeat sends are logged and the queue moves on". */
  #watch(send: () => SendResult, what: string): void {
    const failed = () => this.#log('warn', sendFailed(what));
    try {
      Promise.resolve(send()).then((ok) => ok === false && failed(), failed);
    } catch {
      failed();
    }
  }

  #fetchSettings(url: string): void {
    if (this.#state.privacy !== 'opted-in') {
      this.#pendingSettingsUrl = url;
      return;
    }
    this.#pendingSettingsUrl = undefined;
    const unavailable = () => this.#log('info', settingsUnavailable(url));
    try {
      this.#options.deps.fetchText(url).then((xml) => this.#dispatch({ type: 'settings', settings: parseMediaSettings(xml) }), unavailable);
    } catch {
      unavailable();
    }
  }

  #privacyChanged(): void {
    this.#dispatch({ type: 'privacy', status: this.#options.deps.privacy.status() });
    if (this.#state.privacy === 'opted-in' && this.#pendingSettingsUrl !== undefined) this.#fetchSettings(this.#pendingSettingsUrl);
  }

  #log(level: LogLevel, message: string): void {
    this.#options.log({ level, message });
  }
}

/** The delegate's QoS in wire units; nothing usable reads as zeros. */
function qosReading(qos: unknown): HeartbeatQoS {
  if (qos === null || qos === undefined) return NO_QOS;
  const checked = checkQoSObject(qos);
  return checked.ok ? heartbeatQoS(checked.value) : NO_QOS;
}

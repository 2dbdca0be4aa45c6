/**
 * The tracker's adapter (STYLE §2 "only its adapter executes them"): owns the state, reads the
 * clock, the delegate and the visitor into Readings, runs the step and then its effects. It also
 * is the heartbeat scheduler: every SCHEDULER_TICK_MS it ticks the step and sends what waits in
 * the work queue, while the visitor is opted in (§4 "nothing is sent until opt-in").
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
    this.#scheduleTick();
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
    const waiting = this.#queue.size > 0 && this.#state.privacy === 'opted-in';
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
    // What waited before this tick leaves; what the sends themselves queue (aa_start) waits one more.
    if (this.#state.privacy === 'opted-in' && !this.#state.failed) {
      for (const request of this.#queue.take(this.#queue.size)) this.#send(request);
    }
    this.#scheduleTick();
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
    if (request.kind === 'media-start') {
      this.#watch(() => analytics.mediaStart(request.info), `ms_s hit of session ${sessionId}`);
      this.#dispatch({ type: 'analytics-sent', sid: sessionId });
    } else {
      this.#watch(() => analytics.adStart(request.info), `msa_s hit of session ${sessionId}`);
      this.#dispatch({ type: 'analytics-sent', sid: sessionId, adSid: request.info.ad.sid });
    }
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

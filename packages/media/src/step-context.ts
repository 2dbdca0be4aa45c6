/**
 * One step's working copy: the draft state the handlers change, what the adapter read, and the
 * effects collected for the adapter to run. Handlers write through it, so that a step stays a
 * function of (state, input, readings).
 */
import type { HeartbeatAssetType, HeartbeatEventType, HeartbeatQoS } from '@mesura/protocol';
import type { LogLevel } from './deps.js';
import { IGNORED_METADATA } from './errors.js';
import { buildHeartbeat, type HeartbeatSpec } from './heartbeat-builder.js';
import { keepScalars, type Checked } from './input-checks.js';
import type { Effect, Readings, Request, SessionState, TrackerState } from './tracker-state.js';

/** How a heartbeat joins the outbox. */
export interface Queueing {
  /** It is the opening heartbeat of this Reported.id (RULES 6). */
  openingOf?: number;
  /** RULES 18: an AdStart before it leaves withdraws it. */
  withdrawnByAdStart?: boolean;
  /** RULES 1: it leaves at once, not on the send clock (the session's first `start`). */
  now?: boolean;
}

/**
 * Fields are `declare`d and set in the constructor: initialised or parameter fields compile to a
 * defineProperty helper in the ES2020 bundles.
 */
export class StepContext {
  declare readonly state: TrackerState;
  declare readonly readings: Readings;
  declare readonly effects: Effect[];
  /** A session (re)started in this step: its `aa_start` is queued behind what the step queued (RULES 1). */
  declare announced: boolean;

  constructor(state: TrackerState, readings: Readings) {
    this.state = state;
    this.readings = readings;
    this.effects = [];
    this.announced = false;
  }

  get now(): number {
    return this.readings.now;
  }

  log(level: LogLevel, message: string): void {
    this.effects.push({ type: 'log', level, message });
  }

  /** A §8 refusal: logged as an error, nothing else happens. */
  refuse(message: string): void {
    this.log('error', message);
  }

  /** The request leaves now. */
  send(request: Request): void {
    this.effects.push({ type: 'send', request });
  }

  /** The request waits in the outbox for the send clock. */
  queue(request: Request, queuedAt: number, how?: Queueing): void {
    this.state.outbox.push({ request, queuedAt, ...how });
  }

  effect(effect: Effect): void {
    this.effects.push(effect);
  }

  /** The main playhead now, seconds: what the player pushed last, else the delegate's. */
  playhead(session: SessionState): number {
    return session.pushedPlayhead ?? this.readings.playhead;
  }

  /** The QoS now: what the player pushed last, else the delegate's. */
  qos(session: SessionState): HeartbeatQoS {
    return session.pushedQoS ?? this.readings.qos;
  }

  /** Builds the heartbeat of `spec` and queues it at its ts (or sends it, `how.now`). */
  heartbeat(session: SessionState, spec: HeartbeatSpec, how: Queueing = {}): void {
    const request: Request = { kind: 'heartbeat', heartbeat: buildHeartbeat(this.state.setup, session, this.readings, spec) };
    if (how.now === true) this.send(request);
    else this.queue(request, spec.ts, how);
  }

  /**
   * A heartbeat of duration 0, now, at the current playhead with the current QoS: an event that is
   * not a state, or a state's opening (RULES 16: ad heartbeats carry the player's playhead too).
   */
  event(session: SessionState, type: HeartbeatEventType, asset: HeartbeatAssetType = 'main', meta?: Record<string, string>, how?: Queueing): void {
    this.heartbeat(session, { type, asset, ts: this.now, duration: 0, playhead: this.playhead(session), qos: this.qos(session), meta }, how);
  }

  /**
   * The value of a checked object, its warnings logged; on refusal, its reason and then the §8
   * refusal `invalid` are logged and undefined is returned.
   */
  accept<T>(checked: Checked<T>, invalid: string): T | undefined {
    for (const warning of checked.warnings) this.log('warn', warning);
    if (checked.ok) return checked.value;
    this.refuse(checked.error);
    this.refuse(invalid);
    return undefined;
  }

  /**
   * A call's custom metadata (§5): its string, number and boolean values; anything but an object
   * is ignored with a warning.
   */
  metadata(data: unknown): Record<string, string> {
    if (data === undefined || data === null) return {};
    const kept = keepScalars(data);
    if (kept === undefined) this.log('warn', IGNORED_METADATA);
    return kept ?? {};
  }
}

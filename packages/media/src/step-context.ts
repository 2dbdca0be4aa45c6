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

export class StepContext {
  readonly effects: Effect[] = [];

  constructor(
    readonly state: TrackerState,
    readonly readings: Readings,
  ) {}

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

  send(request: Request): void {
    this.effects.push({ type: 'send', request });
  }

  effect(effect: Effect): void {
    this.effects.push(effect);
  }

  /** The main playhead now, seconds: what the player pushed last, else the delegate's. */
  playhead(session: SessionState): number {
    return session.pushedPlayhead ?? this.readings.playhead;
  }

  /**
   * The playhead a heartbeat of `asset` carries: an ad's is the content's where its break sits
   * (wire §2), however far the ad has played.
   */
  assetPlayhead(session: SessionState, asset: HeartbeatAssetType): number {
    return asset === 'ad' && session.adBreak !== undefined ? session.adBreak.contentPlayhead : this.playhead(session);
  }

  /** The QoS now: what the player pushed last, else the delegate's. */
  qos(session: SessionState): HeartbeatQoS {
    return session.pushedQoS ?? this.readings.qos;
  }

  heartbeat(session: SessionState, spec: HeartbeatSpec): void {
    this.send({ kind: 'heartbeat', heartbeat: buildHeartbeat(this.state.setup, session, this.readings, spec) });
  }

  /** An event that is not a state (duration 0), now, at the asset's current playhead. */
  event(session: SessionState, type: HeartbeatEventType, asset: HeartbeatAssetType = 'main', meta?: Record<string, string>): void {
    const playhead = this.assetPlayhead(session, asset);
    this.heartbeat(session, { type, asset, ts: this.now, duration: 0, playhead, qos: this.qos(session), meta });
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

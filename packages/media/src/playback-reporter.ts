/**
 * Turns the playback's state into heartbeats, as the reference library does (RULES.md of the
 * media traces, numbered there): every state of the current asset is reported by heartbeats of its
 * type carrying the ms since the state's previous heartbeat. Main `play` and `pause` (and an ad's
 * `pause` after trackPause) open with a duration-0 heartbeat; every state repeats on its interval
 * (timed-heartbeats.ts) and closes when it ends, by the rules of state-close.ts.
 *
 * The handlers change what the player does (session-state flags); `reconcile` then moves the
 * reported state to where those flags point. The deferred first play is committed lazily
 * (`advance`), with the time it was due, before every input.
 */
import { AD_HEARTBEAT_INTERVAL_MS, PLAYHEAD_POLL_INTERVAL_MS } from './constants.js';
import { NO_QOS } from './qos.js';
import { REPORTED_AS, closeState, type CloseOptions } from './state-close.js';
import type { StepContext } from './step-context.js';
import type { Place, PlaybackState, Reported, SessionState } from './tracker-state.js';

/** Where the flags say the playback is. */
export function desiredPlace(s: SessionState): Place {
  if (s.ad !== undefined) return { asset: 'ad', state: playerState(s) };
  if (s.adBreak !== undefined) return { asset: 'main', state: 'gap' };
  if (!s.started) return { asset: 'main', state: 'start' };
  const state = playerState(s);
  return { asset: 'main', state: state === 'play' && s.stalled ? 'stall' : state };
}

function playerState(s: SessionState): PlaybackState {
  if (s.buffering) return 'buffer';
  if (s.seeking) return 'seek';
  return s.player === 'paused' ? 'pause' : 'play';
}

/**
 * Moves the reported state to the desired one at `ts`: the current one closes (state-close.ts) and
 * the new one opens, with its opening heartbeat where it has one (RULES 13, 15, 17: not an ad's
 * `play`, not a state entered silently).
 */
export function reconcile(ctx: StepContext, s: SessionState, close: CloseOptions = {}, ts = ctx.now): void {
  if (s.completed || s.idle) return;
  const want = desiredPlace(s);
  const reported = s.reported;
  if (reported !== undefined && samePlace(want, reported)) return;
  closeState(ctx, s, { ...close, ts });
  openPlace(ctx, s, want, { ts });
}

export interface OpenOptions {
  ts?: number;
  /** No opening heartbeat: an ad's state at AdStart, the content's pause after a break (RULES 15, 17). */
  silent?: boolean;
  /** The player entered this state earlier (a chapter reopens it): the idle timer keeps counting. */
  since?: number;
}

/** Starts reporting `place`: its opening heartbeat (main play and pause, ad pause), its interval. */
export function openPlace(ctx: StepContext, s: SessionState, place: Place, options: OpenOptions = {}): void {
  const ts = options.ts ?? ctx.now;
  const playhead = ctx.playhead(s);
  const reported: Reported = {
    ...place,
    id: s.nextStateId++,
    since: options.since ?? ts,
    lastHbTs: ts,
    lastPlayhead: playhead,
    // RULES 28: the seek's first `pause` carries no bitrate, fps or dropped frames.
    qosAtLastHb: place.state === 'seek' ? { ...NO_QOS, startupTimeMs: ctx.qos(s).startupTimeMs } : ctx.qos(s),
  };
  if (place.state !== 'start') reported.nextPeriodicAt = ts + intervalOf(ctx, place);
  s.reported = reported;
  if (options.silent === true || !hasOpening(place)) return;
  ctx.heartbeat(s, { type: REPORTED_AS[place.state], asset: place.asset, ts, duration: 0, playhead, qos: ctx.qos(s) }, { openingOf: reported.id });
}

/** RULES 13: ads have no `play` 0; main play and pause, and an ad's pause, open with one. */
function hasOpening(place: Place): boolean {
  if (place.state === 'pause') return true;
  return place.state === 'play' && place.asset === 'main';
}

/**
 * RULES 8: a chapter event closes the current state (with the old chapter's keys), sends its own
 * heartbeat (`between`), then reopens the state (a duration-0 `play` or `pause`; a buffer gets
 * none), which restarts its interval. RULES 12: in a break with no ad only the interval restarts.
 */
export function checkpoint(ctx: StepContext, s: SessionState, between: () => void): void {
  const reported = s.reported;
  if (reported === undefined || reported.state === 'start' || reported.state === 'gap') {
    between();
    if (reported?.state === 'gap') {
      reported.lastHbTs = ctx.now;
      reported.nextPeriodicAt = ctx.now + intervalOf(ctx, reported);
    }
    return;
  }
  closeState(ctx, s);
  between();
  openPlace(ctx, s, reported, { since: reported.since, silent: reported.asset === 'ad' && reported.state !== 'pause' });
}

/**
 * The first play, when its preroll wait is over (§4, RULES 10): `start` closes, the playhead poll
 * begins and the player's state opens.
 */
export function commitFirstPlay(ctx: StepContext, s: SessionState, ts: number): void {
  s.prerollDueAt = undefined;
  endStart(ctx, s, ts);
  openPlace(ctx, s, desiredPlace(s), { ts });
}

/** `start` is over (first play or a break): its close, the startup time, the poll's first due time. */
export function endStart(ctx: StepContext, s: SessionState, ts = ctx.now): void {
  const reported = s.reported;
  if (reported?.state === 'start') s.startupMs = Math.max(0, ts - reported.lastHbTs);
  closeState(ctx, s, { ts });
  s.started = true;
  s.poll.nextAt ??= ts + PLAYHEAD_POLL_INTERVAL_MS;
}

/** Commits the deferred first play when its wait is over, with the time it was due. */
export function advance(ctx: StepContext, s: SessionState): void {
  if (s.prerollDueAt !== undefined && ctx.now >= s.prerollDueAt) commitFirstPlay(ctx, s, s.prerollDueAt);
}

export function samePlace(a: Place, b: Place): boolean {
  return a.asset === b.asset && a.state === b.state;
}

/**
 * An ad's states every 1 s (§9 "ad tracking interval"); the content's, the break's gap included,
 * on the settings' interval (wire §2 "the 1 s cadence is for ad assets only").
 */
export function intervalOf(ctx: StepContext, place: Place): number {
  return place.asset === 'ad' ? AD_HEARTBEAT_INTERVAL_MS : ctx.state.settings.trackingIntervalMs;
}

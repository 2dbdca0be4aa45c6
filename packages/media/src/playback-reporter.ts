/**
 * Turns the playback's state into heartbeats, by the cadence written in @mesura/protocol's
 * heartbeat-cadence.ts: every state opens (start, play, pause: duration 0), repeats on its interval
 * (not start or seek) and closes with the time since its last heartbeat. On top of it, two delays
 * of §4/§9: the first play waits the preroll window, and a play, pause or buffer state is only
 * reported once it has lasted more than the flush filter (250 ms); a shorter one is not reported,
 * though one that interrupted play still splits it (splitPlay).
 *
 * The handlers change what the player does (session-state flags); `reconcile` then moves the
 * reported state to where those flags point. Due delays are committed lazily (`advance`) before
 * every input, with the time they were due, so that the result does not depend on when the
 * scheduler ticks.
 */
import type { HeartbeatEventType, HeartbeatQoS } from '@mesura/protocol';
import {
  AD_HEARTBEAT_INTERVAL_MS,
  FIRST_PLAY_HEARTBEAT_DELAY_MS,
  FLUSH_FILTER_MS,
  IDLE_TIMEOUT_MS,
  MAX_EVENT_DURATION_MS,
  MAX_PLAYHEAD_DRIFT_MS,
} from './constants.js';
import { IDLE_SESSION_ENDED } from './errors.js';
import type { StepContext } from './step-context.js';
import type { Pending, Place, PlaybackState, Reported, SessionState } from './tracker-state.js';

/** The heartbeat type each state is reported as. */
const REPORTED_AS: Readonly<Record<PlaybackState, HeartbeatEventType>> = {
  start: 'start',
  play: 'play',
  pause: 'pause',
  buffer: 'buffer',
  seek: 'pause',
  gap: 'buffer',
};
/** States with an opening heartbeat; they also close with one, 0 ms included, so they pair up. */
const OPENED: ReadonlySet<PlaybackState> = new Set(['start', 'play', 'pause']);
/** States the flush filter delays (§9 "flush-filter timer 0.25 s"). */
const FILTERED: ReadonlySet<PlaybackState> = new Set(['play', 'pause', 'buffer']);

/** Where the flags say the playback is. */
export function desiredPlace(s: SessionState): Place {
  if (s.ad !== undefined) return { asset: 'ad', state: playerState(s) };
  if (s.adBreak !== undefined) return { asset: 'main', state: 'gap' };
  if (!s.started) return { asset: 'main', state: 'start' };
  return { asset: 'main', state: playerState(s) };
}

function playerState(s: SessionState): PlaybackState {
  if (s.buffering) return 'buffer';
  // §4 wire: "a seek … while paused … folds into the pause".
  if (s.seeking) return s.player === 'paused' ? 'pause' : 'seek';
  return s.player === 'paused' ? 'pause' : 'play';
}

/** Moves the reported state to the desired one: at once, or after the flush filter. */
export function reconcile(ctx: StepContext, s: SessionState): void {
  if (s.completed || s.idle) return;
  const want = desiredPlace(s);
  const reported = s.reported;
  const playhead = ctx.playhead(s);
  const qos = ctx.qos(s);
  if (reported === undefined) return openPlace(ctx, s, want, ctx.now, playhead, qos);
  if (samePlace(want, reported)) {
    // Back where it was within the filter: the state in between lasted 250 ms or less.
    const short = s.pending;
    s.pending = undefined;
    if (short !== undefined && reported.state === 'play') splitPlay(ctx, s, short, playhead, qos);
    return;
  }
  if (s.pending !== undefined && samePlace(want, s.pending)) return;
  if (isFiltered(reported, want)) {
    s.pending = { ...want, since: ctx.now, playhead, qos };
    return;
  }
  commit(ctx, s, want, ctx.now, playhead, qos);
}

/**
 * Wire §2: "a buffer or pause of 250 ms or less is not reported as such, but it still closes the
 * open `play`" and play reopens with a duration-0 `play`, which restarts the interval; the short
 * state's time counts in no state.
 */
function splitPlay(ctx: StepContext, s: SessionState, short: Pending, playhead: number, qos: HeartbeatQoS): void {
  const play: Place = { asset: short.asset, state: 'play' };
  closeReported(ctx, s, short.since, short.playhead, short.qos);
  openPlace(ctx, s, play, ctx.now, playhead, qos);
}

/** Commits what fell due before this input: the deferred first play, then a filtered state. */
export function advance(ctx: StepContext, s: SessionState): void {
  if (s.prerollDueAt !== undefined && ctx.now >= s.prerollDueAt) {
    const due = s.prerollDueAt;
    s.prerollDueAt = undefined;
    s.started = true;
    // Wire §2: "the first `start` duration includes that wait", so it closes when the wait ends.
    commit(ctx, s, desiredPlace(s), due, ctx.playhead(s), ctx.qos(s));
  }
  const pending = s.pending;
  if (pending !== undefined && ctx.now - pending.since > FLUSH_FILTER_MS) {
    commit(ctx, s, { asset: pending.asset, state: pending.state }, pending.since, pending.playhead, pending.qos);
  }
}

/** Closes the reported state and opens `want`, both at `ts`. */
export function commit(ctx: StepContext, s: SessionState, want: Place, ts: number, playhead: number, qos: HeartbeatQoS): void {
  closeReported(ctx, s, ts, playhead, qos);
  openPlace(ctx, s, want, ts, playhead, qos);
}

/** Ends the reported state with its closing heartbeat; nothing is reported until the next open. */
export function closeReported(
  ctx: StepContext,
  s: SessionState,
  ts = ctx.now,
  playhead = ctx.playhead(s),
  qos = ctx.qos(s),
): void {
  const reported = s.reported;
  s.pending = undefined;
  s.reported = undefined;
  if (reported === undefined) return;
  const elapsed = ts - reported.lastHbTs;
  // A buffer, seek or gap of 0 ms has nothing to report (it had no opening to pair with).
  if (elapsed <= 0 && !OPENED.has(reported.state)) return;
  stateHeartbeat(ctx, s, reported, ts, guardDuration(reported, elapsed, playhead), playhead, qos);
}

/**
 * Starts reporting `want` at `ts`: its opening heartbeat (play and pause; `start` opens with the
 * session) unless `silent` (an ad's `start` opens its play).
 */
export function openPlace(
  ctx: StepContext,
  s: SessionState,
  want: Place,
  ts: number,
  playhead: number,
  qos: HeartbeatQoS,
  silent = false,
): void {
  const reported: Reported = { ...want, since: ts, lastHbTs: ts, lastPlayhead: playhead, qosAtLastHb: qos };
  if (want.state !== 'start' && want.state !== 'seek') {
    // Wire §2: every state-change heartbeat restarts the interval; only the session's first
    // content play is followed by one 1 s later (a resume waits the whole interval).
    const firstContentPlay = want.asset === 'main' && want.state === 'play' && !s.contentPlayed;
    if (firstContentPlay) s.contentPlayed = true;
    reported.nextPeriodicAt = ts + (firstContentPlay ? FIRST_PLAY_HEARTBEAT_DELAY_MS : intervalOf(ctx, reported));
  }
  s.reported = reported;
  if (!silent && OPENED.has(want.state) && want.state !== 'start') stateHeartbeat(ctx, s, reported, ts, 0, playhead, qos);
}

/** The periodic heartbeat of the reported state, when due and no filtered change is waiting. */
export function periodicHeartbeat(ctx: StepContext, s: SessionState): void {
  const reported = s.reported;
  if (reported?.nextPeriodicAt === undefined || s.pending !== undefined || ctx.now < reported.nextPeriodicAt) return;
  const playhead = ctx.playhead(s);
  const duration = guardDuration(reported, ctx.now - reported.lastHbTs, playhead);
  // Wire §2: "Periodic heartbeats carry the QoS of the previous interval".
  stateHeartbeat(ctx, s, reported, ctx.now, duration, playhead, reported.qosAtLastHb);
  reported.lastHbTs = ctx.now;
  reported.lastPlayhead = playhead;
  reported.qosAtLastHb = ctx.qos(s);
  reported.nextPeriodicAt = ctx.now + intervalOf(ctx, reported);
}

/** §9 "idle timer 1800 s": paused that long, the session ends (`pause`, `end`); a play resumes it. */
export function idleCheck(ctx: StepContext, s: SessionState): void {
  const reported = s.reported;
  if (reported === undefined || reported.asset !== 'main' || reported.state !== 'pause') return;
  if (s.pending !== undefined || ctx.now - reported.since < IDLE_TIMEOUT_MS) return;
  closeReported(ctx, s);
  ctx.event(s, 'end');
  s.idle = true;
  ctx.log('info', IDLE_SESSION_ENDED);
}

/**
 * §9: a duration over 10 minutes is reset to 0 (the page slept), and a main play whose clock time
 * and playhead progress drift apart by more than 2 s reports the playhead's progress.
 */
export function guardDuration(reported: Reported, elapsedMs: number, playhead: number): number {
  let duration = Math.max(0, elapsedMs);
  if (reported.asset === 'main' && reported.state === 'play') {
    const progressMs = (playhead - reported.lastPlayhead) * 1000;
    if (progressMs >= 0 && Math.abs(duration - progressMs) > MAX_PLAYHEAD_DRIFT_MS) duration = progressMs;
  }
  return duration > MAX_EVENT_DURATION_MS ? 0 : Math.round(duration);
}

export function samePlace(a: Place, b: Place): boolean {
  return a.asset === b.asset && a.state === b.state;
}

/**
 * An ad's states every 1 s (§9 "ad tracking interval"); the content's, the break's gap included,
 * on the settings' interval (wire §2 "the 1 s cadence is for ad assets only").
 */
function intervalOf(ctx: StepContext, place: Place): number {
  return place.asset === 'ad' ? AD_HEARTBEAT_INTERVAL_MS : ctx.state.settings.trackingIntervalMs;
}

/** A change between play, pause, buffer and seek of one asset waits out the flush filter. */
function isFiltered(from: Place, to: Place): boolean {
  return from.asset === to.asset && FILTERED.has(to.state) && from.state !== 'start' && from.state !== 'gap';
}

/** One heartbeat of a state; an ad's carries the content's playhead where its break sits. */
function stateHeartbeat(
  ctx: StepContext,
  s: SessionState,
  reported: Reported,
  ts: number,
  duration: number,
  playhead: number,
  qos: HeartbeatQoS,
): void {
  const assetPlayhead = reported.asset === 'ad' ? ctx.assetPlayhead(s, 'ad') : playhead;
  const meta = reported.state === 'start' ? s.metadata : undefined;
  ctx.heartbeat(s, { type: REPORTED_AS[reported.state], asset: reported.asset, ts, duration, playhead: assetPlayhead, qos, meta });
}

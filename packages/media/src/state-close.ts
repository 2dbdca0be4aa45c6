/**
 * How a state's close is reported (RULES 5, 6, 24): the heartbeat of the ending state with the
 * ms since its previous heartbeat. Short closes of play, buffer, seek and stall are not sent; a
 * close whose state's opening (duration 0) still waits in the outbox takes its place, or removes
 * it when the close itself is not sent.
 */
import type { HeartbeatEventType, HeartbeatQoS } from '@mesura/protocol';
import { MAX_EVENT_DURATION_MS, MAX_PLAYHEAD_DRIFT_MS, SHORT_STATE_MAX_MS } from './constants.js';
import { PLAYHEAD_DRIFT } from './errors.js';
import { openingIndex, removeAt } from './outbox.js';
import type { StepContext } from './step-context.js';
import type { Outgoing, PlaybackState, Reported, SessionState } from './tracker-state.js';

/** The heartbeat type each state is reported as. */
export const REPORTED_AS: Readonly<Record<PlaybackState, HeartbeatEventType>> = {
  start: 'start',
  play: 'play',
  pause: 'pause',
  buffer: 'buffer',
  seek: 'pause',
  gap: 'buffer',
  stall: 'stall',
};

export interface CloseOptions {
  ts?: number;
  /** The playhead it closes at (trackComplete forces the length, RULES 20). */
  playhead?: number;
  /**
   * trackComplete and trackSessionEnd: the close is sent even at 0 ms, in place of the state's
   * opening if that still waits (RULES 19-21).
   */
  final?: boolean;
  /** RULES 28: a close caused by SeekStart carries the session's own startup time. */
  seekStart?: boolean;
}

/** What becomes of a close (RULES 5, 6). */
export type CloseOutcome = 'send' | 'drop' | 'replace-opening' | 'drop-with-opening';

/**
 * RULES 5-7: a pause's close is always sent, a start's too (in place of its queued opening); a
 * main play's of 1-250 ms is not, nor one of 0 ms that would follow its own queued opening (a
 * play that never lasted), except a final one; an ad's play, buffers, seeks and stalls are not
 * sent up to 250 ms, 0 included (their 0 ms close has no opening to pair with).
 */
export function closeOutcome(reported: Reported, durationMs: number, openingQueued: boolean, final: boolean): CloseOutcome {
  const short = durationMs <= SHORT_STATE_MAX_MS;
  switch (reported.state) {
    case 'start':
      return openingQueued ? 'replace-opening' : 'send';
    case 'pause':
      return 'send';
    case 'play':
      if (reported.asset === 'ad') return short ? 'drop' : 'send';
      if (openingQueued) return final || !short ? 'replace-opening' : 'drop-with-opening';
      return durationMs > 0 && short ? 'drop' : 'send';
    default:
      return short ? 'drop' : 'send';
  }
}

/** Ends the reported state with its closing heartbeat, by closeOutcome; nothing is reported until the next open. */
export function closeState(ctx: StepContext, s: SessionState, options: CloseOptions = {}): void {
  const reported = s.reported;
  s.reported = undefined;
  if (reported === undefined) return;
  const ts = options.ts ?? ctx.now;
  const playhead = options.playhead ?? ctx.playhead(s);
  const duration = stateDuration(ctx, reported, ts, playhead);
  const outbox = ctx.state.outbox;
  const opening = openingIndex(outbox, reported.id);
  const outcome = closeOutcome(reported, duration, opening >= 0, options.final === true);
  if (outcome === 'drop') return;
  if (outcome === 'drop-with-opening') return removeAt(outbox, opening, s);
  const qos: HeartbeatQoS = options.seekStart === true ? { ...reported.qosAtLastHb, startupTimeMs: s.startupMs } : reported.qosAtLastHb;
  const type = REPORTED_AS[reported.state];
  ctx.heartbeat(s, { type, asset: reported.asset, ts, duration, playhead, qos, meta: startMeta(s, reported.state) });
  if (outcome === 'replace-opening') replaceOpening(outbox, opening);
}

/** RULES 6: the close just queued takes its opening's place, and its previous ts (never sent). */
function replaceOpening(outbox: Outgoing[], opening: number): void {
  const close = outbox.pop();
  const replaced = outbox[opening];
  if (close === undefined || replaced === undefined) return;
  if (close.request.kind === 'heartbeat' && replaced.request.kind === 'heartbeat') {
    close.request.heartbeat.event.prevTs = replaced.request.heartbeat.event.prevTs;
  }
  outbox.splice(opening, 1, close);
}

/**
 * The ms a heartbeat of `reported` covers at `ts`. RULES 24: a main play whose clock time and
 * playhead progress differ by more than 2 s logs a WARN and reports the progress when that is the
 * smaller (a stall), else the clock time (a jump without seek events). §9: over 10 minutes the
 * page slept, and 0 is reported.
 */
export function stateDuration(ctx: StepContext, reported: Reported, ts: number, playhead: number): number {
  let duration = Math.max(0, ts - reported.lastHbTs);
  if (reported.asset === 'main' && reported.state === 'play') {
    const progressMs = (playhead - reported.lastPlayhead) * 1000;
    if (Math.abs(duration - progressMs) > MAX_PLAYHEAD_DRIFT_MS) {
      ctx.log('warn', PLAYHEAD_DRIFT);
      if (progressMs >= 0 && progressMs < duration) duration = progressMs;
    }
  }
  return duration > MAX_EVENT_DURATION_MS ? 0 : Math.round(duration);
}

/** RULES 33: the session's metadata rides on the main `start` heartbeats only. */
export function startMeta(s: SessionState, state: PlaybackState): Record<string, string> | undefined {
  return state === 'start' ? s.metadata : undefined;
}

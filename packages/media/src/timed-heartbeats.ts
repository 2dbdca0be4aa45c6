/**
 * What the send clock's tick fires (RULES 3, 30): the periodic heartbeat of the reported state
 * and the idle end, each on the tick nearest its nominal time (up to half a tick early or late).
 */
import { HALF_SEND_TICK_MS, IDLE_TIMEOUT_MS } from './constants.js';
import { IDLE_SESSION_ENDED } from './errors.js';
import { intervalOf } from './playback-reporter.js';
import { REPORTED_AS, closeState, stateDuration } from './state-close.js';
import type { StepContext } from './step-context.js';
import type { SessionState } from './tracker-state.js';

/** RULES 3: the tick `now` is the nearest to `nominal` (a tie goes to the later tick). */
export function isDueAt(nominal: number, now: number): boolean {
  return now + HALF_SEND_TICK_MS > nominal;
}

/**
 * The periodic heartbeat of the reported state: the ms since its previous heartbeat and, RULES 27,
 * the QoS sampled at that one; the interval then counts from this one.
 */
export function periodicHeartbeat(ctx: StepContext, s: SessionState, ts = ctx.now): void {
  const reported = s.reported;
  if (reported === undefined) return;
  const playhead = ctx.playhead(s);
  const duration = stateDuration(ctx, reported, ts, playhead);
  const type = REPORTED_AS[reported.state];
  ctx.heartbeat(s, { type, asset: reported.asset, ts, duration, playhead, qos: reported.qosAtLastHb });
  reported.lastHbTs = ts;
  reported.lastPlayhead = playhead;
  reported.qosAtLastHb = ctx.qos(s);
  reported.nextPeriodicAt = ts + intervalOf(ctx, reported);
}

/** The tick's timers: the periodic heartbeat, then the idle end (RULES 7: both on one tick). */
export function fireTimers(ctx: StepContext, s: SessionState): void {
  const due = s.reported?.nextPeriodicAt;
  if (due !== undefined && isDueAt(due, ctx.now)) periodicHeartbeat(ctx, s);
  idleCheck(ctx, s);
}

/**
 * §9 "idle timer 1800 s", RULES 30: 30 minutes after the content entered a pause, buffer or seek,
 * that state closes and `end` is sent; a play (or BufferComplete) resumes the session.
 */
function idleCheck(ctx: StepContext, s: SessionState): void {
  const reported = s.reported;
  if (reported === undefined || reported.asset !== 'main') return;
  if (reported.state !== 'pause' && reported.state !== 'buffer' && reported.state !== 'seek') return;
  if (!isDueAt(reported.since + IDLE_TIMEOUT_MS, ctx.now)) return;
  const qos = reported.qosAtLastHb;
  closeState(ctx, s);
  ctx.heartbeat(s, { type: 'end', asset: 'main', ts: ctx.now, duration: 0, playhead: ctx.playhead(s), qos });
  s.idle = true;
  ctx.log('info', IDLE_SESSION_ENDED);
}

/**
 * The playhead poll (RULES 23, 25), every PLAYHEAD_POLL_INTERVAL_MS from the first play, run
 * lazily before every input with the time it was due. In main play it notices the first progress
 * (a `play` heartbeat, once per trackSessionStart) and a playhead that stopped: two polls in a row
 * that find it where it was open `stall`, and the first poll that finds it moved closes it.
 */
import { PLAYHEAD_POLL_INTERVAL_MS, STALLED_POLLS_FOR_STALL } from './constants.js';
import { reconcile } from './playback-reporter.js';
import type { StepContext } from './step-context.js';
import { periodicHeartbeat } from './timed-heartbeats.js';
import type { SessionState } from './tracker-state.js';

/** Runs the poll if it fell due; polls missed (a sleeping page) are skipped, not run in a row. */
export function pollIfDue(ctx: StepContext, s: SessionState): void {
  const poll = s.poll;
  const dueAt = poll.nextAt;
  if (dueAt === undefined || ctx.now < dueAt) return;
  poll.nextAt = dueAt + PLAYHEAD_POLL_INTERVAL_MS * (1 + Math.floor((ctx.now - dueAt) / PLAYHEAD_POLL_INTERVAL_MS));
  const reported = s.reported;
  const playhead = ctx.playhead(s);
  if (reported?.asset !== 'main' || (reported.state !== 'play' && reported.state !== 'stall')) {
    poll.lastPlayhead = undefined;
    poll.stalledPolls = 0;
    return;
  }
  const previous = poll.lastPlayhead;
  const moved = previous !== undefined && playhead !== previous;
  poll.stalledPolls = previous !== undefined && !moved ? poll.stalledPolls + 1 : 0;
  poll.lastPlayhead = playhead;
  if (reported.state === 'stall') {
    if (!moved) return;
    // RULES 23: `stall` closes and `play` reopens; that also is the first progress (RULES 25).
    s.stalled = false;
    s.progressSeen = true;
    return reconcile(ctx, s, {}, dueAt);
  }
  if (!s.progressSeen && playhead !== reported.lastPlayhead) {
    s.progressSeen = true;
    periodicHeartbeat(ctx, s, dueAt);
  }
  if (poll.stalledPolls >= STALLED_POLLS_FOR_STALL) {
    s.stalled = true;
    poll.stalledPolls = 0;
    reconcile(ctx, s, {}, dueAt);
  }
}

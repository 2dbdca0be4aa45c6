/**
 * What the player does (§4 "Player events driving tracking"): play, pause, buffer and seek. Each
 * handler sets the player's flags, and the reporter follows (reconcile). Before the first play is
 * reported, the flags only steer the preroll wait (§4 "First play is deferred by the preroll wait
 * and cancelled or rescheduled by seek/buffer"). A play does not end a buffer or a seek: the
 * player ends them with BufferComplete / SeekComplete, as it started them.
 */
import { advance, checkpoint, reconcile } from './playback-reporter.js';
import { resume } from './session-calls.js';
import type { StepContext } from './step-context.js';
import type { SessionState } from './tracker-state.js';

export function play(ctx: StepContext, s: SessionState): void {
  if (s.idle) return resume(ctx, s);
  if (s.player === 'playing' && isMain(s, 'play')) return repeat(ctx, s);
  s.player = 'playing';
  schedulePreroll(ctx, s);
  // A wait of 0 ms commits the first play in this very step.
  advance(ctx, s);
  if (s.started) reconcile(ctx, s);
}

export function pause(ctx: StepContext, s: SessionState): void {
  if (s.player === 'paused' && isMain(s, 'pause')) return repeat(ctx, s);
  s.player = 'paused';
  holdPlay(s);
  reconcile(ctx, s);
}

/** RULES 26: trackPlay while playing (trackPause while paused) closes and reopens the state. */
function repeat(ctx: StepContext, s: SessionState): void {
  checkpoint(ctx, s, () => undefined);
}

/** The player stopped playing: no stall is open, and the deferred first play waits again. */
function holdPlay(s: SessionState): void {
  s.stalled = false;
  s.prerollDueAt = undefined;
}

function isMain(s: SessionState, state: 'play' | 'pause'): boolean {
  return s.reported?.asset === 'main' && s.reported.state === state;
}

export function bufferStart(ctx: StepContext, s: SessionState): void {
  s.buffering = true;
  holdPlay(s);
  reconcile(ctx, s);
}

/** BufferComplete; after the idle timer ended the session it resumes it, as a play does (RULES 30). */
export function bufferComplete(ctx: StepContext, s: SessionState): void {
  s.buffering = false;
  if (s.idle) return resume(ctx, s);
  schedulePreroll(ctx, s);
  reconcile(ctx, s);
}

/** RULES 22, 28: the state closes (a pause too), with the session's startup time; the seek is a `pause`. */
export function seekStart(ctx: StepContext, s: SessionState): void {
  s.seeking = true;
  holdPlay(s);
  reconcile(ctx, s, { seekStart: true });
}

/** RULES 22: while paused nothing is sent; the seek's `pause` runs until the player plays. */
export function seekComplete(ctx: StepContext, s: SessionState): void {
  s.seeking = false;
  if (s.player === 'paused' && s.reported?.state === 'seek') return;
  schedulePreroll(ctx, s);
  reconcile(ctx, s);
}

/**
 * Starts (or restarts) the preroll wait when the content has not started, the player wants to
 * play and nothing holds it; an ad break in the wait counts as preroll (ad-calls.ts).
 */
function schedulePreroll(ctx: StepContext, s: SessionState): void {
  if (s.started || s.adBreak !== undefined || s.player !== 'playing' || s.buffering || s.seeking) return;
  s.prerollDueAt ??= ctx.now + s.prerollWaitMs;
}

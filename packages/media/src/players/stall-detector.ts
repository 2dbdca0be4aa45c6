/**
 * Stalls the player does not announce (spec §9 "playhead polled every 1001 ms; 2 stalled polls
 * mark a stall"): a player that says it plays while its playhead stands still is buffering. Pure:
 * the adapter polls and acts on the answer.
 */
import { STALLED_POLLS_FOR_BUFFER } from '../constants.js';

export interface StallState {
  /** The playhead at the previous poll; undefined before the first poll that counted. */
  readonly lastPlayhead: number | undefined;
  /** Polls in a row that found the playhead where it was. */
  readonly stalledPolls: number;
}

export const NO_STALL: StallState = Object.freeze({ lastPlayhead: undefined, stalledPolls: 0 });

export interface PollResult {
  state: StallState;
  /** STALLED_POLLS_FOR_BUFFER polls or more without progress while playing. */
  stalled: boolean;
  /** The playhead moved since the previous poll. */
  moved: boolean;
}

/**
 * One poll. `playing`: the player plays, as far as tracking knows (not paused, seeking or in an ad
 * break); a poll outside playing only remembers the playhead, so that a pause is never a stall.
 */
export function pollPlayhead(state: StallState, playhead: number, playing: boolean): PollResult {
  const moved = state.lastPlayhead !== undefined && playhead !== state.lastPlayhead;
  if (!playing) return { state: { lastPlayhead: playhead, stalledPolls: 0 }, stalled: false, moved };
  const stalledPolls = state.lastPlayhead === playhead ? state.stalledPolls + 1 : 0;
  return {
    state: { lastPlayhead: playhead, stalledPolls },
    stalled: stalledPolls >= STALLED_POLLS_FOR_BUFFER,
    moved,
  };
}

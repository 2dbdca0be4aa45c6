/**
 * The outbox: heartbeats waiting for the send clock, as plain data in the tracker's state, so
 * that the step can still change what has not left (RULES 6: a close replaces its own opening
 * heartbeat, or removes it, while that one waits). The adapter only learns of a request when it
 * leaves (a `send` effect).
 */
import { HALF_SEND_TICK_MS } from './constants.js';
import { forgetHeartbeat } from './heartbeat-builder.js';
import type { Outgoing, SessionState } from './tracker-state.js';

/**
 * RULES 1-3: how many of the oldest requests leave at the send-clock tick `now`: those queued at
 * least HALF_SEND_TICK_MS before it, in order (a younger one holds the ones behind it).
 */
export function readyCount(outbox: readonly Outgoing[], now: number): number {
  let count = 0;
  while (count < outbox.length && (outbox[count] as Outgoing).queuedAt + HALF_SEND_TICK_MS <= now) count++;
  return count;
}

/** Where the opening heartbeat of the state `stateId` waits, or -1 when it left (or never was). */
export function openingIndex(outbox: readonly Outgoing[], stateId: number): number {
  return outbox.findIndex((item) => item.openingOf === stateId);
}

/** Takes the request at `index` out unsent; a heartbeat is no longer its type's previous one. */
export function removeAt(outbox: Outgoing[], index: number, session: SessionState): void {
  const [item] = outbox.splice(index, 1);
  if (item?.request.kind === 'heartbeat') forgetHeartbeat(session, item.request.heartbeat);
}

/** RULES 18: the main `play` 0 between two breaks leaves the outbox when an ad starts before it left. */
export function withdrawForAdStart(outbox: Outgoing[], session: SessionState): void {
  for (let i = outbox.length - 1; i >= 0; i--) if (outbox[i]?.withdrawnByAdStart === true) removeAt(outbox, i, session);
}

/**
 * The state of the live connection, as a pure step from one event to the next (the hook is its
 * adapter). The last snapshot stays shown through failures and reconnections, marked as such.
 */
import type { RealtimeSnapshot } from '@mesura/protocol';

export type RealtimeStatus =
  /** Opening the stream: nothing to show yet. */
  | { kind: 'connecting' }
  /** Receiving: `stale` when the latest update could not be read on the server (it tries again at the next one). */
  | { kind: 'live'; snapshot: RealtimeSnapshot; stale: boolean }
  /** The connection dropped; the browser reconnects by itself. */
  | { kind: 'reconnecting'; snapshot?: RealtimeSnapshot }
  /** The browser gave up (the server refused the stream: signed out, too many open, …): only a new attempt helps. */
  | { kind: 'closed'; snapshot?: RealtimeSnapshot };

export type RealtimeEvent =
  | { type: 'snapshot'; snapshot: RealtimeSnapshot }
  /** A `failure` event, or a snapshot event whose data is not one. */
  | { type: 'failure' }
  /** The connection's error: `retrying` while the browser will reconnect by itself. */
  | { type: 'error'; retrying: boolean }
  /** A new attempt, asked by the person. */
  | { type: 'restart' };

export const INITIAL_STATUS: RealtimeStatus = { kind: 'connecting' };

function lastSnapshot(status: RealtimeStatus): RealtimeSnapshot | undefined {
  return status.kind === 'connecting' ? undefined : status.snapshot;
}

export function nextStatus(status: RealtimeStatus, event: RealtimeEvent): RealtimeStatus {
  const snapshot = lastSnapshot(status);
  switch (event.type) {
    case 'snapshot':
      return { kind: 'live', snapshot: event.snapshot, stale: false };
    case 'failure':
      return snapshot ? { kind: 'live', snapshot, stale: true } : status;
    case 'error':
      return event.retrying ? { kind: 'reconnecting', ...(snapshot && { snapshot }) } : { kind: 'closed', ...(snapshot && { snapshot }) };
    case 'restart':
      return INITIAL_STATUS;
  }
}

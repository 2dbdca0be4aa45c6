/**
 * The DVR's arithmetic, in wall time (epoch ms), pure: where each control seeks, whether the
 * playhead is at the live edge, and which broadcast the media tracking should follow. The player
 * maps wall times to its media time through the playlist's EXT-X-PROGRAM-DATE-TIME (hls-clock.ts).
 */
import type { Broadcast } from '@mesura/content';
import { broadcastAt } from './live-guide';

/** What the player can reach: the oldest wall time still in the DVR window, and the live edge. */
export interface DvrRange {
  startMs: number;
  liveEdgeMs: number;
}

/** "-30 s": how far one press goes back. */
export const DVR_STEP_BACK_MS = 30_000;

/**
 * How far behind the live edge still counts as live. hls.js plays three target durations (6 s)
 * behind the newest segment and drifts a little while it buffers, so within 10 s is "En directe".
 */
export const LIVE_EDGE_TOLERANCE_MS = 10_000;

/** The DVR controls that seek, as the scDVR call names them. */
export type DvrAction = 'enrere' | 'inici-programa' | 'directe' | 'barra';

function clamp(timeMs: number, range: DvrRange): number {
  return Math.min(range.liveEdgeMs, Math.max(range.startMs, timeMs));
}

/** "-30 s": thirty seconds back, never before the window. */
export function stepBackTarget(playheadMs: number, range: DvrRange): number {
  return clamp(playheadMs - DVR_STEP_BACK_MS, range);
}

/**
 * "Torna a l'inici del programa": the broadcast's start when the window still holds it, else the
 * oldest moment the window holds (as close to the start as the DVR allows).
 */
export function programmeStartTarget(broadcast: Broadcast, range: DvrRange): number {
  return clamp(Date.parse(broadcast.start), range);
}

/** Whether the broadcast's start is still in the window (the button then reaches it exactly). */
export function programmeStartInWindow(broadcast: Broadcast, range: DvrRange): boolean {
  return Date.parse(broadcast.start) >= range.startMs;
}

/** The scrubber: a position `behindMs` before the live edge. */
export function scrubTarget(behindMs: number, range: DvrRange): number {
  return clamp(range.liveEdgeMs - behindMs, range);
}

export function isAtLiveEdge(playheadMs: number, range: DvrRange): boolean {
  return range.liveEdgeMs - playheadMs <= LIVE_EDGE_TOLERANCE_MS;
}

/**
 * The broadcast the media tracking must follow at `playheadMs`, when it is not `currentId`'s: the
 * playhead crossed a guide entry's end (played on, or a DVR seek), so the old programme's session
 * ends and one for this broadcast starts. Undefined: keep the current session (no change, or a
 * playhead outside the guide).
 */
export function broadcastToFollow(guide: readonly Broadcast[], currentId: string | undefined, playheadMs: number): Broadcast | undefined {
  const onAir = broadcastAt(guide, playheadMs);
  return onAir !== undefined && onAir.id !== currentId ? onAir : undefined;
}

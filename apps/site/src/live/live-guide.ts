/**
 * The programme guide against the clock: which broadcast is on at a given wall time (the live
 * edge, or the DVR playhead), what comes next, and the day's list. Pure; times are epoch ms.
 */
import type { Broadcast } from '@mesura/content';
import { NEWSROOM_TIME_ZONE } from '../content/format-date';

/** The broadcast on at `timeMs`: start ≤ time < end. */
export function broadcastAt(guide: readonly Broadcast[], timeMs: number): Broadcast | undefined {
  return guide.find((entry) => Date.parse(entry.start) <= timeMs && timeMs < Date.parse(entry.end));
}

/** The broadcast after `current` in the guide (the first one starting at or after its end). */
export function broadcastAfter(guide: readonly Broadcast[], current: Broadcast): Broadcast | undefined {
  const endMs = Date.parse(current.end);
  return guide.find((entry) => Date.parse(entry.start) >= endMs);
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: NEWSROOM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const clockFormat = new Intl.DateTimeFormat('ca-ES', { timeZone: NEWSROOM_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** The Catalan calendar day of an instant, 'YYYY-MM-DD'. */
export function localDay(timeMs: number): string {
  return dayFormat.format(new Date(timeMs));
}

/** The guide's entries that start on the Catalan day of `timeMs`, or are on at its start. */
export function guideOfDay(guide: readonly Broadcast[], timeMs: number): Broadcast[] {
  const day = localDay(timeMs);
  return guide.filter((entry) => localDay(Date.parse(entry.start)) === day || localDay(Date.parse(entry.end) - 1) === day);
}

/** "08:30", Catalan time, for an ISO instant. */
export function formatClock(iso: string): string {
  return clockFormat.format(new Date(iso));
}

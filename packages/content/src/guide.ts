/**
 * The programme guide of a channel or station at any moment: each day repeats its schedule
 * (seed/channels.ts DAY_SCHEDULES) in Madrid time, so something is always on air and the guide
 * rolls with the clock. Pure: the caller gives the time.
 */
import type { Broadcast } from './types.js';
import { DAY_SCHEDULES } from './seed/channels.js';

/** How far back and ahead a guide reaches from now. */
export const GUIDE_PAST_MS = 6 * 3_600_000;
export const GUIDE_AHEAD_MS = 18 * 3_600_000;
const TIME_ZONE = 'Europe/Madrid';
const DAY_MS = 86_400_000;

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Madrid's offset from UTC at `ms`, in minutes (60 in winter, 120 in summer). */
export function madridOffsetMinutes(ms: number): number {
  const name = offsetFormat.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The Madrid calendar date (YYYY-MM-DD) at `ms`. */
export function madridDate(ms: number): string {
  return new Date(ms + madridOffsetMinutes(ms) * 60_000).toISOString().slice(0, 10);
}

/** The instant of a Madrid wall time on a date (for the hour a clock change skips, the hour after). */
function madridInstant(date: string, hhmm: string): number {
  const wall = Date.parse(`${date}T${hhmm}:00Z`);
  const guess = wall - madridOffsetMinutes(wall) * 60_000;
  return wall - madridOffsetMinutes(guess) * 60_000;
}

/** ISO 8601 with Madrid's offset, e.g. 2026-11-24T21:00:00+01:00. */
export function madridIso(ms: number): string {
  const offset = madridOffsetMinutes(ms);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return new Date(ms + offset * 60_000).toISOString().replace(/\.\d{3}Z$/, zone);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a channel or station has a guide. */
export function hasGuide(channel: string): boolean {
  return Object.hasOwn(DAY_SCHEDULES, channel);
}

/** The broadcasts of `channel` overlapping [now − 6 h, now + 18 h], contiguous, oldest first. */
export function guideFor(channel: string, now: Date): Broadcast[] {
  const slots = DAY_SCHEDULES[channel];
  if (slots === undefined) throw new Error(`no guide for ${channel}`);
  const nowMs = now.getTime();
  const today = madridDate(nowMs);
  const starts: { ms: number; slot: (typeof slots)[number] }[] = [];
  for (const date of [addDays(today, -1), today, addDays(today, 1), addDays(today, 2)]) {
    for (const slot of slots) starts.push({ ms: madridInstant(date, slot[0]), slot });
  }
  const broadcasts: Broadcast[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const { ms, slot } = starts[i]!;
    const end = starts[i + 1]!.ms;
    if (end <= nowMs - GUIDE_PAST_MS || ms >= nowMs + GUIDE_AHEAD_MS) continue;
    const [, title, programme, genre] = slot;
    broadcasts.push({ id: `${channel}-${madridIso(ms)}`, channel, title, ...(programme && { programme }), start: madridIso(ms), end: madridIso(end), genre });
  }
  return broadcasts;
}

/** What is on `channel` at `now`, and what follows. */
export function nowAndNext(channel: string, now: Date): { now: Broadcast; next: Broadcast } {
  const guide = guideFor(channel, now);
  const index = guide.findIndex((broadcast) => Date.parse(broadcast.start) <= now.getTime() && now.getTime() < Date.parse(broadcast.end));
  const current = guide[index];
  const next = guide[index + 1];
  if (current === undefined || next === undefined) throw new Error(`the guide of ${channel} has a gap at ${now.toISOString()}`);
  return { now: current, next };
}

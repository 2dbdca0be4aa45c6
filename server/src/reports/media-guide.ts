/**
 * The guide's broadcasts over a range of days, for attributing live viewing to what was on air
 * (@mesura/content guide.ts, which repeats each channel's day in Madrid time).
 */
import { guideFor } from '@mesura/content';
import { daysOf } from './time-steps.js';

const DAY_MS = 86_400_000;

export interface GuideSlot {
  channel: string;
  title: string;
  start_ms: number;
  end_ms: number;
}

/**
 * Every broadcast of `channels` overlapping the days `from`–`to` (a day early and late, so that
 * any time zone's days are covered). guideFor reaches 6 h back and 18 h ahead of the time it is
 * asked at: asked at noon UTC of each day, the answers join without a gap.
 */
export function guideSlots(channels: readonly string[], range: { from: string; to: string }): GuideSlot[] {
  const from = new Date(Date.parse(range.from) - DAY_MS).toISOString().slice(0, 10);
  const to = new Date(Date.parse(range.to) + DAY_MS).toISOString().slice(0, 10);
  const slots = new Map<string, GuideSlot>();
  for (const channel of channels) {
    for (const day of daysOf({ from, to })) {
      for (const broadcast of guideFor(channel, new Date(`${day}T12:00:00Z`))) {
        slots.set(broadcast.id, { channel, title: broadcast.title, start_ms: Date.parse(broadcast.start), end_ms: Date.parse(broadcast.end) });
      }
    }
  }
  return [...slots.values()];
}

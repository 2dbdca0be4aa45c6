/**
 * The guide's broadcasts over a range of days, for attributing live viewing to what was on air
 * (@mesura/content guide.ts, which repeats each channel's day in Madrid time).
 */
import { guideFor } from '@mesura/content';
import { LRUCache } from 'lru-cache';
import { daysOf } from './time-steps.js';

const DAY_MS = 86_400_000;
/**
 * Channel-days whose broadcasts are kept: a year of every channel. guideFor works out each start in
 * Madrid time, so a month of guide took ~80 ms of this thread per report (measured); the guide of
 * a channel-day never changes, so it is worked out once.
 */
const GUIDE_CACHE_CHANNEL_DAYS = 5000;
const channelDays = new LRUCache<string, readonly GuideSlot[]>({ max: GUIDE_CACHE_CHANNEL_DAYS });

/** The broadcasts guideFor gives for `channel` asked at noon UTC of `day`, worked out once. */
function channelDaySlots(channel: string, day: string): readonly GuideSlot[] {
  const key = `${channel}|${day}`;
  let slots = channelDays.get(key);
  if (slots === undefined) {
    slots = guideFor(channel, new Date(`${day}T12:00:00Z`)).map((broadcast) => ({
      channel,
      title: broadcast.title,
      start_ms: Date.parse(broadcast.start),
      end_ms: Date.parse(broadcast.end),
    }));
    channelDays.set(key, slots);
  }
  return slots;
}

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
      for (const slot of channelDaySlots(channel, day)) slots.set(`${channel}|${slot.start_ms}`, slot);
    }
  }
  return [...slots.values()];
}

/**
 * How a live broadcast reads in the media rankings. A live session's content id is the guide's
 * broadcast id (@mesura/content guide.ts: `{channel}-{start}`, the start in the channel's own
 * wall clock with its offset), which is no name; the row reads its title, channel and start instead.
 */
import { dayLabel } from './time-steps.js';
import { channelName, guideChannels } from './media-channel-names.js';

/** The start part of a broadcast id: `2026-11-26T21:00:00+01:00`. */
const BROADCAST_START = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):\d{2}[+-]\d{2}:\d{2}$/;

/**
 * `mesura-tv-2026-11-26T21:00:00+01:00` with title `Mesura Notícies vespre` →
 * `Mesura Notícies vespre · Mesura TV, dj. 26/11/2026 21:00`; undefined when `key` is no broadcast id.
 */
export function broadcastLabel(key: string, title: string): string | undefined {
  for (const channel of guideChannels()) {
    if (!key.startsWith(`${channel}-`)) continue;
    const start = BROADCAST_START.exec(key.slice(channel.length + 1));
    if (start) return `${title === '' ? 'Directe' : title} · ${channelName(channel)}, ${dayLabel(start[1]!)} ${start[2]}`;
  }
  return undefined;
}

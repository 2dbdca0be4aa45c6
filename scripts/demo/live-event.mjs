// The evening's live event: many viewers open the same channel within minutes of each other, as
// for the news at nine, so that the live reports (viewers per minute, the guide's programmes) have
// minutes with enough viewers to pass the minimum cohort.
import { randomFor } from './seeded.mjs';
import { livePage, onAir } from './site-pages.mjs';
import { visitorFor } from './visitors.mjs';

/**
 * When, where and how many: a share of the day's visitors, at least `minViewers`, arriving over
 * `spreadMs` and staying about `meanWatchS`: with the default 200 visits, a quarter of an hour of
 * minutes with more viewers than the minimum cohort (5), so that the minute chart shows the evening.
 */
const LIVE_EVENT = { channel: 'mesura-tv', hour: 21, spreadMs: 10 * 60_000, meanWatchS: 900, viewersPerVisitor: 0.06, minViewers: 12 };

/** The live event's viewers (LIVE_EVENT): each lands on the channel's page and watches a while. */
export function liveEventVisits(day, hours, options) {
  const start = hours.find((h) => h.hour === LIVE_EVENT.hour)?.startMs;
  const channel = options.site.channels.find((c) => c.slug === LIVE_EVENT.channel);
  if (start === undefined || !channel) return [];
  const viewers = Math.max(LIVE_EVENT.minViewers, Math.round(options.visitorsPerDay * LIVE_EVENT.viewersPerVisitor));
  const events = [];
  for (let i = 0; i < viewers; i++) {
    const next = randomFor(day, 'live-event', i);
    const atMs = start + Math.floor(next() * LIVE_EVENT.spreadMs);
    if (atMs < options.untilMs)
      events.push({
        next,
        readings: randomFor(day, 'live-event', i, 'readings'),
        atMs,
        visitor: visitorFor(next, options.visitorsPerDay, true),
        landing: livePage(channel, 'video', onAir(options.site, channel.slug, atMs)),
        watchMeanS: LIVE_EVENT.meanWatchS,
      });
  }
  return events;
}

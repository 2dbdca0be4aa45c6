/** The real-time stream apart from HTTP: its events on fake time, its bounds, and the snapshot's rules. */
import { describe, expect, it } from 'vitest';
import { REALTIME_ACTIVE_PAGES_MINUTES, REALTIME_PUSH_INTERVAL_MS, REALTIME_VIEWER_HEARTBEAT_WINDOW_S, REALTIME_WINDOW_MINUTES } from '../../src/reports/realtime-limits.js';
import type { RealtimeSnapshot } from '@mesura/protocol';
import { assembleSnapshot } from '../../src/reports/realtime-snapshot.js';
import { eventChunk, MEASUREMENT_FAILED, openRealtimeStream, retryChunk, type RealtimeTimers } from '../../src/reports/realtime-stream.js';
import { RealtimeStreamSlots } from '../../src/reports/realtime-stream-slots.js';

/** Timers that only record: a test fires the interval itself. */
function recordingTimers() {
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const timers: RealtimeTimers = {
    setInterval: (callback, ms) => {
      intervals.set(next, { callback, ms });
      return next++;
    },
    clearInterval: (handle) => void intervals.delete(handle as number),
  };
  return { timers, intervals, fire: () => [...intervals.values()].forEach((i) => i.callback()) };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const NOW = Date.UTC(2026, 10, 23, 10, 7, 30);
const SOURCES = { channels: [{ slug: 'mesura-tv', name: 'Mesura TV' }], stations: [{ slug: 'mesura-radio', name: 'Mesura Ràdio' }] };

function snapshotAt(n: number): RealtimeSnapshot {
  return assembleSnapshot({ nowMs: NOW + n, minCohort: 5, sources: SOURCES, minutes: [], pages: [], totals: {}, live: [] });
}

describe('openRealtimeStream', () => {
  it('sends the retry delay and a first snapshot at once, then one every REALTIME_PUSH_INTERVAL_MS', async () => {
    const { timers, intervals, fire } = recordingTimers();
    const written: string[] = [];
    let measured = 0;
    openRealtimeStream({ measure: async () => snapshotAt(measured++), write: (c) => written.push(c), intervalMs: REALTIME_PUSH_INTERVAL_MS, timers, onError: () => undefined });
    await flush();
    expect(written).toEqual([retryChunk(REALTIME_PUSH_INTERVAL_MS), eventChunk('snapshot', snapshotAt(0))]);
    expect([...intervals.values()].map((i) => i.ms)).toEqual([REALTIME_PUSH_INTERVAL_MS]);
    fire();
    await flush();
    expect(written.slice(2)).toEqual([eventChunk('snapshot', snapshotAt(1))]);
  });

  it('skips a tick while the previous measurement still runs', async () => {
    const { timers, fire } = recordingTimers();
    const written: string[] = [];
    let release!: () => void;
    let calls = 0;
    openRealtimeStream({
      measure: () => {
        calls += 1;
        return new Promise((resolve) => (release = () => resolve(snapshotAt(0))));
      },
      write: (c) => written.push(c),
      intervalMs: REALTIME_PUSH_INTERVAL_MS,
      timers,
      onError: () => undefined,
    });
    fire();
    fire();
    expect(calls).toBe(1);
    release();
    await flush();
    fire();
    expect(calls).toBe(2);
  });

  it('sends a failure event without the error and goes on at the next tick', async () => {
    const { timers, fire } = recordingTimers();
    const written: string[] = [];
    const errors: unknown[] = [];
    let fail = true;
    openRealtimeStream({
      measure: async () => {
        if (fail) throw new Error('IO Error: /srv/data/mesura.duckdb');
        return snapshotAt(0);
      },
      write: (c) => written.push(c),
      intervalMs: REALTIME_PUSH_INTERVAL_MS,
      timers,
      onError: (e) => errors.push(e),
    });
    await flush();
    expect(written[1]).toBe(eventChunk('failure', MEASUREMENT_FAILED));
    expect(written[1]).not.toContain('mesura.duckdb');
    expect(errors).toHaveLength(1);
    fail = false;
    fire();
    await flush();
    expect(written[2]).toBe(eventChunk('snapshot', snapshotAt(0)));
  });

  it('clears its interval on stop and writes nothing more, not even a measurement already under way', async () => {
    const { timers, intervals } = recordingTimers();
    const written: string[] = [];
    const stream = openRealtimeStream({ measure: async () => snapshotAt(0), write: (c) => written.push(c), intervalMs: REALTIME_PUSH_INTERVAL_MS, timers, onError: () => undefined });
    stream.stop();
    await flush();
    expect(intervals.size).toBe(0);
    expect(written).toEqual([retryChunk(REALTIME_PUSH_INTERVAL_MS)]);
  });
});

describe('RealtimeStreamSlots', () => {
  it('bounds the streams per user and in all, and gives a slot back once', () => {
    const slots = new RealtimeStreamSlots({ perUser: 2, total: 3 });
    const a1 = slots.take('a');
    expect(typeof a1).toBe('function');
    expect(typeof slots.take('a')).toBe('function');
    expect(slots.take('a')).toBe('user');
    expect(typeof slots.take('b')).toBe('function');
    expect(slots.take('c')).toBe('total');
    (a1 as () => void)();
    (a1 as () => void)();
    expect(slots.size).toBe(2);
    expect(typeof slots.take('c')).toBe('function');
    expect(slots.take('d')).toBe('total');
  });
});

describe('assembleSnapshot', () => {
  const minuteMs = (back: number) => Math.floor(NOW / 60_000) * 60_000 - back * 60_000;

  it('gives REALTIME_WINDOW_MINUTES minutes, oldest first, zero where nothing came and null below the minimum cohort', () => {
    const snapshot = assembleSnapshot({
      nowMs: NOW,
      minCohort: 5,
      sources: SOURCES,
      minutes: [
        { minute_ms: String(minuteMs(0)), page_views: '12', visitors: '6' },
        { minute_ms: String(minuteMs(3)), page_views: '4', visitors: '2' },
      ],
      pages: [],
      totals: {},
      live: [],
    });
    expect(snapshot.minutes).toHaveLength(REALTIME_WINDOW_MINUTES);
    expect(snapshot.minutes[0]!.start).toBe(new Date(minuteMs(REALTIME_WINDOW_MINUTES - 1)).toISOString());
    expect(snapshot.minutes.at(-1)).toEqual({ start: '2026-11-23T10:07:00.000Z', pageViews: 12 });
    expect(snapshot.minutes.at(-4)).toEqual({ start: '2026-11-23T10:04:00.000Z', pageViews: null });
    expect(snapshot.minutes.at(-2)).toEqual({ start: '2026-11-23T10:06:00.000Z', pageViews: 0 });
    expect(snapshot.at).toBe('2026-11-23T10:07:30.000Z');
  });

  it("shows the active minutes' totals from the cohort up, and the few pages added up only where two or more reach it together", () => {
    const totals = (row: Record<string, string>) => assembleSnapshot({ nowMs: NOW, minCohort: 5, sources: SOURCES, minutes: [], pages: [], totals: row, live: [] }).activePages;
    expect(totals({ page_views: '8', visitors: '4', others_pages: '2', others_page_views: '8', others_visitors: '4' })).toMatchObject({ total: null });
    expect(totals({ page_views: '8', visitors: '4', others_pages: '2', others_page_views: '8', others_visitors: '4' }).others).toBeUndefined();
    // One page alone, whatever its figures, is what the list leaves out.
    expect(totals({ page_views: '20', visitors: '9', others_pages: '1', others_page_views: '4', others_visitors: '4' })).toEqual({
      minutes: REALTIME_ACTIVE_PAGES_MINUTES,
      pages: [],
      total: { pageViews: 20, visitors: 9 },
    });
    expect(totals({ page_views: '20', visitors: '9', others_pages: '4', others_page_views: '6', others_visitors: '5' }).others).toEqual({ pages: 4, pageViews: 6, visitors: 5 });
  });

  it('leaves out active pages below the cohort and hides a channel below it, listing every channel and station', () => {
    const snapshot = assembleSnapshot({
      nowMs: NOW,
      minCohort: 5,
      sources: SOURCES,
      minutes: [],
      pages: [
        { url: 'http://localhost/noticia/1/', title: 'Una notícia', page_views: '9', visitors: '5' },
        { url: 'http://localhost/noticia/2/', title: null, page_views: '9', visitors: '4' },
      ],
      totals: { page_views: '30', visitors: '12', others_pages: '3', others_page_views: '16', others_visitors: '6' },
      live: [
        { channel: 'mesura-tv', viewers: '7', visitors: '6' },
        { channel: 'mesura-radio', viewers: '3', visitors: '3' },
        { channel: 'unknown', viewers: '9', visitors: '9' },
      ],
    });
    expect(snapshot.activePages).toEqual({
      minutes: REALTIME_ACTIVE_PAGES_MINUTES,
      pages: [{ url: 'http://localhost/noticia/1/', title: 'Una notícia', pageViews: 9, visitors: 5 }],
      total: { pageViews: 30, visitors: 12 },
      others: { pages: 3, pageViews: 16, visitors: 6 },
    });
    expect(snapshot.live).toEqual({
      seconds: REALTIME_VIEWER_HEARTBEAT_WINDOW_S,
      channels: [{ slug: 'mesura-tv', name: 'Mesura TV', viewers: 7 }],
      stations: [{ slug: 'mesura-radio', name: 'Mesura Ràdio', viewers: null }],
    });
  });
});

/** Streams share a recent measurement: the real-time queries run at most once per REALTIME_SNAPSHOT_REUSE_MS. */
import { describe, expect, it } from 'vitest';
import { REALTIME_SNAPSHOT_REUSE_MS } from '../../src/reports/realtime-limits.js';
import type { RealtimeSnapshot } from '@mesura/protocol';
import { assembleSnapshot } from '../../src/reports/realtime-snapshot.js';
import { sharedMeasure } from '../../src/reports/realtime-shared-measure.js';

const snapshot = (nowMs: number): RealtimeSnapshot => assembleSnapshot({ nowMs, minCohort: 5, sources: { channels: [], stations: [] }, minutes: [], pages: [], totals: {}, live: [] });

describe('sharedMeasure', () => {
  it('gives a measurement under way or younger than the reuse time to every asker, and measures anew after it', async () => {
    let now = Date.UTC(2026, 10, 23, 10, 0);
    const measuredAt: number[] = [];
    const measure = sharedMeasure(
      async (nowMs) => (measuredAt.push(nowMs), snapshot(nowMs)),
      () => now,
      REALTIME_SNAPSHOT_REUSE_MS,
    );
    const first = measure();
    now += REALTIME_SNAPSHOT_REUSE_MS - 1;
    expect(measure()).toBe(first);
    now += 1;
    const second = await measure();
    expect(measuredAt).toEqual([now - REALTIME_SNAPSHOT_REUSE_MS, now]);
    expect(second.at).toBe(new Date(now).toISOString());
  });

  it('does not reuse a failed measurement', async () => {
    const now = Date.UTC(2026, 10, 23, 10, 0);
    let calls = 0;
    const measure = sharedMeasure(
      async (nowMs) => {
        calls += 1;
        if (calls === 1) throw new Error('store closed');
        return snapshot(nowMs);
      },
      () => now,
      REALTIME_SNAPSHOT_REUSE_MS,
    );
    await expect(measure()).rejects.toThrow('store closed');
    await expect(measure()).resolves.toMatchObject({ at: new Date(now).toISOString() });
    expect(calls).toBe(2);
  });
});

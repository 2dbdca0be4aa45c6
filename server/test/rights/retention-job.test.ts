import { describe, expect, it, vi } from 'vitest';
import { localDayIn } from '../../src/local-day.js';
import { RETENTION_INTERVAL_MS, retentionCutoff, startRetentionJob, type RetentionTimers } from '../../src/rights/retention-job.js';
import type { RetentionCutoff, RetentionResult } from '../../src/store/retention-store.js';

const localDay = localDayIn('Europe/Madrid');
const DAY_MS = 86_400_000;
const NOTHING: RetentionResult = { hits: 0, heartbeats: 0, decisionEvents: 0, pageViewAggregates: 0, reportRows: 0 };

/** Timers the test fires by hand: no real time passes. */
function fakeTimers() {
  const state = { run: undefined as (() => void) | undefined, ms: 0, unrefd: false, cleared: undefined as unknown };
  const handle = { unref: () => (state.unrefd = true) };
  const timers: RetentionTimers = {
    setInterval(run, ms) {
      state.run = run;
      state.ms = ms;
      return handle;
    },
    clearInterval(h) {
      state.cleared = h;
    },
  };
  return { timers, state, handle };
}

describe('retentionCutoff', () => {
  it('keeps MESURA_RETENTION_DAYS days counted back from now, in the site time zone', () => {
    const now = Date.UTC(2026, 10, 23, 9, 0);
    expect(retentionCutoff(now, 395, localDay)).toEqual({ day: '2025-10-24', atMs: now - 395 * DAY_MS });
    // 23:30 UTC is already the next day in Barcelona.
    expect(retentionCutoff(Date.UTC(2026, 10, 23, 23, 30), 1, localDay).day).toBe('2026-11-23');
  });
});

describe('the retention job', () => {
  it("runs at start and then once a day on an unref'd timer, with the clock of each run, until stopped", async () => {
    let clock = Date.UTC(2026, 10, 23, 9, 0);
    const cutoffs: RetentionCutoff[] = [];
    const done = vi.fn();
    const { timers, state, handle } = fakeTimers();
    const job = startRetentionJob({
      store: { deleteBefore: async (cutoff) => (cutoffs.push(cutoff), NOTHING) },
      retentionDays: 30,
      now: () => clock,
      localDay,
      catchUp: async () => undefined,
      onDone: done,
      onError: () => undefined,
      timers,
    });
    await job.runNow(); // waits for the start-up run as well
    expect(state.ms).toBe(RETENTION_INTERVAL_MS);
    expect(state.unrefd).toBe(true);
    clock += RETENTION_INTERVAL_MS;
    state.run!();
    await job.stop();
    expect(state.cleared).toBe(handle);
    expect(cutoffs.map((c) => c.day)).toEqual(['2026-10-24', '2026-10-24', '2026-10-25']);
    expect(done).toHaveBeenCalledTimes(3);
  });

  it('reports a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const { timers } = fakeTimers();
    const job = startRetentionJob({
      store: {
        deleteBefore: async () => {
          calls += 1;
          if (calls === 1) throw new Error('store busy');
          return NOTHING;
        },
      },
      retentionDays: 30,
      now: () => Date.UTC(2026, 10, 23),
      localDay,
      catchUp: async () => undefined,
      onDone: () => undefined,
      onError: (error) => errors.push(error),
      timers,
    });
    expect(await job.runNow()).toEqual(NOTHING);
    expect(errors).toEqual([new Error('store busy')]);
    await job.stop();
  });
});

/**
 * The visit roll-up's rules that need no ClickHouse (store/clickhouse/visit-rollup-*.ts): which days
 * a report reads from the roll-up, which days a run builds and checks again, the fingerprint's
 * arithmetic, and the job's schedule; clickhouse-visit-rollup.test.ts runs them against a server.
 */
import { describe, expect, it, vi } from 'vitest';
import { localDayIn } from '../src/local-day.js';
import type { JobTimers } from '../src/periodic-job.js';
import { NO_VISIT_DAY } from '../src/store/clickhouse/report-facts-sql.js';
import { visitFingerprint, visitDayKey } from '../src/store/clickhouse/visit-rollup-build.js';
import { startVisitRollupJob, VISIT_RECHECK_DAYS, VISIT_ROLLUP_INTERVAL_MS, visitRollupWindow } from '../src/store/clickhouse/visit-rollup-job.js';
import { visitSources } from '../src/store/clickhouse/visit-rollup-reads.js';

const localDay = localDayIn('Europe/Madrid');
const RANGE = { from: '2026-11-01', to: '2026-11-05' };

describe('which days a report reads from the visit roll-up', () => {
  it('reads the leading run of built days from it and cuts the rest from the hits', () => {
    expect(visitSources(RANGE, ['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-04'])).toEqual({
      visits_rolled_to: '2026-11-02', visits_computed_from: '2026-11-03', visits_computed_to: '2026-11-05',
    });
  });

  it('reads it all from the roll-up when every day is built, and days before the first build count as built and empty', () => {
    expect(visitSources(RANGE, ['2026-11-03', '2026-11-04', '2026-11-05'])).toEqual({
      visits_rolled_to: '2026-11-05', visits_computed_from: NO_VISIT_DAY, visits_computed_to: NO_VISIT_DAY,
    });
  });

  it('cuts everything from the hits when no day is built, or the first day of the range is missing after a build', () => {
    const computedAll = { visits_rolled_to: NO_VISIT_DAY, visits_computed_from: RANGE.from, visits_computed_to: RANGE.to };
    expect(visitSources(RANGE, [])).toEqual(computedAll);
    expect(visitSources(RANGE, ['2026-10-30', '2026-11-02'])).toEqual(computedAll);
  });
});

describe('which days a run builds', () => {
  it('closes a day once the day after it ended VISIT_CLOSE_GRACE_MS ago (local days), and checks the last VISIT_RECHECK_DAYS again', () => {
    // 00:30 on the 25th in Barcelona: the 24th ended half an hour ago, within the grace.
    expect(visitRollupWindow(Date.UTC(2026, 10, 24, 23, 30), localDay, 395)).toEqual({ closedTo: '2026-11-22', recheckFrom: '2026-11-09' });
    // 01:30 on the 25th: the 23rd is closed.
    const window = visitRollupWindow(Date.UTC(2026, 10, 25, 0, 30), localDay, 395);
    expect(window.closedTo).toBe('2026-11-23');
    expect(window.recheckFrom).toBe('2026-11-10');
    expect(VISIT_RECHECK_DAYS).toBe(14);
  });

  it('never builds again a day whose day before is past retention', () => {
    // Retention keeps 5 days: the cutoff is the 20th, whose day before is gone; the 21st is the first checked.
    expect(visitRollupWindow(Date.UTC(2026, 10, 25, 12), localDay, 5).recheckFrom).toBe('2026-11-21');
  });
});

describe('the fingerprint of a day\'s visits', () => {
  it('adds the day\'s page views and its neighbours\', wrapping the receive times\' sum as an Int64', () => {
    const counts = new Map([
      [visitDayKey({ suite: 's', day: '2026-11-01' }), { pageViewHits: '2', receivedSum: '9223372036854775807' }],
      [visitDayKey({ suite: 's', day: '2026-11-02' }), { pageViewHits: '3', receivedSum: '1' }],
      [visitDayKey({ suite: 'other', day: '2026-11-02' }), { pageViewHits: '100', receivedSum: '5' }],
    ]);
    expect(visitFingerprint(counts, { suite: 's', day: '2026-11-02' }, ['2026-11-01', '2026-11-03'])).toEqual({
      pageViewHits: '5', receivedSum: '-9223372036854775808',
    });
  });
});

describe('the visit roll-up job', () => {
  it('runs at start and every VISIT_ROLLUP_INTERVAL_MS with the clock of each run, reports failures and goes on, until stopped', async () => {
    const state = { run: undefined as (() => void) | undefined, ms: 0, unrefd: false };
    const timers: JobTimers = {
      setInterval(run, ms) {
        Object.assign(state, { run, ms });
        return { unref: () => (state.unrefd = true) };
      },
      clearInterval: () => undefined,
    };
    let clock = 1_000;
    const runs: number[] = [];
    const done = vi.fn();
    const failed = vi.fn();
    const job = startVisitRollupJob({
      rollup: {
        run: async (nowMs) => {
          runs.push(nowMs);
          if (runs.length === 2) throw new Error('ClickHouse is down');
          return { built: runs.length, rebuilt: 0 };
        },
      },
      now: () => clock,
      onDone: done,
      onError: failed,
      timers,
    });
    expect(await job.runNow()).toBeUndefined(); // after the start-up run: the second, which fails
    expect([state.ms, state.unrefd]).toEqual([VISIT_ROLLUP_INTERVAL_MS, true]);
    clock += VISIT_ROLLUP_INTERVAL_MS;
    state.run!();
    await job.stop();
    expect(runs).toEqual([1_000, 1_000, 1_000 + VISIT_ROLLUP_INTERVAL_MS]);
    expect(done.mock.calls.map(([run]) => run)).toEqual([{ built: 1, rebuilt: 0 }, { built: 3, rebuilt: 0 }]);
    expect(failed).toHaveBeenCalledTimes(1);
  });
});

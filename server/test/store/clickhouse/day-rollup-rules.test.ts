/**
 * The day roll-ups' rules that need no ClickHouse (store/clickhouse/day-rollup-*.ts): which days a
 * report reads from a roll-up, which days a run builds and checks again, the fingerprint's
 * arithmetic, and the job's schedule; clickhouse-visit-rollup.test.ts and
 * clickhouse-media-sessions.test.ts run them against a server.
 */
import { describe, expect, it, vi } from 'vitest';
import { localDayIn } from '../../../src/local-day.js';
import type { JobTimers } from '../../../src/periodic-job.js';
import { NO_ROLLUP_DAY } from '../../../src/store/clickhouse/day-rollup.js';
import { buildName, buildRevision, fingerprintOf, suiteDayKey } from '../../../src/store/clickhouse/day-rollup-build.js';
import { DAY_RECHECK_DAYS, DAY_ROLLUP_INTERVAL_MS, builtThroughOf, rollupWindow, startDayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { rollupSources } from '../../../src/store/clickhouse/day-rollup-reads.js';
import { SESSION_ROLLUP } from '../../../src/store/clickhouse/session-rollup.js';
import { VISIT_ROLLUP } from '../../../src/store/clickhouse/visit-rollup.js';

const localDay = localDayIn('Europe/Madrid');
const RANGE = { from: '2026-11-01', to: '2026-11-05' };

describe('which days a report reads from a day roll-up', () => {
  it('reads the leading run of built days from it and cuts the rest from the hits', () => {
    expect(rollupSources(RANGE, ['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-04'])).toEqual({
      rolledTo: '2026-11-02',
      computedFrom: '2026-11-03',
      computedTo: '2026-11-05',
    });
  });

  it('reads it all from the roll-up when every day is built, and days before the first build count as built and empty', () => {
    expect(rollupSources(RANGE, ['2026-11-03', '2026-11-04', '2026-11-05'])).toEqual({
      rolledTo: '2026-11-05',
      computedFrom: NO_ROLLUP_DAY,
      computedTo: NO_ROLLUP_DAY,
    });
  });

  it('cuts everything from the hits when no day is built, or the first day of the range is missing after a build', () => {
    const computedAll = { rolledTo: NO_ROLLUP_DAY, computedFrom: RANGE.from, computedTo: RANGE.to };
    expect(rollupSources(RANGE, [])).toEqual(computedAll);
    expect(rollupSources(RANGE, ['2026-10-30', '2026-11-02'])).toEqual(computedAll);
  });
});

describe('which days a run builds', () => {
  it('closes a day once the last day it reads ended DAY_CLOSE_GRACE_MS ago (local days), and checks the last DAY_RECHECK_DAYS again', () => {
    // Visits and sessions read the day after theirs. 00:30 on the 25th in Barcelona: the 24th ended half an hour ago, within the grace.
    for (const rollup of [VISIT_ROLLUP, SESSION_ROLLUP]) {
      expect(rollupWindow(rollup, Date.UTC(2026, 10, 24, 23, 30), localDay, 395)).toMatchObject({ closedTo: '2026-11-22', recheckFrom: '2026-11-09' });
      // 01:30 on the 25th: the 23rd is closed.
      expect(rollupWindow(rollup, Date.UTC(2026, 10, 25, 0, 30), localDay, 395)).toMatchObject({ closedTo: '2026-11-23', recheckFrom: '2026-11-10' });
    }
    expect(DAY_RECHECK_DAYS).toBe(14);
  });

  it('never builds again a day one of whose read days is past retention', () => {
    // Retention keeps 5 days: the cutoff is the 20th, whose day before is gone. A visit reads the day
    // before, so the 21st is the first checked; a session only its own day and the next: the 20th.
    expect(rollupWindow(VISIT_ROLLUP, Date.UTC(2026, 10, 25, 12), localDay, 5).recheckFrom).toBe('2026-11-21');
    expect(rollupWindow(SESSION_ROLLUP, Date.UTC(2026, 10, 25, 12), localDay, 5).recheckFrom).toBe('2026-11-20');
  });

  it('builds days of an earlier revision again back to the first day whose read days are all kept, not only the days checked again', () => {
    // Kept 395 days back from 25 November 2026: 26 October 2025 is the cutoff; a visit reads the day before, so the 27th is the first.
    expect(rollupWindow(VISIT_ROLLUP, Date.UTC(2026, 10, 25, 12), localDay, 395)).toEqual({ closedTo: '2026-11-23', recheckFrom: '2026-11-10', keptFrom: '2025-10-27' });
    expect(rollupWindow(VISIT_ROLLUP, Date.UTC(2026, 10, 25, 12), localDay, 5).keptFrom).toBe('2026-11-21');
  });
});

describe("a build's name", () => {
  it('sorts by the time it was made and names the revision that made it; a name from before revisions is revision 0', () => {
    const earlier = buildName(Date.UTC(2026, 10, 25), 1);
    const later = buildName(Date.UTC(2026, 10, 25) + 1, 0);
    expect(earlier).toMatch(/^001795564800000-r1-[0-9a-f]{8}$/);
    expect([later, earlier].sort()).toEqual([earlier, later]);
    expect([buildRevision(earlier), buildRevision(later)]).toEqual([1, 0]);
    expect(buildRevision('001795564800000-1a2b3c4d')).toBe(0);
    expect(buildRevision('000000000000000-other')).toBe(0);
  });
});

describe("the fingerprint of a day's rows", () => {
  it("adds the counts of the days it reads, of its suite only, wrapping the receive times' sum as an Int64", () => {
    const counts = new Map([
      [suiteDayKey({ suite: 's', day: '2026-11-01' }), { sourceRows: '2', receivedSum: '9223372036854775807' }],
      [suiteDayKey({ suite: 's', day: '2026-11-02' }), { sourceRows: '3', receivedSum: '1' }],
      [suiteDayKey({ suite: 'other', day: '2026-11-02' }), { sourceRows: '100', receivedSum: '5' }],
    ]);
    expect(fingerprintOf(counts, 's', ['2026-11-01', '2026-11-02', '2026-11-03'])).toEqual({ sourceRows: '5', receivedSum: '-9223372036854775808' });
  });
});

describe('how far the builds reach', () => {
  const built = (...days: [string, string][]) => new Set(days.map(([suite, day]) => suiteDayKey({ suite, day })));

  it("is the last day before any suite's first missing build, at most the last closed day", () => {
    const firstDays = new Map([
      ['a', '2026-11-20'],
      ['b', '2026-11-21'],
    ]);
    const all = built(['a', '2026-11-20'], ['a', '2026-11-21'], ['a', '2026-11-22'], ['b', '2026-11-21'], ['b', '2026-11-22'], ['b', '2026-11-23']);
    expect(builtThroughOf(firstDays, all, '2026-11-22')).toBe('2026-11-22');
    // b's 22nd is missing (a run stopped midway, or failed): b is built through the 21st, its 23rd notwithstanding.
    const gap = built(['a', '2026-11-20'], ['a', '2026-11-21'], ['a', '2026-11-22'], ['b', '2026-11-21'], ['b', '2026-11-23']);
    expect(builtThroughOf(firstDays, gap, '2026-11-23')).toBe('2026-11-21');
  });

  it("answers the day before a suite's first when nothing of it is built, the last closed day for a suite whose events are all of open days, and null without a suite", () => {
    expect(builtThroughOf(new Map([['a', '2026-11-20']]), built(), '2026-11-22')).toBe('2026-11-19');
    expect(builtThroughOf(new Map([['a', '2026-11-25']]), built(), '2026-11-22')).toBe('2026-11-22');
    expect(builtThroughOf(new Map(), built(), '2026-11-22')).toBeNull();
  });
});

describe('the day roll-up job', () => {
  it('runs each roll-up at start and every DAY_ROLLUP_INTERVAL_MS with the clock of each run; one failing leaves the others run, until stopped', async () => {
    const state = { run: undefined as (() => void) | undefined, ms: 0, unrefd: false };
    const timers: JobTimers = {
      setInterval(run, ms) {
        Object.assign(state, { run, ms });
        return { unref: () => (state.unrefd = true) };
      },
      clearInterval: () => undefined,
    };
    let clock = 1_000;
    const runs: string[] = [];
    const done = vi.fn();
    const failed = vi.fn();
    const rollup = (rollupName: string, failing: number) => ({
      rollup: { ...VISIT_ROLLUP, name: rollupName },
      run: async (nowMs: number) => {
        runs.push(`${rollupName}@${nowMs}`);
        if (runs.length === failing) throw new Error('ClickHouse is down');
        return { built: runs.length, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: `2026-11-${10 + runs.length}` };
      },
    });
    const job = startDayRollupJob({ rollups: [rollup('visits', 3), rollup('sessions', 0)], now: () => clock, onDone: done, onError: failed, timers });
    expect(await job.runNow()).toBeUndefined(); // after the start-up run: the second, whose visits fail
    expect([state.ms, state.unrefd]).toEqual([DAY_ROLLUP_INTERVAL_MS, true]);
    // What /healthz shows: the failed run keeps the last figures built, flagged.
    expect(job.status()).toEqual({
      visits: { lastRunAtMs: 1_000, built: 1, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-11', failing: true },
      sessions: { lastRunAtMs: 1_000, built: 4, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-14', failing: false },
    });
    clock += DAY_ROLLUP_INTERVAL_MS;
    state.run!();
    await job.stop();
    const later = 1_000 + DAY_ROLLUP_INTERVAL_MS;
    expect(runs).toEqual(['visits@1000', 'sessions@1000', 'visits@1000', 'sessions@1000', `visits@${later}`, `sessions@${later}`]);
    expect(done.mock.calls.map(([done]) => done)).toEqual([
      { visits: { built: 1, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-11' }, sessions: { built: 2, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-12' } },
      { sessions: { built: 4, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-14' } },
      { visits: { built: 5, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-15' }, sessions: { built: 6, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-16' } },
    ]);
    expect(failed.mock.calls.map(([error, name]) => [(error as Error).message, name])).toEqual([['ClickHouse is down', 'visits']]);
    expect(job.status().visits).toEqual({ lastRunAtMs: later, built: 5, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: '2026-11-15', failing: false });
  });

  it('tells a run in progress to build no further day once stopped, and waits for it', async () => {
    const timers: JobTimers = { setInterval: () => ({}), clearInterval: () => undefined };
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const seen: boolean[] = [];
    const job = startDayRollupJob({
      rollups: [
        {
          rollup: VISIT_ROLLUP,
          run: async (_nowMs, stopped = () => false) => {
            seen.push(stopped());
            const released = new Promise<void>((resolve) => (release = resolve));
            started();
            await released;
            seen.push(stopped());
            return { built: 0, rebuilt: 0, closedThrough: '2026-11-24', builtThrough: null };
          },
        },
      ],
      now: () => 0,
      onDone: () => undefined,
      onError: () => undefined,
      timers,
    });
    await running;
    const stopping = job.stop();
    release();
    await stopping;
    expect(seen).toEqual([false, true]);
  });
});

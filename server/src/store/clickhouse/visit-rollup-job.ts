/**
 * The API nodes' visit roll-up (visit-rollup-table.ts): every VISIT_ROLLUP_INTERVAL_MS, builds the
 * visits of each suite's closed days that have no build, and builds again the recent ones whose page
 * views changed since (a collector that drained late, an erasure). A day is closed once the day
 * after it has ended, VISIT_CLOSE_GRACE_MS ago: its visits read its page views and its neighbours'.
 *
 * Which days: on a process's first run, every day of every suite from its first page view (days
 * without page views get an empty build, so that a suite's rolled-up days are one run:
 * visit-rollup-reads.ts), in order; then the last VISIT_RECHECK_DAYS only. A day is never built
 * again once its day before is past retention (the hits it was cut from are gone: the rows kept
 * are the ones DuckDB keeps). Two nodes may build the same day at once: each build is whole, and
 * the reports read the newest.
 */
import { addDays, type LocalDay } from '../../local-day.js';
import { startPeriodicJob, type JobTimers, type PeriodicJob } from '../../periodic-job.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { MutationOptions } from './mutations.js';
import { FACT_HIT_COLUMNS } from './report-facts-sql.js';
import { sqlString } from './sql-literal.js';
import {
  buildVisitDay,
  currentVisitBuilds,
  dropReplacedBuilds,
  pageViewCounts,
  visitDayKey,
  visitFingerprint,
  type VisitBuild,
  type VisitDay,
  type VisitFingerprint,
} from './visit-rollup-build.js';

export const VISIT_ROLLUP_INTERVAL_MS = 10 * 60 * 1000;
/** How long after the end of the day after a day its visits are built: the collectors' usual lag, and more. */
export const VISIT_CLOSE_GRACE_MS = 60 * 60 * 1000;
/** How many days back each run looks for page views that changed after their day was built. */
export const VISIT_RECHECK_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface VisitRollupOptions {
  /** Its default database must be `database` (the visits' text names `hits` unqualified). */
  transport: ClickHouseTransport;
  database: string;
  timeZone: string;
  localDay: LocalDay;
  /** MESURA_RETENTION_DAYS. */
  retentionDays: number;
  mutations?: Omit<MutationOptions, 'transport' | 'database'>;
}

export interface VisitRollupRun {
  built: number;
  rebuilt: number;
}

/** The days a run looks at: closed up to `closedTo`; checked again from `recheckFrom`. */
export function visitRollupWindow(nowMs: number, localDay: LocalDay, retentionDays: number): { closedTo: string; recheckFrom: string } {
  const closedTo = localDay(nowMs - VISIT_CLOSE_GRACE_MS - 2 * DAY_MS);
  const recent = addDays(closedTo, 1 - VISIT_RECHECK_DAYS);
  // The retention cutoff day keeps its rows; the day after it is the first whose day before is still there.
  const kept = addDays(localDay(nowMs - retentionDays * DAY_MS), 1);
  return { closedTo, recheckFrom: recent > kept ? recent : kept };
}

export class VisitRollup {
  private historyDone = false;
  private hitsHaveColumns = false;

  constructor(private readonly options: VisitRollupOptions) {}

  /**
   * One run at `nowMs`: builds what is missing or changed, then drops the rows of replaced builds.
   * Nothing on a deployment whose hits lack a column the visits are cut from (a site without one of
   * the variables report-facts-sql.ts reads, whose visit reports cannot run either).
   */
  async run(nowMs: number): Promise<VisitRollupRun> {
    const { transport, database, localDay, retentionDays } = this.options;
    if (!(await this.possible())) return { built: 0, rebuilt: 0 };
    const { closedTo, recheckFrom } = visitRollupWindow(nowMs, localDay, retentionDays);
    const counts = await pageViewCounts(transport, database, { ...(this.historyDone && { fromDay: addDays(recheckFrom, -1) }), toDay: addDays(closedTo, 1) });
    const builds = await currentVisitBuilds(transport, database);
    const replaced: (VisitDay & { build: string })[] = [];
    let built = 0;
    for (const day of this.daysToLookAt(counts, builds, closedTo, recheckFrom)) {
      const fingerprint = visitFingerprint(counts, day, [addDays(day.day, -1), addDays(day.day, 1)]);
      const current = builds.get(visitDayKey(day));
      if (current && (day.day < recheckFrom || sameFingerprint(current, fingerprint))) continue;
      const build = await buildVisitDay(transport, { database, timeZone: this.options.timeZone, nowMs }, day, fingerprint);
      built += 1;
      if (current) replaced.push({ ...day, build });
    }
    await dropReplacedBuilds({ transport, database, ...this.options.mutations }, replaced);
    this.historyDone = true;
    return { built, rebuilt: replaced.length };
  }

  private async possible(): Promise<boolean> {
    if (this.hitsHaveColumns) return true;
    const rows = await this.options.transport.query<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = ${sqlString(this.options.database)} AND table = 'hits'`,
    );
    const present = new Set(rows.map((row) => row.name));
    this.hitsHaveColumns = FACT_HIT_COLUMNS.every((column) => present.has(column));
    return this.hitsHaveColumns;
  }

  /**
   * Each suite's days in order, from its first day with page views or a build (on the first run),
   * or from `recheckFrom` (later runs), to `closedTo`.
   */
  private daysToLookAt(counts: ReadonlyMap<string, VisitFingerprint>, builds: ReadonlyMap<string, VisitBuild>, closedTo: string, recheckFrom: string): VisitDay[] {
    const firstDays = new Map<string, string>();
    for (const key of [...counts.keys(), ...builds.keys()]) {
      const [suite, day] = key.split('\n') as [string, string];
      const first = firstDays.get(suite);
      if (first === undefined || day < first) firstDays.set(suite, day);
    }
    const days: VisitDay[] = [];
    for (const [suite, first] of firstDays) {
      const from = this.historyDone && recheckFrom > first ? recheckFrom : first;
      for (let day = from; day <= closedTo; day = addDays(day, 1)) days.push({ suite, day });
    }
    return days;
  }
}

function sameFingerprint(a: VisitFingerprint, b: VisitFingerprint): boolean {
  return a.pageViewHits === b.pageViewHits && a.receivedSum === b.receivedSum;
}

export type VisitRollupJob = PeriodicJob<VisitRollupRun | undefined>;

/** Runs `rollup` at start and every VISIT_ROLLUP_INTERVAL_MS (periodic-job.ts); runNow answers the run, undefined when it failed. */
export function startVisitRollupJob(options: {
  rollup: Pick<VisitRollup, 'run'>;
  now: () => number;
  onDone: (run: VisitRollupRun) => void;
  onError: (error: unknown) => void;
  timers?: JobTimers;
}): VisitRollupJob {
  const once = async () => {
    try {
      const run = await options.rollup.run(options.now());
      options.onDone(run);
      return run;
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  };
  return startPeriodicJob(once, VISIT_ROLLUP_INTERVAL_MS, options.timers);
}

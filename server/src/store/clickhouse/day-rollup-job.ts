/**
 * The API nodes' day roll-ups (day-rollup.ts: the visits, the media sessions): every
 * DAY_ROLLUP_INTERVAL_MS, builds each suite's closed days that have no build, and builds again the
 * recent ones whose source events changed since (a collector that drained late, an erasure). A day
 * is closed once the last day its rows read has ended, DAY_CLOSE_GRACE_MS ago.
 *
 * Which days: on a process's first run, every day of every suite from its first source event (days
 * without one get an empty build, so that a suite's built days are one run: day-rollup-reads.ts),
 * in order; then the last DAY_RECHECK_DAYS only. A process's first run also builds again every day
 * that an earlier revision of the roll-up built (DayRollup.revision: what its rows count changed). A day
 * is never built again once a day it reads is past retention (the events it was cut from are gone:
 * the rows kept are the ones DuckDB keeps).
 * Two nodes may build the same day at once: each build is whole, and the reports read the newest.
 */
import { addDays, type LocalDay } from '../../local-day.js';
import { startPeriodicJob, type JobTimers, type PeriodicJob } from '../../periodic-job.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { DayRollup } from './day-rollup.js';
import {
  buildDayRows,
  buildName,
  buildRevision,
  currentBuilds,
  dropReplacedBuilds,
  fingerprintOf,
  recordBuilds,
  sourceCounts,
  suiteDayKey,
  type Build,
  type BuildRecord,
  type Fingerprint,
  type SuiteDay,
} from './day-rollup-build.js';
import type { MutationOptions } from './mutations.js';
import { sqlString } from './sql-literal.js';

export const DAY_ROLLUP_INTERVAL_MS = 10 * 60 * 1000;
/** How long after the end of the last day a day's rows read it is built: the collectors' usual lag, and more. */
export const DAY_CLOSE_GRACE_MS = 60 * 60 * 1000;
/** How many days back each run looks for source events that changed after their day was built. */
export const DAY_RECHECK_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Empty days' records written per statement. */
const RECORDS_PER_INSERT = 1000;

export interface DayRollupOptions {
  /** Its default database must be `database` (the rows' texts name their tables unqualified). */
  transport: ClickHouseTransport;
  database: string;
  timeZone: string;
  localDay: LocalDay;
  /** MESURA_RETENTION_DAYS. */
  retentionDays: number;
  mutations?: Omit<MutationOptions, 'transport' | 'database'>;
}

export interface DayRollupRun {
  built: number;
  rebuilt: number;
  /** The last closed day: the last day a run builds (rollupWindow). */
  closedThrough: string;
  /**
   * The last day through which every suite's days, from its first, have a current build after this
   * run; `closedThrough` when none is missing, earlier when a run stopped or failed midway or a
   * build is missing. Null while no suite has an event or a build.
   */
  builtThrough: string | null;
}

/**
 * The days a run of `rollup` looks at: closed up to `closedTo`; checked again from `recheckFrom`;
 * built again, when another revision built them, from `keptFrom`.
 */
export function rollupWindow(rollup: Pick<DayRollup, 'reads'>, nowMs: number, localDay: LocalDay, retentionDays: number): { closedTo: string; recheckFrom: string; keptFrom: string } {
  const closedTo = localDay(nowMs - DAY_CLOSE_GRACE_MS - (1 + Math.max(...rollup.reads)) * DAY_MS);
  const recent = addDays(closedTo, 1 - DAY_RECHECK_DAYS);
  // The retention cutoff day keeps its events; a day is rebuilt only while the first day it reads is kept.
  const keptFrom = addDays(localDay(nowMs - retentionDays * DAY_MS), -Math.min(...rollup.reads));
  // biome-ignore lint/complexity/useMathMinMax: days are YYYY-MM-DD strings, which compare in order but Math.max would make NaN.
  return { closedTo, recheckFrom: recent > keptFrom ? recent : keptFrom, keptFrom };
}

export class DayRollupJob {
  private historyDone = false;
  private sourceHasColumns = false;

  constructor(
    readonly rollup: DayRollup,
    private readonly options: DayRollupOptions,
  ) {}

  /**
   * One run at `nowMs`: builds what is missing or changed, then drops the rows of replaced builds;
   * once `stopped()` it builds no further day (the server is closing; the next start goes on).
   * Nothing on a deployment whose source table lacks a column the rows are cut from (a site without
   * one of the variables report-facts-sql.ts reads, whose reports cannot run either).
   */
  async run(nowMs: number, stopped: () => boolean = () => false): Promise<DayRollupRun> {
    const { transport, database, localDay, retentionDays } = this.options;
    const { rollup } = this;
    const { closedTo, recheckFrom, keptFrom } = rollupWindow(rollup, nowMs, localDay, retentionDays);
    if (!(await this.possible())) return { built: 0, rebuilt: 0, closedThrough: closedTo, builtThrough: null };
    const window = { fromDay: addDays(recheckFrom, Math.min(...rollup.reads)), toDay: addDays(closedTo, Math.max(...rollup.reads)) };
    const counts = await sourceCounts(transport, database, rollup, this.historyDone ? window : { toDay: window.toDay });
    const builds = await currentBuilds(transport, database, rollup);
    const madeNow: (SuiteDay & { build: string })[] = [];
    let rebuilt = 0;
    // A day without source events of its own has no rows (each starts with one): recorded at the end, together.
    const empty: BuildRecord[] = [];
    let built = 0;
    const firstDays = firstDaysOf(counts, builds);
    for (const day of this.daysToLookAt(firstDays, closedTo, recheckFrom)) {
      if (stopped()) break;
      const fingerprint = fingerprintOf(
        counts,
        day.suite,
        rollup.reads.map((offset) => addDays(day.day, offset)),
      );
      const current = builds.get(suiteDayKey(day));
      if (current && !this.dueAgain(day.day, current, fingerprint, { recheckFrom, keptFrom })) continue;
      const record = { ...day, ...fingerprint, build: buildName(nowMs, rollup.revision) };
      const dayRows = Number(counts.get(suiteDayKey(day))?.sourceRows ?? 0);
      if (dayRows > 0) {
        await buildDayRows(transport, { database, timeZone: this.options.timeZone }, rollup, { ...day, build: record.build, dayRows });
        await recordBuilds(transport, { database, nowMs }, rollup, [record]);
      } else {
        empty.push(record);
      }
      built += 1;
      madeNow.push(record);
      if (current) rebuilt += 1;
    }
    for (let i = 0; i < empty.length; i += RECORDS_PER_INSERT) await recordBuilds(transport, { database, nowMs }, rollup, empty.slice(i, i + RECORDS_PER_INSERT));
    // Every day built now, not only the rebuilt ones: another node may have built the same day meanwhile.
    await dropReplacedBuilds({ transport, database, ...this.options.mutations }, rollup, madeNow);
    this.historyDone = true;
    const builtDays = new Set([...builds.keys(), ...madeNow.map(suiteDayKey)]);
    return { built, rebuilt, closedThrough: closedTo, builtThrough: builtThroughOf(firstDays, builtDays, closedTo) };
  }

  /**
   * Whether a built day is built again: an earlier revision built it (while the events it reads are
   * kept), or its events changed since, within the days checked again. A later revision's build (a
   * node already upgraded, during a rolling upgrade) is left to the nodes of that revision, so two
   * revisions never take turns building the same days.
   */
  private dueAgain(day: string, current: Build, fingerprint: Fingerprint, window: { recheckFrom: string; keptFrom: string }): boolean {
    const builtBy = buildRevision(current.build);
    if (builtBy > this.rollup.revision) return false;
    if (builtBy < this.rollup.revision) return day >= window.keptFrom;
    return day >= window.recheckFrom && !sameFingerprint(current, fingerprint);
  }

  private async possible(): Promise<boolean> {
    if (this.sourceHasColumns) return true;
    const rows = await this.options.transport.query<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = ${sqlString(this.options.database)} AND table = ${sqlString(this.rollup.source.table)}`,
    );
    const present = new Set(rows.map((row) => row.name));
    this.sourceHasColumns = this.rollup.requires.every((column) => present.has(column));
    return this.sourceHasColumns;
  }

  /**
   * Each suite's days in order, from its first day with source events or a build (on the first
   * run), or from `recheckFrom` (later runs), to `closedTo`.
   */
  private daysToLookAt(firstDays: ReadonlyMap<string, string>, closedTo: string, recheckFrom: string): SuiteDay[] {
    const days: SuiteDay[] = [];
    for (const [suite, first] of firstDays) {
      const from = this.historyDone && recheckFrom > first ? recheckFrom : first;
      for (let day = from; day <= closedTo; day = addDays(day, 1)) days.push({ suite, day });
    }
    return days;
  }
}

/** Each suite's first day with source events or a build. */
function firstDaysOf(counts: ReadonlyMap<string, Fingerprint>, builds: ReadonlyMap<string, Build>): Map<string, string> {
  const firstDays = new Map<string, string>();
  for (const key of [...counts.keys(), ...builds.keys()]) {
    const [suite, day] = key.split('\n') as [string, string];
    const first = firstDays.get(suite);
    if (first === undefined || day < first) firstDays.set(suite, day);
  }
  return firstDays;
}

/**
 * The last day through which every suite's days from its first have a build in `builtDays`
 * (suiteDayKey), at most `closedTo`; null without a suite. A suite with nothing built yet answers
 * the day before its first.
 */
export function builtThroughOf(firstDays: ReadonlyMap<string, string>, builtDays: ReadonlySet<string>, closedTo: string): string | null {
  let through: string | null = null;
  for (const [suite, first] of firstDays) {
    let day = first;
    while (day <= closedTo && builtDays.has(suiteDayKey({ suite, day }))) day = addDays(day, 1);
    const suiteThrough = day > closedTo ? closedTo : addDays(day, -1);
    if (through === null || suiteThrough < through) through = suiteThrough;
  }
  return through;
}

function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return a.sourceRows === b.sourceRows && a.receivedSum === b.receivedSum;
}

export type DayRollupRuns = Record<string, DayRollupRun>;

/**
 * What an API node's /healthz shows of each roll-up: its last run's end, what it built, how far its
 * builds reach against the last closed day (the reports cut the days after builtThrough as they
 * read), whether it failed; a failed run keeps the last good run's figures.
 */
export interface DayRollupStatus {
  lastRunAtMs: number | null;
  built: number;
  rebuilt: number;
  closedThrough: string | null;
  builtThrough: string | null;
  failing: boolean;
}

export interface DayRollupsJob extends PeriodicJob<DayRollupRuns | undefined> {
  status(): Record<string, DayRollupStatus>;
}

/**
 * Runs each roll-up in turn at start and every DAY_ROLLUP_INTERVAL_MS (periodic-job.ts); runNow
 * answers each one's run by name, undefined when one failed (the others still ran); status() what
 * /healthz shows. stop() lets the day being built finish and builds no other.
 */
export function startDayRollupJob(options: {
  rollups: readonly Pick<DayRollupJob, 'run' | 'rollup'>[];
  now: () => number;
  onDone: (runs: DayRollupRuns) => void;
  onError: (error: unknown, rollup: string) => void;
  timers?: JobTimers;
}): DayRollupsJob {
  let stopping = false;
  const status: Record<string, DayRollupStatus> = Object.fromEntries(
    options.rollups.map((job) => [job.rollup.name, { lastRunAtMs: null, built: 0, rebuilt: 0, closedThrough: null, builtThrough: null, failing: false }]),
  );
  const once = async () => {
    const runs: DayRollupRuns = {};
    let failed = false;
    for (const job of options.rollups) {
      try {
        const run = await job.run(options.now(), () => stopping);
        runs[job.rollup.name] = run;
        status[job.rollup.name] = { lastRunAtMs: options.now(), ...run, failing: false };
      } catch (error) {
        failed = true;
        status[job.rollup.name] = { ...status[job.rollup.name]!, lastRunAtMs: options.now(), failing: true };
        options.onError(error, job.rollup.name);
      }
    }
    options.onDone(runs);
    return failed ? undefined : runs;
  };
  const job = startPeriodicJob(once, DAY_ROLLUP_INTERVAL_MS, options.timers);
  return {
    runNow: job.runNow,
    status: () => structuredClone(status),
    // A first run over years of events builds for minutes: closing waits for the day being built only.
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}

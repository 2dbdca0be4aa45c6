import { mkdirSync } from 'node:fs';
import { memoryBudget } from '../../memory-budget.js';
import { openDuckDbFile } from './duckdb-file.js';
import path from 'node:path';
import type { DuckDBInstance, DuckDBConnection } from '@duckdb/node-api';
import type { Activity } from '@mesura/protocol';
import type { ActivityChange, ActivityStore, ChangeAuthor, DayRange, DecisionStore, ExperienceCounts, ExperienceDayCounts, PrePeriodSums, SiteGoalHits } from '../decision-store.js';
import {
  DECISION_COLUMNS,
  activitiesVersion,
  activityDefinitions,
  activityHistory,
  decisionSegmentSelect,
  experienceCounts,
  experiencePrePeriod,
  saveActivity,
  seedActivities,
} from './duckdb-decisions.js';
import { experienceDayCounts } from './duckdb-experience-day-counts.js';
import { mediaReport, mediaSessions } from './duckdb-media.js';
import { heartbeatSegmentReader } from './heartbeat-segment-sql.js';
import { HEARTBEAT_COLUMNS } from '../heartbeats-schema.js';
import { HIT_COLUMNS, variableColumns, type HitColumn } from '../hits-schema.js';
import { logSegmentReader } from './log-segment-sql.js';
import { addRefusedHits, refusedHits } from './duckdb-refusals.js';
import type { RefusalStore, RefusedHitsQuery, RefusedHitsRow } from '../refusal-store.js';
import type { MediaReport, MediaReportQuery, MediaSession, MediaSessionsQuery } from '../media-store.js';
import type { ExportPageEnd, ExportQuery, ExportedHit, PageViewQuery, PageViewReport, Store } from '../store.js';
import type { RowBatch, SegmentKinds } from '../row-batch.js';
import { BatchStaging, DUCKDB_STAGING_DIR } from './batch-staging.js';
import { exportPageEnd } from './duckdb-export.js';
import { exportPageSql, exportValues } from '../queries/export-page.js';
import { pageViews } from './duckdb-page-views.js';
import { deleteBefore } from './retention-sql.js';
import type { RetentionCutoff, RetentionResult, RetentionStore } from '../retention-store.js';
import { eraseVisitor, visitorRowCounts, visitorRows } from './duckdb-visitor-data.js';
import { recordRightsRequest, rightsRequests } from './rights-requests-sql.js';
import type { RightsRequest, VisitorDataSection, VisitorDataStore, VisitorRowCounts } from '../visitor-data-store.js';
import type { AccountStore } from '../account-store.js';
import { DuckDbAccountStore } from './duckdb-accounts.js';
import type { AnalyticsReader, EngineQuery, ResultRow, SqlValue } from '../analytics-reader.js';
import { HIT_CELL_TABLES } from './report-facts-schema.js';
import { ERASE_KEPT_MATCH_HITS, keepHitMatches, keptMatchIds } from './kept-hit-matches.js';
import type { HitMatchKeeper, KeptMatch, KeptMatchIds } from '../queries/kept-hit-matches.js';
import { loadHitsWithFacts } from './report-facts-load.js';
import { rebuildReportFacts, remakeStaleReportTables } from './report-facts-rebuild.js';
import { migrateDuckDbFile, migrationLine } from './duckdb-schema-version.js';
import { EVENTS_FILE_MIGRATIONS } from './events-file-migrations.js';
import { shiftReportExtent } from './report-extent.js';
import { repairNotInformedSearches } from './not-informed-searches.js';
import { CellCompaction } from './cell-compaction.js';
import { MEDIA_CELLS } from './media-cells.js';
import { loadHeartbeatsWithRollups } from './media-rollups.js';
import { ReadsFirst, type SqlConnection } from './reads-first.js';
import { copyDuckDbDatabase, type OpenDatabase } from './duckdb-copy.js';
import { type LoadTimesSink, type StatementTime, timedConnection } from './load-statement-times.js';
import { DEFAULT_CHECKPOINT_RULE, DUCKDB_CHECKPOINT_THRESHOLD, checkpointDue, walFileBytes, type CheckpointRule } from './quiet-checkpoint.js';
import { ReadCache } from './read-cache.js';
import { ensureTables } from './events-tables.js';

export const DUCKDB_FILE_NAME = 'mesura.duckdb';

/** The start-up log lines the store writes when it migrates or rebuilds. */
export interface StartLog {
  info(line: string): void;
  warn(line: string): void;
}
const SILENT_START_LOG: StartLog = { info: () => undefined, warn: () => undefined };
/**
 * DuckDB's threads: both cores of the default machine. A console report is a scan of millions of
 * report-table rows and answers about 1.7 times sooner on two (measured on 10 M events); the
 * collector's segment loads are small and short. (A bulk load costs more CPU per row on two
 * threads than on one, which only a first rebuild of an old data folder does.)
 */
export const DUCKDB_THREADS = 2;
/** The zone the report tables cut hours in when the caller names none (config.ts MESURA_TIMEZONE's default). */
export const DEFAULT_REPORT_TIME_ZONE = 'Europe/Madrid';

/** The embedded default: one DuckDB file under the data folder. */
export async function openDuckDbStore(
  dataDir: string,
  variables: readonly string[],
  timeZone = DEFAULT_REPORT_TIME_ZONE,
  checkpointRule: CheckpointRule = DEFAULT_CHECKPOINT_RULE,
  /** Where the migrations applied and a rebuild of the report tables are said; FastifyBaseLogger fits. */
  log: StartLog = SILENT_START_LOG,
  /** DuckDB's memory limit for the events file (memory-budget.ts). */
  memoryLimitMiB = memoryBudget().eventsStoreMiB,
  /** How long a report read's rows may be answered again while nothing was written (read-cache.ts); 0, the default, keeps none. */
  readCacheMaxAgeMs = 0,
): Promise<
  Store & AnalyticsReader & DecisionStore & ActivityStore & RefusalStore & RetentionStore & VisitorDataStore & OpenDatabase & LoadTiming & HitMatchKeeper & { readonly accounts: AccountStore }
> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DUCKDB_FILE_NAME);
  const instance = await openDuckDbFile(file, { threads: DUCKDB_THREADS, memoryLimitMiB, other: { checkpoint_threshold: DUCKDB_CHECKPOINT_THRESHOLD } });
  const writer = await instance.connect();
  const columns = [...HIT_COLUMNS, ...variableColumns(variables)];
  // A file of a newer release is refused here, before any table is made or changed.
  const applied = await migrateDuckDbFile(writer, { file: DUCKDB_FILE_NAME, migrations: EVENTS_FILE_MIGRATIONS, ensure: (c) => ensureTables(c, columns) });
  for (const migration of applied) log.info(migrationLine(DUCKDB_FILE_NAME, migration));
  // Stale report tables first: a visit attribute they lack would fail the cells filled below.
  await remakeStaleReportTables(
    writer,
    columns.map((c) => c.name),
    timeZone,
    (reason) => log.warn(`${DUCKDB_FILE_NAME}: making the report tables again from the raw rows: ${reason}`),
  );
  await rebuildReportFacts(
    writer,
    columns.map((c) => c.name),
    timeZone,
  );
  await repairNotInformedSearches(writer);
  const staging = BatchStaging.open(path.join(dataDir, DUCKDB_STAGING_DIR));
  const answers = new ReadCache({ maxAgeMs: readCacheMaxAgeMs });
  const store = new DuckDbStore(instance, writer, columns, timeZone, logSegmentReader(columns, variables), { file, rule: checkpointRule }, staging, answers);
  return Object.assign(store, { accounts: new DuckDbAccountStore(() => instance.connect()) });
}

/** Times each statement of the loads that follow (load-statement-times.ts); undefined stops. */
interface LoadTiming {
  timeLoadStatements(sink: LoadTimesSink | undefined): void;
}

class DuckDbStore implements Store, AnalyticsReader, DecisionStore, ActivityStore, RefusalStore, RetentionStore, VisitorDataStore, OpenDatabase, HitMatchKeeper {
  readonly fileName = DUCKDB_FILE_NAME;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly columns: readonly HitColumn[],
    private readonly timeZone: string,
    /** SELECT over one staged batch file, yielding rows in table-column terms. */
    private readonly readHits: (file: string) => string,
    /** The database file, whose WAL the store checkpoints at quiet moments (quiet-checkpoint.ts). */
    private readonly checkpoint: { file: string; rule: CheckpointRule },
    /** Where a batch's lines are written for read_ndjson. */
    private readonly staging: BatchStaging,
    /** Report reads' rows until the next write (read-cache.ts): every write below tells it. */
    private readonly answers: ReadCache,
    private readonly readHeartbeats = heartbeatSegmentReader(HEARTBEAT_COLUMNS),
    private readonly compaction = new CellCompaction([...HIT_CELL_TABLES, MEDIA_CELLS]),
    /** Report reads in flight, which segment loads let go first (reads-first.ts). */
    private readonly reads = new ReadsFirst(),
  ) {}

  /**
   * A segment whole, as one batch: one transaction per LOAD_INTERVAL_MS, whose work (report tables,
   * roll-ups, their compaction) does not grow with a number of batches; a segment is a few seconds
   * of events.
   */
  readonly batchRows = Number.POSITIVE_INFINITY;

  /**
   * Stages the batch's lines (batch-staging.ts) and loads them in one transaction. Every row is
   * de-duplicated at load by its key (hits by event id and suite, heartbeats by heartbeat id and
   * suite, decisions by decision id), whether or not `skipStored` says a retry: a batch stored
   * again, a beacon retried after a restart or traffic sent twice is stored once.
   */
  async storeBatch(batch: RowBatch): Promise<number> {
    if (batch.lines.length === 0) return 0;
    return this.staging.withStaged(batch.lines, (file) => this.oneWriteAtATime(() => this.loadStaged(file, batch.kinds)));
  }

  /** The load or match keeping going on: the next waits for it (keepHitMatches must see every load whole). */
  private writing: Promise<unknown> = Promise.resolve();

  private oneWriteAtATime<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writing.then(write, write);
    this.writing = next.catch(() => undefined);
    return next;
  }

  /**
   * Keeps the hits of saved goals' and funnel steps' matches (kept-hit-matches.ts), making a new
   * one's rows between two loads; a match kept already is answered without waiting for a load.
   */
  async keepHitMatches(matches: readonly KeptMatch[]): Promise<KeptMatchIds> {
    const known = await this.withConnection((connection) => keptMatchIds(connection));
    if (matches.every((match) => known.has(match.key))) return known;
    return this.oneWriteAtATime(() => this.changing(() => keepHitMatches(this.writer, matches)));
  }

  private loadTimesSink: LoadTimesSink | undefined;

  timeLoadStatements(sink: LoadTimesSink | undefined): void {
    this.loadTimesSink = sink;
  }

  private async loadStaged(file: string, kinds: Readonly<SegmentKinds>): Promise<number> {
    const { hits, heartbeats, decisions } = kinds;
    const times: StatementTime[] = [];
    const writer = this.loadTimesSink ? timedConnection(this.writer, times) : this.writer;
    // Every table or none: a batch's segment is deleted only once all its rows are in.
    const connection = this.reads.yieldingConnection(writer);
    await connection.run('BEGIN TRANSACTION');
    let rows = 0;
    const added = { hits: 0, heartbeats: 0 };
    try {
      if (hits) {
        const loaded = await loadHitsWithFacts(connection, this.readHits(file), this.exportColumns(), this.timeZone);
        await this.compaction.record(connection, loaded.pageCells + loaded.cells);
        added.hits = loaded.hits;
      }
      if (heartbeats) {
        const columns = HEARTBEAT_COLUMNS.map((c) => c.name);
        added.heartbeats = await loadHeartbeatsWithRollups(connection, this.readHeartbeats(file), columns, this.compaction);
      }
      // The report tables now cover these raw rows too (report-extent.ts).
      await shiftReportExtent(connection, added);
      rows = added.hits + added.heartbeats;
      if (decisions) {
        const columns = DECISION_COLUMNS.map((name) => ({ name }));
        rows += await insertRows(connection, 'decision_events', columns, decisionSegmentSelect(file), ['decision_id']);
      }
      await connection.run('COMMIT');
      this.answers.changed();
    } catch (error) {
      this.answers.changed();
      await this.writer.run('ROLLBACK');
      throw error;
    }
    await this.checkpointIfQuiet(writer);
    this.loadTimesSink?.({ statements: times });
    return rows;
  }

  /**
   * Writes the WAL into the data file when quiet-checkpoint.ts says it is due. It runs after the
   * load's commit: if it fails, the load is reported failed and its segment tried again, which
   * stores none of its rows twice.
   */
  private async checkpointIfQuiet(writer: SqlConnection): Promise<void> {
    const { file, rule } = this.checkpoint;
    if (checkpointDue(rule, walFileBytes(file), this.reads.quietForMs())) await writer.run('CHECKPOINT');
  }

  activityDefinitions(): Promise<unknown[]> {
    return this.withConnection((connection) => activityDefinitions(connection));
  }

  saveActivity(activity: Activity, change: ChangeAuthor): Promise<void> {
    return this.changing(() => this.withConnection((connection) => saveActivity(connection, activity, change)));
  }

  seedActivities(activities: readonly Activity[], change: ChangeAuthor): Promise<boolean> {
    return this.changing(() => this.withConnection((connection) => seedActivities(connection, activities, change)));
  }

  activityHistory(activityId: string): Promise<ActivityChange[]> {
    return this.withConnection((connection) => activityHistory(connection, activityId));
  }

  activitiesVersion(): Promise<number> {
    return this.withConnection((connection) => activitiesVersion(connection));
  }

  experienceCounts(activity: Activity, siteGoal?: SiteGoalHits): Promise<ExperienceCounts[]> {
    return this.withConnection((connection) => experienceCounts(connection, activity, siteGoal));
  }

  experienceDayCounts(activity: Activity, range: DayRange, siteGoal?: SiteGoalHits): Promise<ExperienceDayCounts[]> {
    return this.withConnection((connection) => experienceDayCounts(connection, activity, range, this.timeZone, siteGoal));
  }

  experiencePrePeriod(activity: Activity, siteGoal?: SiteGoalHits): Promise<PrePeriodSums> {
    return this.withConnection((connection) => experiencePrePeriod(connection, activity, siteGoal));
  }

  addRefusedHits(rows: readonly RefusedHitsRow[]): Promise<void> {
    return this.changing(() => this.withConnection((connection) => addRefusedHits(connection, rows)));
  }

  refusedHits(query: RefusedHitsQuery): Promise<RefusedHitsRow[]> {
    return this.withConnection((connection) => refusedHits(connection, query));
  }

  async mediaReport(query: MediaReportQuery): Promise<MediaReport> {
    return this.reads.during(() => this.withConnection((connection) => mediaReport(connection, query)));
  }

  async mediaSessions(query: MediaSessionsQuery): Promise<MediaSession[]> {
    return this.reads.during(() => this.withConnection((connection) => mediaSessions(connection, query)));
  }

  /** Runs a write, after which the kept report answers are forgotten (read-cache.ts). */
  private async changing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.answers.changed();
    }
  }

  private async withConnection<T>(run: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.instance.connect();
    try {
      return await run(connection);
    } finally {
      connection.closeSync();
    }
  }

  /**
   * A report query on its own connection, so that reports read while segments load; the same query
   * asked again before the next write is answered from memory (read-cache.ts).
   */
  read(query: EngineQuery, values: Readonly<Record<string, SqlValue>>): Promise<ResultRow[]> {
    return this.answers.read(query.duckdb, values, () =>
      this.reads.during(() =>
        this.withConnection(async (connection) => {
          const result = await connection.runAndReadAll(query.duckdb, values as Record<string, SqlValue>);
          return result.getRowObjectsJson() as ResultRow[];
        }),
      ),
    );
  }

  pageViews(query: PageViewQuery): Promise<PageViewReport> {
    return this.reads.during(() => this.withConnection((connection) => pageViews(connection, query)));
  }

  deleteBefore(cutoff: RetentionCutoff): Promise<RetentionResult> {
    return this.changing(() => this.withConnection((connection) => deleteBefore(connection, cutoff)));
  }

  visitorRowCounts(visitorId: string): Promise<VisitorRowCounts> {
    return this.withConnection((connection) => visitorRowCounts(connection, visitorId));
  }

  async *visitorRows(visitorId: string, section: VisitorDataSection): AsyncIterable<Record<string, unknown>[]> {
    const connection = await this.instance.connect();
    try {
      yield* visitorRows(connection, visitorId, section);
    } finally {
      connection.closeSync();
    }
  }

  eraseVisitor(visitorId: string): Promise<VisitorRowCounts> {
    return this.changing(() =>
      this.withConnection(async (connection) => {
        const counts = await eraseVisitor(connection, visitorId);
        // Not counted apart: the kept rows are copies of the page views' and link hits' counted there.
        await connection.run(ERASE_KEPT_MATCH_HITS, { visitor: visitorId });
        return counts;
      }),
    );
  }

  recordRightsRequest(request: RightsRequest): Promise<void> {
    return this.changing(() => this.withConnection((connection) => recordRightsRequest(connection, request)));
  }

  rightsRequests(limit: number): Promise<RightsRequest[]> {
    return this.withConnection((connection) => rightsRequests(connection, limit));
  }

  /** A backup's copy (backup/duckdb-copy.ts): one snapshot of every table, while segments load beside it. */
  copyTo(targetFile: string): Promise<void> {
    return this.withConnection((connection) => copyDuckDbDatabase(connection, targetFile));
  }

  exportColumns(): readonly string[] {
    return this.columns.map((c) => c.name);
  }

  async *exportHits(query: ExportQuery): AsyncIterable<ExportedHit[]> {
    const sql = exportPageSql(this.columns, { after: query.after !== undefined, through: query.through !== undefined });
    const connection = await this.instance.connect();
    try {
      const result = await connection.stream(sql, exportValues(query));
      for await (const rows of result.yieldRowObjectJson()) {
        yield rows as ExportedHit[];
      }
    } finally {
      connection.closeSync();
    }
  }

  exportPageEnd(query: ExportQuery, limit: number): Promise<ExportPageEnd | undefined> {
    return this.withConnection((connection) => exportPageEnd(connection, query, limit));
  }

  async close(): Promise<void> {
    await this.writer.run('CHECKPOINT');
    this.writer.closeSync();
    this.instance.closeSync();
  }
}

/** Inserts the rows of `select` that `table` does not hold yet by `keys`, once each; answers how many. */
async function insertRows(connection: SqlConnection, table: string, columns: readonly { name: string }[], select: string, keys: readonly string[]): Promise<number> {
  const same = keys.map((key) => `t.${key} = r.${key}`).join(' AND ');
  const once = keys.map((key) => `r.${key}`).join(', ');
  const fresh = `SELECT * FROM (${select}) r WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${same})
    QUALIFY row_number() OVER (PARTITION BY ${once}) = 1`;
  const result = await connection.runAndReadAll(`INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) ${fresh}`);
  return Number(result.getRowObjectsJson()[0]?.Count ?? 0);
}

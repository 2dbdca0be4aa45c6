import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { consentChoiceTable, type ConsentChoiceTable } from './consent-choice-table.js';
import type { RefusalStore } from './refusal-store.js';
import { DRAIN_RETRY_FIRST_MS, DRAIN_RETRY_MAX_MS, type DrainRetry } from './drain-retry.js';
import type { AnalyticsReader } from './analytics-reader.js';
import type { DecisionStore } from './decision-store.js';
import { ClickHouseAnalyticsReader } from './clickhouse/clickhouse-analytics-reader.js';
import { ClickHouseDecisionStore } from './clickhouse/clickhouse-decision-store.js';
import { ClickHouseReportStore } from './clickhouse/clickhouse-report-store.js';
import { threadedBatchSink } from './clickhouse/batch-sink-thread.js';
import { clickHouseBatchSink, DRAIN_BATCH_ROWS, type LeftOut } from './clickhouse/clickhouse-batch-sink.js';
import { createClickHouseTransport } from './clickhouse/clickhouse-transport.js';
import { describeClickHouse, parseClickHouseUrl, type ClickHouseLocation } from './clickhouse/clickhouse-url.js';
import { collectorName } from './clickhouse/collector-name.js';
import { clickHouseConsentChoices } from './clickhouse/consent-choices-table.js';
import { openClickHouseEvents, type ClickHouseEvents } from './clickhouse/open-clickhouse-events.js';
import { clickHouseRefusals } from './clickhouse/refused-hits-table.js';
import { openDuckDbStore } from './duckdb/duckdb-store.js';
import type { RowBatchSink } from './row-batch.js';
import type { ReportStore } from './store.js';
import type { RetentionStore } from './retention-store.js';
import type { VisitorDataStore } from './visitor-data-store.js';
import type { DayRollupJob } from './clickhouse/day-rollup-job.js';
import { openClickHouseRights } from './clickhouse/open-clickhouse-rights.js';

/** The embedded store, as openDuckDbStore returns it. */
export type EmbeddedEventsStore = Awaited<ReturnType<typeof openDuckDbStore>>;

/**
 * The longest report statement: report values are literals in the text, and the guide of a year of
 * every channel (media-guide-viewing.ts `$guide`) is about 1.7 MB, over ClickHouse's default 256 KiB.
 */
export const REPORT_QUERY_MAX_BYTES = 16 * 1024 * 1024;

/** What an API node passes for the drain it never uses. */
const API_NODE_NAME = 'api-node';

/** MESURA_STORE, checked: where this deployment's events go. */
export type EventsStoreSetting =
  /** Unset: the embedded DuckDB file under MESURA_DATA_DIR (one process). */
  | { engine: 'duckdb' }
  /** `clickhouse://user:password@host:port/database`: ClickHouse, shared by every collector. */
  | { engine: 'clickhouse'; url: string; location: ClickHouseLocation };

/** Reads MESURA_STORE; a bad value is a one-line error that never repeats the password (clickhouse-url.ts). */
export function parseEventsStore(value: string | undefined): EventsStoreSetting {
  if (value === undefined || value === '') return { engine: 'duckdb' };
  return { engine: 'clickhouse', url: value, location: parseClickHouseUrl(value, 'MESURA_STORE') };
}

/**
 * The events store, opened: the same shape on every engine, so that app.ts and the routes never
 * ask which one runs. Each part says where it is read or written; the engine decides what it is.
 */
export interface EventsStore {
  /** For logs: where the events are (ClickHouse's server without its password). */
  description: string;
  /**
   * Whether this process keeps an ingest log: every process on the embedded store (the file is its
   * own, and its reports load the log first), and a process on ClickHouse that collects (an API
   * node takes in no events: its reports read what the collectors drained).
   */
  keepsIngestLog: boolean;
  /** Where the ingest loader sends the batches of sealed segments and the refusal counts. */
  sink: RowBatchSink & RefusalStore;
  /** How failed drains back off; undefined: the embedded store is never down, every tick retries. */
  drainRetry: DrainRetry | undefined;
  /** True while a collector that started without reaching its store (`startsWithoutStore`) has not made the tables yet. */
  isWaiting(): boolean;
  /** The page-view report, the media reports and sessions, and the export. */
  reports: ReportStore;
  /** The console's catalogue reports and the real-time stream. */
  reader: AnalyticsReader;
  /** The activities' results; their definitions are metadata. */
  decisions: DecisionStore;
  /** The hits answered but not stored, as the collectors counted them. */
  refusals: RefusalStore;
  /** The consent banner's answers, counted by the processes that collect. */
  consentChoices: ConsentChoiceTable;
  /**
   * Visitors' rights and the retention run, where this process keeps them: every process on the
   * embedded store; on ClickHouse only those serving the console (`servesConsole`), so that a
   * shared database is not swept once per collector.
   */
  rights: { visitorData: VisitorDataStore; retention: RetentionStore } | undefined;
  /** The closed days' roll-ups this process builds (ClickHouse's console processes); the embedded store builds its report tables at load. */
  dayRollups: readonly DayRollupJob[];
  /** The embedded DuckDB file when one is open: the events' own, or the metadata's (`embeddedMetadata`). */
  embedded: EmbeddedEventsStore | undefined;
  close(): Promise<void>;
}

export interface OpenEventsStoreOptions {
  setting: EventsStoreSetting;
  dataDir: string;
  /** The ingest log's folder: a ClickHouse collector keeps its name there. */
  logDir: string;
  variables: readonly string[];
  timeZone: string;
  /** MESURA_COLLECTOR_NAME, when set. */
  collectorName: string | undefined;
  /** False on an API node: it drains no log, so it takes no collector name (and writes none). */
  collects: boolean;
  /** False on a collector: it keeps no rights, retention or roll-ups of a shared store. */
  servesConsole: boolean;
  /**
   * A collector that serves no console (MESURA_ROLE=collector) starts while ClickHouse cannot be
   * reached: it acknowledges into its ingest log and makes the tables on its first drain. Any
   * other start fails then (open-clickhouse-events.ts `whileUnreachable`).
   */
  startsWithoutStore: boolean;
  /** MESURA_METADATA unset: the metadata lives in the embedded file, which is opened for it when the events are elsewhere. */
  embeddedMetadata: boolean;
  /** MESURA_RETENTION_DAYS, for the retention run over ClickHouse. */
  retentionDays: number;
  now: () => number;
  log: FastifyBaseLogger;
  /** The embedded file's DuckDB memory limit (memory-budget.ts). Default memoryBudget()'s. */
  memoryLimitMiB?: number;
  /** How long the embedded store answers a report's read again while nothing was written (duckdb/read-cache.ts): MESURA_REPORT_MAX_LAG_MS. Default 0, none. */
  readCacheMaxAgeMs?: number;
}

/**
 * The one place that picks the events engine from configuration. Unset, the embedded DuckDB (it
 * takes each segment as one batch of rows); ClickHouse: the batch sink sends segments in
 * exactly-once batches (store/clickhouse/), with retries that back off while the server is down.
 */
export async function openEventsStore(options: OpenEventsStoreOptions): Promise<EventsStore> {
  return options.setting.engine === 'duckdb' ? openEmbeddedEvents(options) : openClickHouseEventsStore(options, options.setting);
}

async function openEmbeddedEvents(options: OpenEventsStoreOptions): Promise<EventsStore> {
  // DuckDB runs its statements on its own threads, so loading never stalls this one.
  const store = await openEmbeddedFile(options);
  return {
    description: `DuckDB in ${options.dataDir}`,
    keepsIngestLog: true,
    sink: store,
    drainRetry: undefined,
    isWaiting: () => false,
    reports: store,
    reader: store,
    decisions: store,
    refusals: store,
    consentChoices: consentChoiceTable(store),
    rights: { visitorData: store, retention: store },
    dayRollups: [],
    embedded: store,
    close: () => store.close(),
  };
}

function openEmbeddedFile(options: OpenEventsStoreOptions): Promise<EmbeddedEventsStore> {
  return openDuckDbStore(options.dataDir, options.variables, options.timeZone, undefined, options.log, options.memoryLimitMiB, options.readCacheMaxAgeMs);
}

async function openClickHouseEventsStore(options: OpenEventsStoreOptions, setting: Extract<EventsStoreSetting, { engine: 'clickhouse' }>): Promise<EventsStore> {
  const collector = options.collects ? collectorName(options.logDir, options.collectorName) : API_NODE_NAME;
  const whileUnreachable = options.startsWithoutStore ? 'wait' : 'fail';
  const events = await openClickHouseEvents({ url: setting.url, variables: options.variables, now: Date.now, whileUnreachable });
  if (events.unreachable) options.log.warn(`${events.unreachable.message}; acknowledging into the ingest log, draining once it answers`);
  const refusals = clickHouseRefusals(events.transport, events.location.database, events.schema);
  const onLeftOut = (leftOut: LeftOut) => options.log.warn(leftOutLine(leftOut));
  const sink = drainSink({ events, collector, onLeftOut, url: setting.url, variables: options.variables });
  // Its own transport, whose default database is the deployment's: report texts name tables unqualified.
  const readerTransport = createClickHouseTransport(events.location, { database: events.location.database, maxQueryBytes: REPORT_QUERY_MAX_BYTES });
  const rights = options.servesConsole ? openClickHouseRights(setting.location, options.variables, options.now, { timeZone: options.timeZone, retentionDays: options.retentionDays }) : undefined;
  const embedded = options.embeddedMetadata ? await openEmbeddedFile(options) : undefined;
  return {
    description: `ClickHouse at ${describeClickHouse(events.location)}${options.collects ? ` as collector ${collector}` : ''}`,
    keepsIngestLog: options.collects,
    sink: { ...sink, ...refusals },
    drainRetry: { firstMs: DRAIN_RETRY_FIRST_MS, maxMs: DRAIN_RETRY_MAX_MS },
    isWaiting: () => !events.schema.isOpen,
    reports: new ClickHouseReportStore({ transport: readerTransport, database: events.location.database, variables: options.variables }),
    reader: new ClickHouseAnalyticsReader(readerTransport, { timeZone: options.timeZone }),
    decisions: new ClickHouseDecisionStore({ transport: readerTransport, timeZone: options.timeZone }),
    refusals,
    consentChoices: clickHouseConsentChoices(events.transport, events.location.database, events.schema),
    rights: rights && { visitorData: rights.visitorData, retention: rights.retention },
    dayRollups: rights?.dayRollups ?? [],
    embedded,
    close: async () => {
      await rights?.close();
      await sink.close();
      await readerTransport.close();
      await events.close();
      await embedded?.close();
    },
  };
}

/** The compiled drain thread, beside this module in dist/ (under Vitest, on the sources, there is none). */
const BATCH_SINK_WORKER = new URL('./clickhouse/batch-sink-worker.js', import.meta.url);

/**
 * The collector's way into ClickHouse: on its own thread (batch-sink-thread.ts) where the compiled
 * worker is there, as in every built server; in this thread otherwise (tests run on the sources,
 * and the thread's own tests run the built worker).
 */
function drainSink(options: {
  events: ClickHouseEvents;
  collector: string;
  onLeftOut: (leftOut: LeftOut) => void;
  url: string;
  variables: readonly string[];
}): RowBatchSink & { close(): Promise<void> } {
  const { events, collector, onLeftOut } = options;
  const sink = existsSync(fileURLToPath(BATCH_SINK_WORKER))
    ? threadedBatchSink({ workerFile: BATCH_SINK_WORKER, workerData: { url: options.url, variables: options.variables, collector, batchRows: DRAIN_BATCH_ROWS }, onLeftOut })
    : { ...clickHouseBatchSink({ writer: events.writer, collector, location: events.location, onLeftOut }), close: async () => undefined };
  // A collector started before ClickHouse answered makes the tables before its first batch.
  return {
    ...sink,
    async storeBatch(batch, storeOptions) {
      await events.schema.ready();
      return sink.storeBatch(batch, storeOptions);
    },
  };
}

/** One log line for a batch that left rows out: the first few refused rows, with their place in the batch. */
function leftOutLine({ batchId, refused, skippedLines }: LeftOut): string {
  const first = refused.slice(0, 3).map((row) => `#${row.batchRow}: ${row.reason}`);
  return `${batchId}: ${refused.length} rows no ClickHouse column can hold were left out (${first.join('; ')}), ${skippedLines} torn lines skipped`;
}

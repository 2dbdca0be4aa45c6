import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ConsentChoiceTable } from './consent-choice-table.js';
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

/** The events store, opened: where the ingest loader sends the batches of sealed segments and refusal counts. */
export type EventsStore =
  | {
      engine: 'duckdb';
      /** Reads and writes everything: reports, export, rights, the embedded metadata. */
      store: EmbeddedEventsStore;
      sink: RowBatchSink & RefusalStore;
      /** The embedded store is never down: the loader retries on every tick, as it always has. */
      drainRetry: undefined;
      isWaiting(): boolean;
      /** For logs. */
      description: string;
      close(): Promise<void>;
    }
  | {
      engine: 'clickhouse';
      sink: RowBatchSink & RefusalStore;
      drainRetry: DrainRetry;
      /** For logs: the server without its password. */
      description: string;
      /** The name this collector's batches carry. */
      collector: string;
      /** True while a collector that started without reaching ClickHouse (`startsWithoutStore`) has not made the tables yet. */
      isWaiting(): boolean;
      /** The console's reports on ClickHouse (clickhouse-analytics-reader.ts), over a connection of their own. */
      reader: AnalyticsReader;
      /** The page-view report, the media reports and sessions and the export on ClickHouse (clickhouse-report-store.ts), over the reader's connection. */
      reports: ReportStore;
      /** The activities' results (clickhouse-decision-store.ts), over the reader's connection; their definitions are metadata. */
      decisions: DecisionStore;
      /** The consent banner's answers (clickhouse/consent-choices-table.ts), counted by the processes that collect. */
      consentChoices: ConsentChoiceTable;
      close(): Promise<void>;
    };

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
  /**
   * A collector that serves no console (MESURA_ROLE=collector) starts while ClickHouse cannot be
   * reached: it acknowledges into its ingest log and makes the tables on its first drain. Any
   * other start fails then (open-clickhouse-events.ts `whileUnreachable`).
   */
  startsWithoutStore: boolean;
  log: FastifyBaseLogger;
  /** The embedded file's DuckDB memory limit (memory-budget.ts). Default memoryBudget()'s. */
  memoryLimitMiB?: number;
}

/**
 * The one place that picks the events engine from configuration. Unset, the embedded DuckDB (it
 * takes each segment as one batch of rows); ClickHouse: the batch sink sends segments in
 * exactly-once batches (store/clickhouse/), with retries that back off while the server is down.
 */
export async function openEventsStore(options: OpenEventsStoreOptions): Promise<EventsStore> {
  const { setting } = options;
  if (setting.engine === 'duckdb') {
    // DuckDB runs its statements on its own threads, so loading never stalls this one.
    const store = await openDuckDbStore(options.dataDir, options.variables, options.timeZone, undefined, options.log, options.memoryLimitMiB);
    return { engine: 'duckdb', store, sink: store, drainRetry: undefined, isWaiting: () => false, description: `DuckDB in ${options.dataDir}`, close: () => store.close() };
  }
  const collector = options.collects ? collectorName(options.logDir, options.collectorName) : API_NODE_NAME;
  const whileUnreachable = options.startsWithoutStore ? 'wait' : 'fail';
  const events = await openClickHouseEvents({ url: setting.url, variables: options.variables, now: Date.now, whileUnreachable });
  if (events.unreachable) options.log.warn(`${events.unreachable.message}; acknowledging into the ingest log, draining once it answers`);
  const refusals = clickHouseRefusals(events.transport, events.location.database, events.schema);
  const onLeftOut = (leftOut: LeftOut) => options.log.warn(leftOutLine(leftOut));
  const sink = drainSink({ events, collector, onLeftOut, url: setting.url, variables: options.variables });
  // Its own transport, whose default database is the deployment's: report texts name tables unqualified.
  const readerTransport = createClickHouseTransport(events.location, { database: events.location.database, maxQueryBytes: REPORT_QUERY_MAX_BYTES });
  return {
    engine: 'clickhouse',
    sink: { ...sink, ...refusals },
    reader: new ClickHouseAnalyticsReader(readerTransport, { timeZone: options.timeZone }),
    reports: new ClickHouseReportStore({ transport: readerTransport, database: events.location.database, variables: options.variables }),
    decisions: new ClickHouseDecisionStore({ transport: readerTransport, timeZone: options.timeZone }),
    consentChoices: clickHouseConsentChoices(events.transport, events.location.database, events.schema),
    drainRetry: { firstMs: DRAIN_RETRY_FIRST_MS, maxMs: DRAIN_RETRY_MAX_MS },
    description: `ClickHouse at ${describeClickHouse(events.location)}${options.collects ? ` as collector ${collector}` : ''}`,
    collector,
    isWaiting: () => !events.schema.isOpen,
    close: async () => {
      await sink.close();
      await readerTransport.close();
      await events.close();
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
function drainSink(options: { events: ClickHouseEvents; collector: string; onLeftOut: (leftOut: LeftOut) => void; url: string; variables: readonly string[] }): RowBatchSink & { close(): Promise<void> } {
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

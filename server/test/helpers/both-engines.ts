/**
 * The same stored rows in both engines: each segment written by the collector's ingest log, then
 * cut into batches and stored in a DuckDB store (Store.storeBatch, the segment whole) and in
 * ClickHouse (the collector's batch sink, smaller batches), so that a test can ask both the same
 * question.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IngestLog, type LogRecord } from '../../src/ingest/ingest-log.js';
import { storeSegment } from '../../src/ingest/segment-batches.js';
import { clickHouseBatchSink, type LeftOut } from '../../src/store/clickhouse/clickhouse-batch-sink.js';
import { ensureSchema } from '../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../src/store/clickhouse/event-batch-writer.js';
import { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { TestDatabase } from './clickhouse.js';

export type DuckDbStore = Awaited<ReturnType<typeof openDuckDbStore>>;

export interface BothEngines {
  duckdb: DuckDbStore;
  /** Stops DuckDB and removes its folder (the ClickHouse database is the caller's). */
  close(): Promise<void>;
}

/** Batches small enough that one segment is several, so a resent row may share a batch or not. */
const DRAIN_TEST_BATCH_ROWS = 50;

/** Writes `segments` through an ingest log and stores each sealed segment in both engines. */
export async function loadBothEngines(options: { segments: readonly (readonly LogRecord[])[]; clickhouse: TestDatabase; variables: readonly string[]; timeZone: string }): Promise<BothEngines> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-both-engines-'));
  const duckdb = await openDuckDbStore(path.join(dir, 'data'), options.variables, options.timeZone);
  const { transport, location } = options.clickhouse;
  const tables = eventTables({ variables: options.variables });
  await ensureSchema(transport, location.database, tables);
  const writer = new EventBatchWriter({ transport, database: location.database, tables, now: () => 0 });
  // Batch ids name ClickHouse's query ids, which are unique on the server: test files that drain the
  // same rows at once into databases of their own must not share a collector name.
  const leftOut: LeftOut[] = [];
  const sink = clickHouseBatchSink({
    writer,
    collector: `test-${location.database}`,
    location,
    batchRows: DRAIN_TEST_BATCH_ROWS,
    onLeftOut: (batch) => leftOut.push(batch),
  });
  const { log } = IngestLog.open(path.join(dir, 'log'));
  try {
    for (const rows of options.segments) {
      await log.append([...rows]);
      const sealed = await log.seal();
      if (!sealed) continue;
      await storeSegment(duckdb, sealed, { skipStored: false });
      await storeSegment(sink, sealed, { skipStored: false });
      if (leftOut.length > 0) throw new Error(`ClickHouse refused rows: ${JSON.stringify(leftOut)}`);
    }
  } finally {
    await log.close();
  }
  return {
    duckdb,
    async close() {
      await duckdb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

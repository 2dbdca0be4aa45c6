/**
 * The events half of the move: the raw rows of `hits`, `heartbeats` and `decision_events` of the
 * embedded file go into ClickHouse through the collectors' own sink (clickhouse-batch-sink.ts), as
 * batches of DRAIN_BATCH_ROWS records named `<MOVE_COLLECTOR>/<table>-<chunk>/…` with a digest of
 * their rows (row-batch.ts). The batch writer stores a batch id once, so a run cut short and run
 * again stores nothing twice. ClickHouse makes its roll-ups from these rows itself (its
 * materialized views, and the API node's day roll-ups), so the embedded report tables are not
 * copied.
 */
import type { ClickHouseEvents } from '../store/clickhouse/open-clickhouse-events.js';
import { clickHouseBatchSink, DRAIN_BATCH_ROWS, type LeftOut } from '../store/clickhouse/clickhouse-batch-sink.js';
import type { EventTable } from '../store/clickhouse/event-table.js';
import { rowBatchOf } from '../store/ndjson-batch.js';
import { embeddedEventRows } from './embedded-event-rows.js';
import type { EmbeddedSource } from './embedded-source.js';

/**
 * The collector name the moved batches carry: the batch journal is shared with the cluster's
 * collectors, whose names are random or MESURA_COLLECTOR_NAME; do not name a collector this.
 */
export const MOVE_COLLECTOR = 'embedded-move';

export interface TableMoved {
  table: string;
  read: number;
  written: number;
  /** Rows no ClickHouse column could hold, with the first reason. */
  refused: number;
  firstRefusal?: string;
  /** Columns of the embedded table that were not moved. */
  leftOutColumns: readonly string[];
}

export async function moveEvents(source: EmbeddedSource, events: ClickHouseEvents, report: (moved: TableMoved) => void): Promise<void> {
  for (const table of [events.tables.hits, events.tables.heartbeats, events.tables.decisions]) {
    report(await moveTable(source, events, table));
  }
}

async function moveTable(source: EmbeddedSource, events: ClickHouseEvents, table: EventTable): Promise<TableMoved> {
  const moved: TableMoved = { table: table.name, read: 0, written: 0, refused: 0, leftOutColumns: [] };
  if (!(await source.hasTable('events', table.name))) return moved;
  const rows = await embeddedEventRows(source, table);
  moved.leftOutColumns = rows.leftOut;
  const onLeftOut = (leftOut: LeftOut) => {
    moved.refused += leftOut.refused.length;
    moved.firstRefusal ??= leftOut.refused[0]?.reason;
  };
  const sink = clickHouseBatchSink({ writer: events.writer, collector: MOVE_COLLECTOR, location: events.location, onLeftOut });
  let chunk = 0;
  for await (const records of rows.chunks(DRAIN_BATCH_ROWS)) {
    chunk += 1;
    moved.read += records.length;
    moved.written += await sink.storeBatch(rowBatchOf(`${table.name}-${chunk}`, records), { skipStored: true });
  }
  return moved;
}

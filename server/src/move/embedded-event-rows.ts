/**
 * The raw rows of an embedded events table (`hits`, `heartbeats`, `decision_events` of
 * mesura.duckdb) turned back into the ingest log's records (HitRow, HeartbeatRow,
 * DecisionEventRow), chunk by chunk. The columns and the field each is read into are the
 * ClickHouse table's (clickhouse/event-table.ts, made from hits-schema.ts, heartbeats-schema.ts
 * and decisions-schema.ts), which the embedded tables share by name: no column is listed here, and
 * the SELECT is store/duckdb/move-source-sql.ts's.
 *
 * The rows come in one fixed order, the time they were received and then their key, so a run
 * cut short and run again on the same folder cuts the same chunks, whose batch ids
 * (move-events.ts) then name the same rows; traffic a server took in between comes last.
 */
import type { LogRecord } from '../store/row-batch.js';
import { setSourceValue, type EventTable } from '../store/clickhouse/event-table.js';
import { eventRowsSql } from '../store/duckdb/move-source-sql.js';
import type { EmbeddedSource } from './embedded-source.js';

/** Each table's order: receipt time, then the columns that tell two rows apart (the stores' de-duplication keys). */
const ROW_ORDER: Record<string, readonly string[]> = {
  hits: ['received_at', 'event_id', 'report_suite'],
  heartbeats: ['received_at', 'heartbeat_id', 'report_suite'],
  decision_events: ['decided_at', 'decision_id', 'type'],
};

export interface EventRowChunks {
  /** Columns of the embedded table that no column of the target table takes (variables the map no longer names). */
  leftOut: readonly string[];
  /** The records, `rowsPerChunk` at a time (the last chunk may be shorter). */
  chunks(rowsPerChunk: number): AsyncIterable<LogRecord[]>;
}

export async function embeddedEventRows(source: EmbeddedSource, table: EventTable): Promise<EventRowChunks> {
  const order = ROW_ORDER[table.name];
  if (order === undefined) throw new Error(`no row order for the events table ${table.name}`);
  const present = new Set(await source.columns('events', table.name));
  const leftOut = [...present].filter((name) => !table.columns.some((column) => column.name === name));
  const sql = eventRowsSql(table, present, order);
  return {
    leftOut,
    async *chunks(rowsPerChunk) {
      const result = await source.connection.stream(sql);
      let chunk: LogRecord[] = [];
      for await (const rows of result.yieldRowObjectJson()) {
        for (const row of rows) {
          chunk.push(toRecord(table, row));
          if (chunk.length === rowsPerChunk) {
            yield chunk;
            chunk = [];
          }
        }
      }
      if (chunk.length > 0) yield chunk;
    },
  };
}

function toRecord(table: EventTable, row: Record<string, unknown>): LogRecord {
  const record: Record<string, unknown> = structuredClone(table.fixedFields);
  for (const column of table.columns) setSourceValue(column.source, record, row[column.name] ?? null);
  return record as unknown as LogRecord;
}

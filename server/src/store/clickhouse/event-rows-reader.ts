import type { LogRecord } from '../row-batch.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { columnValue, setSourceValue, type EventTable } from './event-table.js';
import { sqlIdentifier } from './sql-literal.js';

/**
 * The rows of an events table as the ingest log held them (HitRow, HeartbeatRow, DecisionEventRow),
 * in batch order. `where` is SQL the caller built with sql-literal.ts; default every row.
 */
export async function readEventRows(transport: ClickHouseTransport, database: string, table: EventTable, where = '1'): Promise<LogRecord[]> {
  const names = table.columns.map((column) => sqlIdentifier(column.name));
  const records = await transport.query<Record<string, unknown>>(`SELECT ${names.join(', ')} FROM ${sqlIdentifier(database)}.${sqlIdentifier(table.name)} WHERE ${where} ORDER BY batch_id, batch_row`);
  return records.map((record) => {
    const row: Record<string, unknown> = structuredClone(table.fixedFields);
    for (const column of table.columns) setSourceValue(column.source, row, columnValue(column, record[column.name]));
    return row as unknown as LogRecord;
  });
}

import { HEARTBEAT_FIELDS, heartbeatFieldColumn, heartbeatFieldNullable, heartbeatFieldRow, heartbeatFieldType, type HeartbeatField, type HeartbeatValueType } from '@mesura/protocol';
import type { HeartbeatRow } from './heartbeat-row.js';

/** SQL column types of `heartbeats`, each with a DuckDB and a ClickHouse equivalent. */
export type HeartbeatColumnType = 'text' | 'bigint' | 'timestamp_ms' | 'date' | 'boolean';

export interface HeartbeatColumn {
  name: string;
  type: HeartbeatColumnType;
  nullable: boolean;
  /** The HeartbeatRow field (ingest-log JSON key) the column is read from. */
  source: Exclude<keyof HeartbeatRow, 'kind'>;
  doc: string;
}

/** The SQL type of each wire type (heartbeat-fields.ts). */
const WIRE_COLUMN_TYPES: Record<HeartbeatValueType, HeartbeatColumnType> = {
  string: 'text',
  long: 'bigint',
  boolean: 'boolean',
  position: 'bigint',
};

/** A column of each stored field of @mesura/protocol's HEARTBEAT_FIELDS, in wire order. */
const WIRE_COLUMNS: readonly HeartbeatColumn[] = (HEARTBEAT_FIELDS as readonly HeartbeatField[]).flatMap((field) => {
  const column = heartbeatFieldColumn(field);
  if (column === undefined) return [];
  // What a column holds beyond its key is the comment on its field in heartbeat-fields.ts.
  return [col(column, WIRE_COLUMN_TYPES[heartbeatFieldType(field)], heartbeatFieldNullable(field), heartbeatFieldRow(field) as HeartbeatColumn['source'], field.key)];
});

/**
 * The columns of `heartbeats`, in table order: the receipt, one per field of the wire that a
 * report can use, the fields made from the key families, then the enrichment. The store inserts by
 * name, so an existing table keeps its order and gains what it lacks (duckdb-media.ts).
 */
export const HEARTBEAT_COLUMNS: readonly HeartbeatColumn[] = [
  col('heartbeat_id', 'text', false, 'heartbeatId', 'de-duplication key (digest of session, type, asset, ts, previous ts, duration, playhead, ad, chapter, error)'),
  col('report_suite', 'text', false, 'reportSuite', 's:sc:rsid, or the server suite when absent'),
  col('environment', 'text', false, 'environment', 'development, staging or production'),
  col('received_at', 'timestamp_ms', false, 'receivedAtMs', 'server receive time (UTC)'),
  col('day', 'date', false, 'day', 'day of receipt in the configured time zone'),
  ...WIRE_COLUMNS,
  col('programme', 'text', true, 'programme', 'a.media.show, else the programme metadata of the data layer'),
  col('metadata', 'text', false, 'metadata', 'JSON object of s:meta:* keys'),
  col('customer_ids', 'text', false, 'customerIds', 'JSON object of s:cuser:* ids by integration code'),
  col('device_class', 'text', false, 'deviceClass', 'desktop, mobile, tablet, tv, console, wearable, other, unknown'),
  col('is_bot', 'boolean', false, 'isBot', 'known bot user agent'),
  col('ip_anonymised', 'text', true, 'ipAnonymised', 'client address with its last octet / 80 bits zeroed'),
  col('browser_name', 'text', true, 'browserName', 'browser parsed from the user agent'),
  col('browser_major_version', 'text', true, 'browserMajorVersion', "the browser's major version"),
  col('os_name', 'text', true, 'osName', 'operating system parsed from the user agent'),
  col('user_agent', 'text', true, 'userAgent', 'raw user agent: null unless MESURA_KEEP_USER_AGENT=true'),
  col('consent', 'text', true, 'consent', 'granted, unknown (no TCF signal) or not-applicable (gdpr=0); null on rows stored before the collector checked consent'),
];

function col(name: string, type: HeartbeatColumnType, nullable: boolean, source: HeartbeatColumn['source'], doc: string): HeartbeatColumn {
  return { name, type, nullable, source, doc };
}

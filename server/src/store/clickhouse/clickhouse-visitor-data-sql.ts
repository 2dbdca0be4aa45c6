/**
 * A visitor's rows on ClickHouse, keyed as duckdb/visitor-data-sql.ts keys them:
 * - hits: `visitor_id`;
 * - heartbeats: `visitor_id`, and every heartbeat of a media session one of them is in;
 * - decision_events: `analytics_visitor_id`, and every event of a device key (`visitor_id`) ever
 *   seen with that analytics id.
 * The sessions and device keys are read first (visitorKeysSql) and written into the statements as
 * literals: a DELETE mutation applies part by part, so a subquery over the table it deletes from
 * could miss a session whose keyed heartbeats were already gone from an earlier part.
 *
 * ClickHouse keeps a resent row twice where DuckDB's load keeps one, so reads take each row once
 * (its first copy received, as the reports do) and the erasure deletes every copy.
 */
import type { VisitorDataSection } from '../visitor-data-store.js';
import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/** What ties other rows to the visitor id: their media sessions and their decision device keys. */
export interface VisitorKeys {
  visitorId: string;
  sessions: readonly string[];
  deviceKeys: readonly string[];
}

/** The raw tables a visitor's rows are in. */
export const VISITOR_TABLES = ['hits', 'heartbeats', 'decision_events'] as const;
export type VisitorTable = (typeof VISITOR_TABLES)[number];

/** Which column is a row's time, and which columns name one row of a table (its copies share them). */
export const VISITOR_TABLE_KEYS: Record<VisitorTable, { time: string; id: readonly string[] }> = {
  hits: { time: 'received_at', id: ['event_id', 'report_suite'] },
  heartbeats: { time: 'received_at', id: ['heartbeat_id', 'report_suite'] },
  decision_events: { time: 'decided_at', id: ['decision_id'] },
};

/** The sessions of the visitor's heartbeats (`kind` 's') and the device keys of their decisions (`kind` 'd'). */
export function visitorKeysSql(database: string, visitorId: string): string {
  const db = sqlIdentifier(database);
  const visitor = sqlString(visitorId);
  return `SELECT DISTINCT 's' AS kind, session_id AS key FROM ${db}.heartbeats WHERE visitor_id = ${visitor}
    UNION ALL
    SELECT DISTINCT 'd' AS kind, visitor_id AS key FROM ${db}.decision_events WHERE analytics_visitor_id = ${visitor}`;
}

/** The condition that picks every row (every copy) of the visitor in `table`. */
export function visitorWhere(table: VisitorTable, keys: VisitorKeys): string {
  const visitor = sqlString(keys.visitorId);
  switch (table) {
    case 'hits':
      return `visitor_id = ${visitor}`;
    case 'heartbeats':
      return `visitor_id = ${visitor}${inList('session_id', keys.sessions)}`;
    case 'decision_events':
      return `analytics_visitor_id = ${visitor}${inList('visitor_id', keys.deviceKeys)}`;
  }
}

/** The visitor's rows in `table` received (decision events: decided) before `atMs`. */
export function visitorBeforeWhere(table: VisitorTable, keys: VisitorKeys, atMs: number): string {
  return `(${visitorWhere(table, keys)}) AND ${sqlIdentifier(VISITOR_TABLE_KEYS[table].time)} < ${sqlInteger(atMs)}`;
}

function inList(column: string, values: readonly string[]): string {
  return values.length === 0 ? '' : ` OR ${column} IN (${values.map(sqlString).join(', ')})`;
}

/** The visitor's rows of `table`, each once (its first copy received), in time order. */
export function visitorRowsSql(database: string, table: VisitorTable, keys: VisitorKeys, columns: readonly string[]): string {
  const { time, id } = VISITOR_TABLE_KEYS[table];
  const order = [time, ...id, 'batch_id', 'batch_row'].map(sqlIdentifier).join(', ');
  return `SELECT ${columns.map(sqlIdentifier).join(', ')} FROM ${sqlIdentifier(database)}.${sqlIdentifier(table)}
    WHERE ${visitorWhere(table, keys)} ORDER BY ${order} LIMIT 1 BY ${id.map(sqlIdentifier).join(', ')}`;
}

/**
 * One chunk of `rows` (SQL from visitorRowsSql) after the row `after` (time and id values, as read),
 * at most `limit`: 18.16 compares no tuples, so the cursor is written out.
 */
export function visitorChunkSql(rows: string, table: VisitorTable, after: readonly string[] | undefined, limit: number): string {
  const { time, id } = VISITOR_TABLE_KEYS[table];
  const key = [time, ...id];
  const order = key.map(sqlIdentifier).join(', ');
  const where = after === undefined ? '' : `WHERE ${afterCondition(key, after)}`;
  return `SELECT * FROM (${rows}) rows ${where} ORDER BY ${order} LIMIT ${Math.max(1, Math.trunc(limit))}`;
}

/** `(k1, k2, …) > (v1, v2, …)` written out; the time is an integer, the rest text. */
function afterCondition(key: readonly string[], values: readonly string[]): string {
  const literal = (i: number) => (i === 0 ? `toInt64(${sqlString(values[0]!)})` : sqlString(values[i]!));
  const alternatives = key.map((column, i) => {
    const equal = key.slice(0, i).map((previous, j) => `${sqlIdentifier(previous)} = ${literal(j)}`);
    return [...equal, `${sqlIdentifier(column)} > ${literal(i)}`].join(' AND ');
  });
  return alternatives.map((condition) => `(${condition})`).join(' OR ');
}

/** The row counts the access export and the erasure answer: each row once, sessions per suite. */
export function visitorCountsSql(database: string, keys: VisitorKeys): string {
  const db = sqlIdentifier(database);
  const count = (table: VisitorTable, what: string) => `(SELECT ${what} FROM ${db}.${table} WHERE ${visitorWhere(table, keys)})`;
  return `SELECT ${count('hits', 'uniqExact(event_id, report_suite)')} AS hits,
    ${count('heartbeats', 'uniqExact(heartbeat_id, report_suite)')} AS heartbeats,
    ${count('heartbeats', 'uniqExact(session_id, report_suite)')} AS media_sessions,
    ${count('decision_events', 'uniqExact(decision_id)')} AS decision_events`;
}

/**
 * The visitor's media sessions as duckdb/visitor-data-sql.ts writes them (VISITOR_SELECT.mediaSessions),
 * over their heartbeats each once; times are epoch ms here, written as DuckDB's text by the store.
 */
export function visitorSessionsSql(database: string, keys: VisitorKeys): string {
  const heartbeats = visitorRowsSql(database, 'heartbeats', keys, [
    'session_id',
    'report_suite',
    'day',
    'content_id',
    'content_name',
    'programme',
    'stream_type',
    'player_name',
    'received_at',
    'heartbeat_id',
  ]);
  return `SELECT session_id, report_suite, toString(min(day)) AS first_day, min(content_id) AS content_id,
      min(content_name) AS content_name, min(programme) AS programme, min(stream_type) AS stream_type,
      min(player_name) AS player_name, min(received_at) AS first_heartbeat_at, max(received_at) AS last_heartbeat_at,
      toUInt32(count()) AS heartbeats
    FROM (${heartbeats}) beats GROUP BY session_id, report_suite ORDER BY first_heartbeat_at, session_id`;
}

/** The section of the access export each raw table answers. */
export const SECTION_TABLES: Record<Exclude<VisitorDataSection, 'mediaSessions'>, VisitorTable> = {
  hits: 'hits',
  heartbeats: 'heartbeats',
  decisionEvents: 'decision_events',
};

/**
 * A visitor's rows, for the access export, the erasure and the request record (visitor-data-store.ts),
 * on both engines. How each table keys a visitor:
 * - hits: `visitor_id`;
 * - heartbeats: `visitor_id` (s:user:mid), and every heartbeat of a media session one of them is
 *   in, since a session's first heartbeats can precede the id;
 * - decision_events: `analytics_visitor_id` (mboxMCGVID), and every event of a device key
 *   (`visitor_id`) that was ever seen with that analytics id: the device's later requests may
 *   carry only the device id.
 *
 * DuckDB (duckdb/duckdb-visitor-data.ts) binds `$visitor` and finds the sessions and device keys by
 * subquery. ClickHouse (clickhouse/clickhouse-visitor-data.ts) reads them first (visitorKeysSql) and
 * writes them into the statements as literals: a DELETE mutation applies part by part, so a
 * subquery over the table it deletes from could miss a session whose keyed heartbeats were already
 * gone from an earlier part. ClickHouse keeps a resent row twice where DuckDB's load keeps one, so
 * its reads take each row once (its first copy received, as the reports do) and its erasure
 * deletes every copy.
 */
import { sqlIdentifier, sqlInteger, sqlString } from '../clickhouse/sql-literal.js';
import type { VisitorDataSection } from '../visitor-data-store.js';

// How a visitor is keyed. DuckDB: by subquery over the bound `$visitor`.

const VISITOR_SESSIONS = `SELECT session_id FROM heartbeats WHERE visitor_id = $visitor`;
const VISITOR_DEVICE_KEYS = `SELECT visitor_id FROM decision_events WHERE analytics_visitor_id = $visitor`;

const HEARTBEATS_WHERE = `visitor_id = $visitor OR session_id IN (${VISITOR_SESSIONS})`;
const DECISIONS_WHERE = `analytics_visitor_id = $visitor OR visitor_id IN (${VISITOR_DEVICE_KEYS})`;

// ClickHouse: by the keys read first.

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

// The access export's rows, section by section, in time order. DuckDB:

/** Each section's rows, in time order. */
export const VISITOR_SELECT: Record<VisitorDataSection, string> = {
  hits: `SELECT * FROM hits WHERE visitor_id = $visitor ORDER BY received_at, event_id`,
  heartbeats: `SELECT * FROM heartbeats WHERE ${HEARTBEATS_WHERE} ORDER BY received_at, heartbeat_id`,
  // A session's content and player as the smallest its heartbeats name (`min`, as ClickHouse's
  // visitorSessionsSql): a session whose heartbeats differ exports the same on both engines.
  mediaSessions: `SELECT session_id, report_suite, min(day) AS first_day, min(content_id) AS content_id,
      min(content_name) AS content_name, min(programme) AS programme, min(stream_type) AS stream_type,
      min(player_name) AS player_name, min(received_at) AS first_heartbeat_at, max(received_at) AS last_heartbeat_at,
      CAST(count(*) AS INTEGER) AS heartbeats
    FROM heartbeats WHERE ${HEARTBEATS_WHERE} GROUP BY session_id, report_suite ORDER BY first_heartbeat_at, session_id`,
  decisionEvents: `SELECT * FROM decision_events WHERE ${DECISIONS_WHERE} ORDER BY decided_at, decision_id`,
};

// ClickHouse: each raw table in chunks (visitorRowsSql, visitorChunkSql), the media sessions in one statement.

/** The section of the access export each raw table answers. */
export const SECTION_TABLES: Record<Exclude<VisitorDataSection, 'mediaSessions'>, VisitorTable> = {
  hits: 'hits',
  heartbeats: 'heartbeats',
  decisionEvents: 'decision_events',
};

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

/**
 * The visitor's media sessions as DuckDB's VISITOR_SELECT.mediaSessions writes them,
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

// The row counts the access export and the erasure answer. DuckDB:

export const VISITOR_COUNTS = `SELECT
    (SELECT count(*) FROM hits WHERE visitor_id = $visitor) AS hits,
    (SELECT count(*) FROM heartbeats WHERE ${HEARTBEATS_WHERE}) AS heartbeats,
    (SELECT count(DISTINCT (session_id, report_suite)) FROM heartbeats WHERE ${HEARTBEATS_WHERE}) AS media_sessions,
    (SELECT count(*) FROM decision_events WHERE ${DECISIONS_WHERE}) AS decision_events`;

// ClickHouse: each row once, sessions per suite.

/** The row counts the access export and the erasure answer: each row once, sessions per suite. */
export function visitorCountsSql(database: string, keys: VisitorKeys): string {
  const db = sqlIdentifier(database);
  const count = (table: VisitorTable, what: string) => `(SELECT ${what} FROM ${db}.${table} WHERE ${visitorWhere(table, keys)})`;
  return `SELECT ${count('hits', 'uniqExact(event_id, report_suite)')} AS hits,
    ${count('heartbeats', 'uniqExact(heartbeat_id, report_suite)')} AS heartbeats,
    ${count('heartbeats', 'uniqExact(session_id, report_suite)')} AS media_sessions,
    ${count('decision_events', 'uniqExact(decision_id)')} AS decision_events`;
}

// The erasure. DuckDB runs these statements; ClickHouse deletes `visitorWhere` from each raw table
// through mutations.ts and makes the touched days' roll-ups again (clickhouse/clickhouse-visitor-data.ts).

/** The erasure's statements; each subquery reads the table as it was before the statement. */
export const VISITOR_DELETES = {
  hits: `DELETE FROM hits WHERE visitor_id = $visitor`,
  /** Before the heartbeats: the media roll-ups of the sessions whose heartbeats go (duckdb/media-rollups.ts). */
  mediaSessions: `DELETE FROM media_sessions WHERE session_id IN (${VISITOR_SESSIONS})`,
  liveMinutes: `DELETE FROM live_minutes WHERE session_key IN (SELECT hash(session_id) FROM heartbeats WHERE visitor_id = $visitor)`,
  heartbeats: `DELETE FROM heartbeats WHERE ${HEARTBEATS_WHERE}`,
  decisionEvents: `DELETE FROM decision_events WHERE ${DECISIONS_WHERE}`,
  /** The report tables (duckdb/report-facts-schema.ts) key the visitor by the hash of the id. */
  pageViews: `DELETE FROM page_views WHERE visitor_key = hash($visitor)`,
  /** Before pageViewKeys: the addresses only this visitor viewed go with their page views. */
  pageUrls: `DELETE FROM page_urls WHERE url_key IN (SELECT url_key FROM page_view_keys WHERE visitor_key = hash($visitor))
    AND url_key NOT IN (SELECT url_key FROM page_view_keys WHERE visitor_key <> hash($visitor))`,
  pageViewKeys: `DELETE FROM page_view_keys WHERE visitor_key = hash($visitor)`,
  openVisits: `DELETE FROM visits_open WHERE visitor_key = hash($visitor)`,
  closedVisits: `DELETE FROM visits_closed WHERE visitor_key = hash($visitor)`,
  linkHits: `DELETE FROM link_hits WHERE visitor_key = hash($visitor)`,
  linkHitVisits: `DELETE FROM link_hit_visits WHERE visitor_key = hash($visitor)`,
  searches: `DELETE FROM searches WHERE visitor_key = hash($visitor)`,
  pageEngagements: `DELETE FROM page_engagements WHERE visitor_key = hash($visitor)`,
} as const;

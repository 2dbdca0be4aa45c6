/**
 * The record of visitors' access and erasure requests (visitor-data-store.ts `RightsRequest`), on
 * both engines: who, when, which visitor id, how many rows. It keeps the visitor id after an
 * erasure on purpose: it is the controller's proof that the request was answered, and holds
 * nothing else about the visitor.
 *
 * DuckDB (duckdb/rights-requests-sql.ts runs the texts) binds the values and stores the time as a
 * TIMESTAMP_MS, read back as ISO text; ClickHouse (clickhouse/rights-requests-table.ts) writes
 * them in as literals (sql-literal.ts) and stores the time as epoch ms (18.16's DateTime holds
 * seconds). Each engine's table (its CREATE TABLE) stays in that engine's file, and so does
 * ClickHouse's read of the erasures since an instant (`erasuresSince`), which only its closed
 * days' roll-ups ask.
 */
import { sqlIdentifier, sqlInteger, sqlString } from '../clickhouse/sql-literal.js';
import type { RightsRequest } from '../visitor-data-store.js';

export const RIGHTS_REQUESTS_TABLE = 'rights_requests';

// Record one request.

/** DuckDB: bound $at, $kind, $visitor, $userId, $email and the row counts $hits, $heartbeats, $sessions, $decisions. */
export const RECORD_RIGHTS_REQUEST_SQL = `INSERT INTO rights_requests VALUES (CAST($at AS TIMESTAMP_MS), $kind, $visitor, $userId, $email,
       CAST($hits AS BIGINT), CAST($heartbeats AS BIGINT), CAST($sessions AS BIGINT), CAST($decisions AS BIGINT))`;

/** ClickHouse: the request's values written in. */
export function recordRightsRequestClickHouse(database: string, request: RightsRequest): string {
  const nullable = (value: string | undefined) => (value === undefined ? 'NULL' : sqlString(value));
  const values = [
    sqlInteger(Date.parse(request.at)),
    sqlString(request.kind),
    sqlString(request.visitorId),
    nullable(request.requestedBy?.userId),
    nullable(request.requestedBy?.email),
    sqlInteger(request.rows.hits),
    sqlInteger(request.rows.heartbeats),
    sqlInteger(request.rows.mediaSessions),
    sqlInteger(request.rows.decisionEvents),
  ];
  return `INSERT INTO ${sqlIdentifier(database)}.${RIGHTS_REQUESTS_TABLE} VALUES (${values.join(', ')})`;
}

// The latest requests first, at most `limit`.

/** DuckDB: the time as ISO text (`at`), then the other columns. */
export function rightsRequestsSql(limit: number): string {
  return `SELECT strftime(requested_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS at, * EXCLUDE (requested_at)
     FROM rights_requests ORDER BY requested_at DESC LIMIT ${Math.max(0, Math.trunc(limit))}`;
}

/** ClickHouse: every column, the time in epoch ms. */
export function rightsRequestsClickHouse(database: string, limit: number): string {
  return `SELECT * FROM ${sqlIdentifier(database)}.${RIGHTS_REQUESTS_TABLE} ORDER BY requested_at DESC LIMIT ${sqlInteger(Math.max(0, Math.trunc(limit)))}`;
}

/**
 * The record of visitors' access and erasure requests on ClickHouse (duckdb/rights-requests-sql.ts
 * on DuckDB): who, when, which visitor id, how many rows. It keeps the visitor id after an erasure
 * on purpose: it is the controller's proof that the request was answered, and holds nothing else
 * about the visitor. Retention leaves it alone. The table and the erasures' read are ClickHouse's
 * and are written here; the record and the latest requests run queries/rights-requests.ts's
 * texts, DuckDB's beside them.
 */
import { recordRightsRequestClickHouse, RIGHTS_REQUESTS_TABLE, rightsRequestsClickHouse } from '../queries/rights-requests.js';
import type { RightsRequest, RightsRequestKind } from '../visitor-data-store.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { sqlIdentifier, sqlInteger } from './sql-literal.js';

/** A few rows a day at most: one part, sorted by time; the time is epoch ms (18.16's DateTime holds seconds). */
export function createRightsRequestsTableSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${RIGHTS_REQUESTS_TABLE}
    (requested_at Int64, kind String, visitor_id String, requested_by_user_id Nullable(String),
     requested_by_email Nullable(String), hits Int64, heartbeats Int64, media_sessions Int64, decision_events Int64)
    ENGINE = MergeTree ORDER BY requested_at`;
}

export async function recordRightsRequest(transport: ClickHouseTransport, database: string, request: RightsRequest): Promise<void> {
  await transport.command(recordRightsRequestClickHouse(database, request));
}

interface RightsRequestRecord {
  requested_at: string;
  kind: string;
  visitor_id: string;
  requested_by_user_id: string | null;
  requested_by_email: string | null;
  hits: string;
  heartbeats: string;
  media_sessions: string;
  decision_events: string;
}

/** The latest requests first, at most `limit`. */
export async function rightsRequests(transport: ClickHouseTransport, database: string, limit: number): Promise<RightsRequest[]> {
  const rows = await transport.query<RightsRequestRecord>(rightsRequestsClickHouse(database, limit));
  return rows.map((r) => ({
    at: new Date(Number(r.requested_at)).toISOString(),
    kind: r.kind as RightsRequestKind,
    visitorId: r.visitor_id,
    requestedBy: r.requested_by_user_id === null ? null : { userId: r.requested_by_user_id, email: String(r.requested_by_email) },
    rows: {
      hits: Number(r.hits),
      heartbeats: Number(r.heartbeats),
      mediaSessions: Number(r.media_sessions),
      decisionEvents: Number(r.decision_events),
    },
  }));
}

/** The erasures recorded at or after `sinceMs`: visitor id and when (epoch ms). */
export async function erasuresSince(transport: ClickHouseTransport, database: string, sinceMs: number): Promise<{ visitorId: string; atMs: number }[]> {
  const rows = await transport.query<{ visitor_id: string; at: string }>(
    `SELECT visitor_id, max(requested_at) AS at FROM ${sqlIdentifier(database)}.${RIGHTS_REQUESTS_TABLE}
     WHERE kind = 'erasure' AND requested_at >= ${sqlInteger(sinceMs)} GROUP BY visitor_id ORDER BY visitor_id`,
  );
  return rows.map((row) => ({ visitorId: row.visitor_id, atMs: Number(row.at) }));
}

/**
 * The record of visitors' access and erasure requests: who, when, which visitor id, how many rows.
 * It keeps the visitor id after an erasure on purpose: it is the controller's proof that the
 * request was answered, and holds nothing else about the visitor. The table is DuckDB's and is
 * made here; the record and the read run queries/rights-requests.ts's texts, ClickHouse's beside them.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { RECORD_RIGHTS_REQUEST_SQL, rightsRequestsSql } from '../queries/rights-requests.js';
import type { RightsRequest, RightsRequestKind } from '../visitor-data-store.js';

export async function ensureRightsRequestsTable(connection: DuckDBConnection): Promise<void> {
  await connection.run(
    `CREATE TABLE IF NOT EXISTS rights_requests (requested_at TIMESTAMP_MS NOT NULL, kind VARCHAR NOT NULL,
       visitor_id VARCHAR NOT NULL, requested_by_user_id VARCHAR, requested_by_email VARCHAR, hits BIGINT NOT NULL,
       heartbeats BIGINT NOT NULL, media_sessions BIGINT NOT NULL, decision_events BIGINT NOT NULL)`,
  );
}

export async function recordRightsRequest(connection: DuckDBConnection, request: RightsRequest): Promise<void> {
  await connection.run(RECORD_RIGHTS_REQUEST_SQL, {
    at: request.at,
    kind: request.kind,
    visitor: request.visitorId,
    userId: request.requestedBy?.userId ?? null,
    email: request.requestedBy?.email ?? null,
    hits: String(request.rows.hits),
    heartbeats: String(request.rows.heartbeats),
    sessions: String(request.rows.mediaSessions),
    decisions: String(request.rows.decisionEvents),
  });
}

export async function rightsRequests(connection: DuckDBConnection, limit: number): Promise<RightsRequest[]> {
  const result = await connection.runAndReadAll(rightsRequestsSql(limit));
  return result.getRowObjectsJson().map((r) => ({
    at: String(r.at),
    kind: String(r.kind) as RightsRequestKind,
    visitorId: String(r.visitor_id),
    requestedBy: r.requested_by_user_id === null ? null : { userId: String(r.requested_by_user_id), email: String(r.requested_by_email) },
    rows: {
      hits: Number(r.hits),
      heartbeats: Number(r.heartbeats),
      mediaSessions: Number(r.media_sessions),
      decisionEvents: Number(r.decision_events),
    },
  }));
}

/**
 * What the store keeps about one visitor id, for the visitor's rights of access and erasure: their
 * hits, their media heartbeats (and the sessions they make up), their decision events, and the
 * record of every such request.
 */

/** The parts of a visitor's data, in the order the access export writes them. */
export const VISITOR_DATA_SECTIONS = ['hits', 'heartbeats', 'mediaSessions', 'decisionEvents'] as const;
export type VisitorDataSection = (typeof VISITOR_DATA_SECTIONS)[number];

/** Rows per section: found (access) or deleted (erasure). */
export type VisitorRowCounts = Record<VisitorDataSection, number>;

export type RightsRequestKind = 'access' | 'erasure';

export interface RightsRequest {
  /** ISO 8601, UTC. */
  at: string;
  kind: RightsRequestKind;
  visitorId: string;
  /** The signed-in person who made it; null when the server had no sign-in. */
  requestedBy: { userId: string; email: string } | null;
  rows: VisitorRowCounts;
}

export interface VisitorDataStore {
  visitorRowCounts(visitorId: string): Promise<VisitorRowCounts>;
  /** One section's rows of the visitor, in time order, in chunks (never all in memory). */
  visitorRows(visitorId: string, section: VisitorDataSection): AsyncIterable<Record<string, unknown>[]>;
  /** Deletes every row of the visitor from every table, in one transaction; answers what went. */
  eraseVisitor(visitorId: string): Promise<VisitorRowCounts>;
  recordRightsRequest(request: RightsRequest): Promise<void>;
  /** The latest requests first, at most `limit`. */
  rightsRequests(limit: number): Promise<RightsRequest[]>;
}

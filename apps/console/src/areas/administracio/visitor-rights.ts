import { isRecord } from '../../api/api-answer';

/** The tables a visitor's data lies in, in the order the server's access export writes them. */
export const VISITOR_DATA_SECTIONS = ['hits', 'heartbeats', 'mediaSessions', 'decisionEvents'] as const;
export type VisitorDataSection = (typeof VISITOR_DATA_SECTIONS)[number];

/** Rows per table: found (access) or deleted (erasure). */
export type VisitorRowCounts = Record<VisitorDataSection, number>;

/** A recorded access or erasure request (GET /api/visitors/requests). */
export interface RightsRequest {
  /** ISO 8601 instant. */
  at: string;
  kind: 'access' | 'erasure';
  visitorId: string;
  /** Null when the server had no sign-in to name. */
  requestedBy: { userId: string; email: string } | null;
  rows: VisitorRowCounts;
}

/** What GET /api/visitors/:id/data answered: its row counts and the whole JSON, to be saved as it came. */
export interface VisitorDataCopy {
  visitorId: string;
  counts: VisitorRowCounts;
  json: unknown;
}

/** DELETE /api/visitors/:id's answer. */
export interface VisitorErasure {
  visitorId: string;
  deleted: VisitorRowCounts;
}

const SECTION_LABELS: Record<VisitorDataSection, string> = {
  hits: 'Impactes',
  heartbeats: 'Batecs de mèdia',
  mediaSessions: 'Sessions de mèdia',
  decisionEvents: 'Decisions de personalització',
};

export function sectionLabel(section: VisitorDataSection): string {
  return SECTION_LABELS[section];
}

export function totalRows(counts: VisitorRowCounts): number {
  return VISITOR_DATA_SECTIONS.reduce((sum, section) => sum + counts[section], 0);
}

export function parseRowCounts(value: unknown): VisitorRowCounts | undefined {
  if (!isRecord(value)) return undefined;
  const counts: Partial<VisitorRowCounts> = {};
  for (const section of VISITOR_DATA_SECTIONS) {
    const count = value[section];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
    counts[section] = count;
  }
  return counts as VisitorRowCounts;
}

function parseRequestedBy(value: unknown): RightsRequest['requestedBy'] | undefined {
  if (value === null) return null;
  return isRecord(value) && typeof value.userId === 'string' && typeof value.email === 'string' ? { userId: value.userId, email: value.email } : undefined;
}

function parseRightsRequest(value: unknown): RightsRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { at, kind, visitorId } = value;
  const requestedBy = parseRequestedBy(value.requestedBy);
  const rows = parseRowCounts(value.rows);
  if (typeof at !== 'string' || (kind !== 'access' && kind !== 'erasure') || typeof visitorId !== 'string') return undefined;
  if (requestedBy === undefined || rows === undefined) return undefined;
  return { at, kind, visitorId, requestedBy, rows };
}

/** The body of GET /api/visitors/requests, or undefined when it is not one. */
export function parseRightsRequests(body: unknown): RightsRequest[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.requests)) return undefined;
  const requests = body.requests.map(parseRightsRequest);
  return requests.every((request) => request !== undefined) ? (requests as RightsRequest[]) : undefined;
}

export function parseVisitorDataCopy(body: unknown, visitorId: string): VisitorDataCopy | undefined {
  if (!isRecord(body) || body.visitorId !== visitorId) return undefined;
  const counts = parseRowCounts(body.counts);
  return counts === undefined ? undefined : { visitorId, counts, json: body };
}

export function parseVisitorErasure(body: unknown, visitorId: string): VisitorErasure | undefined {
  if (!isRecord(body) || body.visitorId !== visitorId) return undefined;
  const deleted = parseRowCounts(body.deleted);
  return deleted === undefined ? undefined : { visitorId, deleted };
}

/**
 * One decision event as the ingest log holds it: an impression (a decision returned an experience)
 * or a conversion reported by the client (a click on the goal's selector). Conversions by page view
 * or analytics event are not recorded here: reports find them among the collector's hits.
 */
export interface DecisionEventRow {
  /** Tells decision events apart from hits (no kind) and heartbeats in a log segment. */
  kind: 'decision';
  /** De-duplication key for recovery (never `eventId`: the hits reader keeps rows that have one). */
  decisionId: string;
  type: 'impression' | 'conversion';
  activityId: string;
  experienceId: string;
  /** The device id's visitor key (decide/visitor-ids.ts). */
  visitorKey: string;
  /** `mboxMCGVID`: the analytics visitor id, joined to `hits.visitor_id` for page and event goals. */
  analyticsVisitorId: string | null;
  mbox: string;
  atMs: number;
}

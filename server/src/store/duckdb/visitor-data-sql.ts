/**
 * How each table keys a visitor, as SQL over the bound parameter `$visitor`:
 * - hits: `visitor_id`;
 * - heartbeats: `visitor_id` (s:user:mid), and every heartbeat of a media session one of them is
 *   in, since a session's first heartbeats can precede the id;
 * - decision_events: `analytics_visitor_id` (mboxMCGVID), and every event of a device key
 *   (`visitor_id`) that was ever seen with that analytics id: the device's later requests may
 *   carry only the device id.
 */
import type { VisitorDataSection } from '../visitor-data-store.js';

const VISITOR_SESSIONS = `SELECT session_id FROM heartbeats WHERE visitor_id = $visitor`;
const VISITOR_DEVICE_KEYS = `SELECT visitor_id FROM decision_events WHERE analytics_visitor_id = $visitor`;

const HEARTBEATS_WHERE = `visitor_id = $visitor OR session_id IN (${VISITOR_SESSIONS})`;
const DECISIONS_WHERE = `analytics_visitor_id = $visitor OR visitor_id IN (${VISITOR_DEVICE_KEYS})`;

/** Each section's rows, in time order. */
export const VISITOR_SELECT: Record<VisitorDataSection, string> = {
  hits: `SELECT * FROM hits WHERE visitor_id = $visitor ORDER BY received_at, event_id`,
  heartbeats: `SELECT * FROM heartbeats WHERE ${HEARTBEATS_WHERE} ORDER BY received_at, heartbeat_id`,
  // A session's content and player as the smallest its heartbeats name (`min`, as ClickHouse's
  // clickhouse-visitor-data-sql.ts): a session whose heartbeats differ exports the same on both engines.
  mediaSessions: `SELECT session_id, report_suite, min(day) AS first_day, min(content_id) AS content_id,
      min(content_name) AS content_name, min(programme) AS programme, min(stream_type) AS stream_type,
      min(player_name) AS player_name, min(received_at) AS first_heartbeat_at, max(received_at) AS last_heartbeat_at,
      CAST(count(*) AS INTEGER) AS heartbeats
    FROM heartbeats WHERE ${HEARTBEATS_WHERE} GROUP BY session_id, report_suite ORDER BY first_heartbeat_at, session_id`,
  decisionEvents: `SELECT * FROM decision_events WHERE ${DECISIONS_WHERE} ORDER BY decided_at, decision_id`,
};

export const VISITOR_COUNTS = `SELECT
    (SELECT count(*) FROM hits WHERE visitor_id = $visitor) AS hits,
    (SELECT count(*) FROM heartbeats WHERE ${HEARTBEATS_WHERE}) AS heartbeats,
    (SELECT count(DISTINCT (session_id, report_suite)) FROM heartbeats WHERE ${HEARTBEATS_WHERE}) AS media_sessions,
    (SELECT count(*) FROM decision_events WHERE ${DECISIONS_WHERE}) AS decision_events`;

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
  openVisits: `DELETE FROM visits_open WHERE visitor_key = hash($visitor)`,
  closedVisits: `DELETE FROM visits_closed WHERE visitor_key = hash($visitor)`,
  linkHits: `DELETE FROM link_hits WHERE visitor_key = hash($visitor)`,
  searches: `DELETE FROM searches WHERE visitor_key = hash($visitor)`,
} as const;

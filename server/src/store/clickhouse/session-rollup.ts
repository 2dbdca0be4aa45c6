/**
 * The media sessions of closed days (day-rollup.ts): a session's figures come from all of its
 * heartbeats, received over many inserts (rebuffering even looks at a buffer's neighbours), so no
 * materialized view can keep it; the API nodes' roll-up job does. A day's sessions are those
 * started on it (their first heartbeat's day), with every heartbeat of theirs, as
 * clickhouse-media-sessions-sql.ts derives them for a report.
 *
 * A day is built once the day after it has ended, and again while the heartbeats of either change
 * (DAY_RECHECK_DAYS): a session still playing two days after it started is kept as it stood then
 * (an idle or ended session's figures do not change; how it ended is worked out as a report reads,
 * from its last heartbeat).
 */
import { sessionRowsClickHouse } from './clickhouse-media-sessions-sql.js';
import { visitorWhere } from '../queries/visitor-data.js';
import { columnList, type DayRollup } from './day-rollup.js';
import { SESSION_ROLLUP_TABLES } from './session-rollup-table.js';

/** The sessions of the build's slice with a heartbeat on the day (those started on it are kept). */
const DAY_SESSIONS = 'SELECT session_id FROM heartbeats WHERE report_suite = $suite AND day = toDate($day) AND cityHash64(session_id) % $slices = $slice';

export const SESSION_ROLLUP: DayRollup = {
  ...SESSION_ROLLUP_TABLES,
  source: { table: 'heartbeats', where: '1', checksum: 'toInt64(0)' },
  reads: [0, 1],
  rowsSql: `SELECT ${columnList(SESSION_ROLLUP_TABLES)}
    FROM (${sessionRowsClickHouse('heartbeats', `report_suite = $suite AND session_id IN (${DAY_SESSIONS})`)}) AS sessions
    WHERE day = toDate($day)`,
  // 1: rebuffering counts main `stall` too, and chapter events do not say whether an ad played (media-sessions-sql.ts REBUFFERING_HEARTBEAT).
  revision: 1,
  // Every heartbeat of a slice's sessions is sorted at once to drop copies: a million rows stay far under a query's memory.
  sliceRows: 1_000_000,
  requires: ['session_id', 'heartbeat_id'],
  // The sessions' heartbeats without a visitor id are found by their session (queries/visitor-data.ts).
  visitorRows: (keys) => visitorWhere('heartbeats', keys),
  startedColumn: 'first_received_ms',
};

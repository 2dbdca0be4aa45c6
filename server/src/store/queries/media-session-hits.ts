/**
 * The media start hits of the range that a session's heartbeats qualify (hit-match.ts mediaMatch):
 * each analytics start hit (`pe=ms_s`) joined, by its `a.media.vsid` (the heartbeat session id,
 * media-sessions-sql.ts mediaStarts), to its session's main `start` or `complete` heartbeat, and
 * given that heartbeat's stream type (`s:stream:type`, as the media reports tell live from on
 * demand). Rows have the columns of link_hits a goal, a step or a filter reads (report-facts-schema.ts):
 * the start hit's suite, day, bot flag, visitor, programme, channel and filter columns, so that a
 * programme or channel means the same as for a plain media start, and `received_at`:
 * - moment `start`: the start hit's receive time;
 * - moment `complete`: the receive time of the session's first main `complete` heartbeat, on the
 *   server's clock as page views are (never the player's `ts`), so that a funnel orders a
 *   completion against the pages around it.
 * A start hit without heartbeats of its session (none stored, or no complete) gives no row.
 *
 * The heartbeats read are the suite's main `start` or `complete` heartbeats received from the
 * range's first day on (a completion may come days later): one of each per session, a selective
 * scan; copies of a heartbeat (a retry stored twice) give one time, the first received.
 */
import type { MediaMoment } from '@mesura/protocol';
import { CLICKHOUSE_FUNCTIONS } from '../clickhouse/clickhouse-media-sessions-sql.js';
import { DUCKDB_FUNCTIONS, liveChannel } from '../media-sessions-sql.js';
import type { SqlDialect } from '../sql-string.js';

/** The link_hits columns a filter or condition reads, from a raw `hits` row, alike on both engines but the visitor's hash. */
const START_HIT_COLUMNS = `report_suite, day, is_bot, section, subsection, programme AS hit_programme, broadcast_channel AS hit_channel, portal, device_class AS device,
    login_state AS login, campaign, geo_country AS country, geo_region AS region`;

/**
 * The programme and channel are the start hit's (the page's variables) or else its session's: the
 * player's start hit may carry no page variables, while every heartbeat names its programme, and a
 * live stream's content id its channel (media-sessions-sql.ts liveChannel), as the media reports read them.
 */
const outerColumns = (dialect: SqlDialect) =>
  `report_suite, day, is_bot, visitor_key, section, subsection, coalesce(nullif(hit_programme, ''), session_programme) AS programme,
    coalesce(nullif(hit_channel, ''), ${liveChannel('session_content_id', dialect === 'duckdb' ? DUCKDB_FUNCTIONS : CLICKHOUSE_FUNCTIONS)}) AS channel,
    portal, device, login, campaign, country, region`;

/** The session's heartbeat of `moment` per suite and session: its first receipt, its stream type, programme and content. */
function sessionHeartbeats(moment: MediaMoment, from: string): string {
  return `SELECT report_suite, session_id, min(received_at) AS session_at, max(stream_type) AS stream_type,
      max(programme) AS session_programme, max(content_id) AS session_content_id
    FROM heartbeats WHERE report_suite = $suite AND day >= ${from} AND asset_type = 'main' AND event_type = '${moment}'
    GROUP BY report_suite, session_id`;
}

/**
 * The start hits of the range qualified by their session's heartbeat of `moment`, per engine (see
 * the file's comment). `keepUnmatched`: a start hit without its session's heartbeat is kept too,
 * with its own programme and channel (a start asked for by programme or channel only).
 */
export function mediaSessionHits(moment: MediaMoment, keepUnmatched = false): Readonly<Record<SqlDialect, string>> {
  const received = moment === 'start' ? 'start_at' : 'session_at';
  const duckdbFrom = 'CAST($from AS DATE)';
  const clickhouseFrom = 'toDate($from)';
  const startsWhere = (from: string, to: string) => `report_suite = $suite AND day BETWEEN ${from} AND ${to} AND hit_type = 'media_start'`;
  return {
    duckdb: `(SELECT ${outerColumns('duckdb')}, ${received} AS received_at, stream_type FROM
      (SELECT ${START_HIT_COLUMNS}, hash(visitor_id) AS visitor_key, received_at AS start_at,
          json_extract_string(context_data, '$."a.media.vsid"') AS session_id
        FROM hits WHERE ${startsWhere(duckdbFrom, 'CAST($to AS DATE)')}) AS media_start_hits
      ${keepUnmatched ? 'LEFT ' : ''}JOIN (${sessionHeartbeats(moment, duckdbFrom)}) AS media_session_heartbeats USING (report_suite, session_id))`,
    // 18.16 joins one table per SELECT, on equal keys; visitParamHas keeps the key a plain String.
    // An unmatched row of a left join has the Nullable columns' NULL (the heartbeats' programme and content id are Nullable).
    clickhouse: `(SELECT ${outerColumns('clickhouse')}, ${received} AS received_at, stream_type FROM
      (SELECT ${START_HIT_COLUMNS}, cityHash64(visitor_id) AS visitor_key, received_at AS start_at,
          visitParamExtractString(context_data, 'a.media.vsid') AS session_id
        FROM hits WHERE ${startsWhere(clickhouseFrom, 'toDate($to)')}${keepUnmatched ? '' : " AND visitParamHas(context_data, 'a.media.vsid')"}) AS media_start_hits
      ALL ${keepUnmatched ? 'LEFT' : 'INNER'} JOIN (${sessionHeartbeats(moment, clickhouseFrom)}) AS media_session_heartbeats USING (report_suite, session_id))`,
  };
}

/**
 * Media sessions on ClickHouse: the same sessions, figures and end reasons as media-sessions-sql.ts
 * derives on DuckDB, in SQL that ClickHouse 18.16 and a current server both run. 18.16 has no
 * window functions, no ASOF JOIN and no `WITH name AS (subquery)`, and JOINs one table per SELECT,
 * so the derivation is one pass of nested subqueries instead of the DuckDB text's named steps:
 *
 * 1. `hb`: each heartbeat once (ClickHouse keeps a heartbeat sent twice twice): per suite and
 *    heartbeat id the earliest received, as DuckDB's load keeps the first stored copy.
 * 2. One GROUP BY per session gives the stored figures (media-sessions-sql.ts per_session and
 *    firsts) and, as arrays, what rebuffering needs: the main `buffer` and `stall` heartbeats and
 *    the distinct times of the state heartbeats around them, of ad ones and of ad starts.
 * 3. Rebuffering over those arrays: a buffer counts from the first content play on unless the
 *    nearest state heartbeat before its start was an ad, or the nearest after its end an ad start
 *    (the DuckDB text's two ASOF joins, here a count of the sorted times below each bound).
 *
 * The sessions started on closed days are read from the roll-up the API nodes keep
 * (session-rollup.ts); those of later days are computed when a report asks, from every heartbeat
 * of the suite's sessions with a heartbeat on those days (README "Media sessions").
 */
import { MAX_HEARTBEAT_DURATION_MS, MEDIA_IDLE_TIMEOUT_MS } from '@mesura/protocol';
import { liveChannel, REBUFFERING_HEARTBEAT, STATE_NEIGHBOUR_HEARTBEAT, type SqlFunctions } from '../media-sessions-sql.js';
import { MEDIA_SESSION_COUNTERS } from '../media-session-counters.js';
import { jsonStringSql } from './clickhouse-media-sql.js';
import { rolledOrComputedSql } from './day-rollup.js';
import type { RollupSources } from './day-rollup-reads.js';
import { SESSION_ROLLUP_DAYS_TABLE, SESSION_ROLLUP_TABLE, SESSION_ROLLUP_TABLES } from './session-rollup-table.js';
import { sqlDate, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.js';

/**
 * The tables the sessions are read from, as SQL names (`db.heartbeats`, or `heartbeats` in a
 * reader's default database), with the session roll-up's two (session-rollup-table.ts).
 */
export interface MediaTables {
  heartbeats: string;
  hits: string;
  sessionRollup: string;
  sessionRollupDays: string;
}

/** The tables of a database, or of the default one. */
export function mediaTables(database?: string): MediaTables {
  const name = (table: string) => (database === undefined ? table : `${sqlIdentifier(database)}.${table}`);
  return { heartbeats: name('heartbeats'), hits: name('hits'), sessionRollup: name(SESSION_ROLLUP_TABLE), sessionRollupDays: name(SESSION_ROLLUP_DAYS_TABLE) };
}

/**
 * The range as SQL expressions: a suite (String), the first and last start day (Date), the idle cut
 * (Int64 epoch ms), and which start days are read from the session roll-up (`rolledTo`) and which
 * derived from the heartbeats (`computedFrom` to `computedTo`: day-rollup-reads.ts).
 */
export interface ClickHouseSessionBounds {
  suite: string;
  from: string;
  to: string;
  idleBeforeMs: string;
  rolledTo: string;
  computedFrom: string;
  computedTo: string;
}

/** Stream types that are audio when no start hit says (spec §3 "Media"); media-sessions-sql.ts AUDIO_STREAM_TYPES. */
const AUDIO_STREAM_TYPES = ['podcast', 'audiobook', 'aod'];

/** The few functions media-sessions-sql.ts's shared helpers ask of an engine, on ClickHouse. */
export const CLICKHOUSE_FUNCTIONS: SqlFunctions = {
  dialect: 'clickhouse',
  argMinIf: (value, order, condition) => `if(countIf(${condition}) > 0, argMinIf(${value}, ${order}, ${condition}), NULL)`,
  // Times are Int64 epoch ms already (event-table.ts).
  epochMs: (timestamp) => timestamp,
  formatDay: (date) => `toString(${date})`,
  jsonString: jsonStringSql,
};

/** The range of a MediaStore query as literals, with the roll-up's sources read for it. */
export function literalBounds(range: { reportSuite: string; from: string; to: string; nowMs: number }, sources: RollupSources): ClickHouseSessionBounds {
  const day = (text: string) => `toDate(${sqlDate(text)})`;
  return {
    suite: sqlString(range.reportSuite),
    from: day(range.from),
    to: day(range.to),
    idleBeforeMs: sqlInteger(Math.trunc(range.nowMs) - MEDIA_IDLE_TIMEOUT_MS),
    rolledTo: day(sources.rolledTo),
    computedFrom: day(sources.computedFrom),
    computedTo: day(sources.computedTo),
  };
}

/**
 * A SELECT of one row per session of the suite that started in the range: media-sessions-sql.ts's
 * session_figures columns (the session_rows columns, day_text, ended_reason, ended_ms, starts,
 * completes, exit_before_start) and, with `mediaType`, media_type from the session's start hit.
 */
export function sessionFiguresClickHouse(tables: MediaTables, bounds: ClickHouseSessionBounds, options: { mediaType: boolean }): string {
  const { suite, from, to, idleBeforeMs } = bounds;
  // Sessions started on the days not rolled up yet: derived from every heartbeat of theirs.
  const computedSessions = `SELECT session_id FROM ${tables.heartbeats}
    WHERE report_suite = ${suite} AND day BETWEEN ${bounds.computedFrom} AND ${bounds.computedTo}`;
  const computed = `(${sessionRowsClickHouse(tables.heartbeats, `report_suite = ${suite} AND session_id IN (${computedSessions})`)})`;
  const rollup = { table: tables.sessionRollup, daysTable: tables.sessionRollupDays, columns: SESSION_ROLLUP_TABLES.columns };
  const rows = rolledOrComputedSql(rollup, computed, { suite, from, rolledTo: bounds.rolledTo, computedFrom: bounds.computedFrom, computedTo: bounds.computedTo });
  const idle = `last_received_ms <= ${idleBeforeMs}`;
  const ended = `multiIf(completed_ms IS NOT NULL, 'complete', end_ms IS NOT NULL, 'end', ${idle}, 'idle', NULL)`;
  const audio = AUDIO_STREAM_TYPES.map((type) => sqlString(type)).join(', ');
  const mediaType = `coalesce(start_media_type, if(stream_type IN (${audio}), 'audio', 'video')) AS media_type,`;
  const starts = `(SELECT ${CLICKHOUSE_FUNCTIONS.jsonString('context_data', 'a.media.vsid')} AS session_id, max(media_type) AS start_media_type
      FROM ${tables.hits}
      WHERE hit_type = 'media_start' AND report_suite = ${suite} AND day BETWEEN ${from} AND ${to} AND visitParamHas(context_data, 'a.media.vsid')
      GROUP BY session_id)`;
  return `SELECT *, toString(day) AS day_text, ${options.mediaType ? mediaType : ''}
      ${ended} AS ended_reason,
      coalesce(completed_ms, end_ms, if(${idle}, last_ts_ms, NULL)) AS ended_ms,
      if(started_ms IS NOT NULL, 1, 0) AS starts,
      if(completed_ms IS NOT NULL, 1, 0) AS completes,
      if(started_ms IS NOT NULL AND first_play_ms IS NULL AND start_failure = 0 AND ${ended} IS NOT NULL, 1, 0) AS exit_before_start
    FROM (SELECT * FROM ${rows} WHERE day BETWEEN ${from} AND ${to}) sessions
    ${options.mediaType ? `ANY LEFT JOIN ${starts} media_starts USING (session_id)` : ''}`;
}

/**
 * A SELECT of media-sessions-sql.ts's session_rows columns, one row per session with a heartbeat
 * where `where` holds (SQL over a heartbeats row), from all of the session's heartbeats.
 */
export function sessionRowsClickHouse(heartbeats: string, where: string): string {
  const failed = `first_error_ms IS NOT NULL AND (first_play_ms IS NULL OR first_error_ms < first_play_ms)`;
  return `SELECT report_suite, session_id, s_visitor_id AS visitor_id, s_content_id AS content_id, s_content_name AS content_name,
      s_programme AS programme, s_stream_type AS stream_type, s_day AS day, device, season,
      first_received_ms, last_received_ms, last_ts_ms, started_ms, completed_ms, end_ms, content_ms, ad_ms,
      ${MEDIA_SESSION_COUNTERS.map((c) => `s_${c.column} AS ${c.column}`).join(', ')}, s_startup_time_ms AS startup_time_ms,
      bitrate_weighted, bitrate_ms, errors, s_is_bot AS is_bot,
      first_play_ms, first_error_ms, ${REBUFFER_MS} AS rebuffer_ms,
      ${liveChannel('s_content_id', CLICKHOUSE_FUNCTIONS)} AS channel,
      if(${failed}, 1, 0) AS start_failure
    FROM (${perSession(heartbeats, where)}) per_session`;
}

/**
 * Each heartbeat of the chosen sessions once, the earliest received of its copies; a duration over
 * the §9 cap counts 0, as the tracker itself would have sent (media-sessions-sql.ts uniqueHeartbeats).
 */
function uniqueHeartbeats(heartbeats: string, where: string): string {
  return `SELECT *, if(duration_ms BETWEEN 0 AND ${MAX_HEARTBEAT_DURATION_MS}, duration_ms, 0) AS counted_ms
    FROM ${heartbeats} WHERE ${where}
    ORDER BY report_suite, heartbeat_id, received_at
    LIMIT 1 BY report_suite, heartbeat_id`;
}

/**
 * One row per session: media-sessions-sql.ts's per_session and firsts. Aggregates of a column are
 * named `s_…`: ClickHouse resolves an alias before a column, so `max(programme) AS programme`
 * would read its own result. Distinct counts take only non-null values (`assumeNotNull` under an
 * `IS NOT NULL` condition): over a Nullable column 18.16 answers NULL instead of 0 when none is set.
 */
function perSession(heartbeats: string, where: string): string {
  const main = (type: string) => `asset_type = 'main' AND event_type = '${type}'`;
  const ad = (type: string) => `asset_type = 'ad' AND event_type = '${type}'`;
  const contentPlay = `${main('play')} AND bitrate > 0`;
  const fn = CLICKHOUSE_FUNCTIONS;
  return `SELECT report_suite, session_id,
      max(visitor_id) AS s_visitor_id, max(content_id) AS s_content_id, max(content_name) AS s_content_name,
      max(programme) AS s_programme, max(stream_type) AS s_stream_type, min(day) AS s_day,
      max(device_class) AS device,
      max(if(event_type = 'start', ${fn.jsonString('metadata', 'a.media.season')}, NULL)) AS season,
      min(received_at) AS first_received_ms, max(received_at) AS last_received_ms, max(ts_ms) AS last_ts_ms,
      min(if(${main('start')}, ts_ms, NULL)) AS started_ms,
      min(if(${main('complete')}, ts_ms, NULL)) AS completed_ms,
      min(if(event_type = 'end', ts_ms, NULL)) AS end_ms,
      sum(if(${main('play')}, counted_ms, 0)) AS content_ms,
      sum(if(${ad('play')}, counted_ms, 0)) AS ad_ms,
      ${MEDIA_SESSION_COUNTERS.map((c) => `${c.sql.clickhouse} AS s_${c.column}`).join(',\n      ')},
      ${fn.argMinIf('startup_time_ms', 'ts_ms', 'startup_time_ms > 0')} AS s_startup_time_ms,
      sum(if(${contentPlay}, toFloat64(bitrate) * counted_ms, 0)) AS bitrate_weighted,
      sum(if(${contentPlay}, counted_ms, 0)) AS bitrate_ms,
      countIf(event_type = 'error') AS errors,
      max(if(is_bot, 1, 0)) AS s_is_bot,
      min(if(${main('play')}, ts_ms, NULL)) AS first_play_ms,
      min(if(event_type = 'error', ts_ms, NULL)) AS first_error_ms,
      groupArrayIf((ts_ms, counted_ms), ${REBUFFERING_HEARTBEAT}) AS buffers,
      arraySort(groupUniqArrayIf(ts_ms, ${STATE_NEIGHBOUR_HEARTBEAT})) AS other_times,
      groupUniqArrayIf(ts_ms, ${STATE_NEIGHBOUR_HEARTBEAT} AND asset_type = 'ad') AS ad_times,
      groupUniqArrayIf(ts_ms, asset_type = 'ad' AND event_type = 'start') AS ad_start_times
    FROM (${uniqueHeartbeats(heartbeats, where)}) hb
    GROUP BY report_suite, session_id`;
}

/** Int64's largest value: a session without a content play has no buffer after it. */
const NEVER_MS = 'toInt64(9223372036854775807)';

/**
 * Main `buffer` and `stall` time after the content began, outside ad breaks (media-sessions-sql.ts
 * rebuffering): `before` is how many other heartbeat times are at or before the buffer's start, so
 * `others[before]` is the nearest (the ASOF join's row); `others[after + 1]` the nearest at or after
 * its end. The session's arrays are passed to the lambda as arguments (`replicate`): 18.16 does not
 * see a column that only a lambda names, and drops it from the subquery.
 */
const REBUFFER_MS = `arraySum((b, others, ads, adStarts, firstPlay) -> if(
      b.1 - b.2 >= firstPlay
        AND NOT (arrayCount(t -> t <= b.1 - b.2, others) > 0 AND has(ads, others[arrayCount(t -> t <= b.1 - b.2, others)]))
        AND NOT (arrayCount(t -> t < b.1, others) < length(others) AND has(adStarts, others[arrayCount(t -> t < b.1, others) + 1])),
      b.2, 0),
    buffers, replicate(other_times, buffers), replicate(ad_times, buffers), replicate(ad_start_times, buffers),
    replicate(ifNull(first_play_ms, ${NEVER_MS}), buffers))`;

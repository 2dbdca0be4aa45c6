import { MAX_HEARTBEAT_DURATION_MS, MEDIA_IDLE_TIMEOUT_MS } from '@mesura/protocol';
import { sqlString, type SqlDialect } from './sql-string.js';
import { MEDIA_SESSION_COUNTERS } from './media-session-counters.js';

/**
 * Media sessions, derived from the `heartbeats` table: each session's stored figures
 * (`session_rows`, one row per suite and session id, made from every heartbeat of the session),
 * then the figures that read the report's clock (`session_figures`: the idle rule). The range is
 * cut on the session's start day; only the sessions with a heartbeat in the range are read.
 * `sessionFiguresSql` does both when a report asks; the DuckDB store also keeps `session_rows` as
 * the `media_sessions` table, made again for the sessions each segment touches
 * (duckdb/media-sessions-table.ts), and its console reports read that (sessionFiguresFrom).
 *
 * Written for DuckDB in SQL that ClickHouse also speaks (CASE rather than FILTER or sumIf, ASOF
 * JOIN, row_number); the few functions the two name differently are behind SqlFunctions, and
 * every value is written with sqlString, so a ClickHouse store swaps the dialect and the table.
 */

export interface SqlFunctions {
  dialect: SqlDialect;
  /** `value` of the row with the least `order` among those where `condition` holds. */
  argMinIf(value: string, order: string, condition: string): string;
  /** Epoch milliseconds of a TIMESTAMP_MS. */
  epochMs(timestamp: string): string;
  /** A DATE as YYYY-MM-DD text. */
  formatDay(date: string): string;
  /** The string at a top-level key of a JSON object held as text. */
  jsonString(json: string, key: string): string;
}

// ClickHouse: argMinIf(v, o, c), toUnixTimestamp64Milli(t), formatDateTime(d, '%F'), JSONExtractString(j, k).
export const DUCKDB_FUNCTIONS: SqlFunctions = {
  dialect: 'duckdb',
  argMinIf: (value, order, condition) => `arg_min(${value}, ${order}) FILTER (WHERE ${condition})`,
  epochMs: (timestamp) => `epoch_ms(${timestamp})`,
  formatDay: (date) => `strftime(${date}, '%Y-%m-%d')`,
  jsonString: (json, key) => `json_extract_string(${json}, ${sqlString(`$."${key}"`, 'duckdb')})`,
};

/** Stream types that are audio when no start hit says (spec §3 "Media": aod, podcast, audiobook). */
const AUDIO_STREAM_TYPES = ['podcast', 'audiobook', 'aod'];

export interface SessionRange {
  reportSuite: string;
  from: string;
  to: string;
  nowMs: number;
}

/** The range as SQL expressions (sessionFiguresSql writes them as literals). */
export interface SessionBounds {
  /** Text: the report suite. */
  suite: string;
  /** DATE: the first and last start day. */
  from: string;
  to: string;
  /** BIGINT: a session last received before this epoch ms has ended idle. */
  idleBeforeMs: string;
}

/** `WITH …` ending in `session_figures`: one row per session of the suite started in the range. */
export function sessionFiguresSql(range: SessionRange, fn: SqlFunctions): string {
  return sessionFiguresWith(
    {
      suite: sqlString(range.reportSuite, fn.dialect),
      from: `CAST(${sqlString(range.from, fn.dialect)} AS DATE)`,
      to: `CAST(${sqlString(range.to, fn.dialect)} AS DATE)`,
      idleBeforeMs: String(Math.trunc(range.nowMs) - MEDIA_IDLE_TIMEOUT_MS),
    },
    fn,
  );
}

function sessionFiguresWith({ suite, from, to, idleBeforeMs }: SessionBounds, fn: SqlFunctions): string {
  const rangeSessions = `SELECT session_id FROM heartbeats WHERE report_suite = ${suite} AND day BETWEEN ${from} AND ${to}`;
  return `WITH
    ${uniqueHeartbeats(`h.report_suite = ${suite} AND h.session_id IN (${rangeSessions})`)},
    ${sessionRowsWith(fn)},
    ${mediaStarts(suite, from, to, fn)},
    session_figures AS (${figures('session_rows', { idleBeforeMs, from, to, mediaStarts: true }, fn)})`;
}

/**
 * `WITH …` ending in `session_rows`: the stored figures of every session with a heartbeat where
 * `where` holds (SQL over the heartbeats row `h`), from all of the session's heartbeats. The
 * media_sessions table holds these rows.
 */
export function sessionRowsSql(where: string, fn: SqlFunctions): string {
  return `WITH
    ${uniqueHeartbeats(where)},
    ${sessionRowsWith(fn)}`;
}

/**
 * `WITH session_figures AS (…)` over stored session rows (`table`, e.g. media_sessions): the
 * sessions of `$suite` started from `$from` to `$to`, with the idle rule read at
 * `$idle_before_ms`, as sessionFiguresSql gives them, without the media type (which
 * only the sessions list shows).
 */
export function sessionFiguresFrom(table: string, fn: SqlFunctions): string {
  const from = 'CAST($from AS DATE)';
  const to = 'CAST($to AS DATE)';
  const stored = `(SELECT * FROM ${table} WHERE report_suite = $suite AND day BETWEEN ${from} AND ${to})`;
  return `WITH session_figures AS (${figures(stored, { idleBeforeMs: 'CAST($idle_before_ms AS BIGINT)', from, to, mediaStarts: false }, fn)})`;
}

/** `firsts`, `rebuffers`, `per_session` and `session_rows` over `hb`. */
function sessionRowsWith(fn: SqlFunctions): string {
  const failed = `(f.first_error_ms IS NOT NULL AND (f.first_play_ms IS NULL OR f.first_error_ms < f.first_play_ms))`;
  return `firsts AS (
      SELECT report_suite, session_id,
        min(CASE WHEN asset_type = 'main' AND event_type = 'play' THEN ts_ms END) AS first_play_ms,
        min(CASE WHEN event_type = 'error' THEN ts_ms END) AS first_error_ms
      FROM hb GROUP BY report_suite, session_id
    ),
    ${rebuffering()},
    ${perSession(fn)},
    session_rows AS (
      SELECT s.*, f.first_play_ms, f.first_error_ms, coalesce(r.rebuffer_ms, 0) AS rebuffer_ms,
        ${liveChannel('s.content_id', fn)} AS channel,
        CASE WHEN ${failed} THEN 1 ELSE 0 END AS start_failure
      FROM per_session s
      JOIN firsts f ON f.report_suite = s.report_suite AND f.session_id = s.session_id
      LEFT JOIN rebuffers r ON r.report_suite = s.report_suite AND r.session_id = s.session_id
    )`;
}

/**
 * `hb`: each heartbeat of the sessions chosen by `where` once. A retry or a late copy has the same
 * heartbeat_id (the collector stops most at the door; a copy that arrived after a restart stops
 * here). A duration over the §9 cap counts 0, as the tracker itself would have sent.
 */
function uniqueHeartbeats(where: string): string {
  return `hb AS (
      SELECT * FROM (
        SELECT h.*,
          CASE WHEN h.duration_ms BETWEEN 0 AND ${MAX_HEARTBEAT_DURATION_MS} THEN h.duration_ms ELSE 0 END AS counted_ms,
          row_number() OVER (PARTITION BY h.report_suite, h.heartbeat_id ORDER BY h.received_at) AS copy
        FROM heartbeats h
        WHERE ${where}
      ) copies WHERE copy = 1
    )`;
}

/**
 * The heartbeats rebuffering counts: main `buffer`, and main `stall`, the time the playhead stood
 * still while playing (shared/reference/media-traces/RULES.md rule 23), which the viewer waits
 * through just the same. The two engines' texts take this one condition.
 */
export const REBUFFERING_HEARTBEAT = "asset_type = 'main' AND event_type IN ('buffer', 'stall')";

/**
 * The heartbeats that tell whether an ad was playing around a rebuffering one: every other but the
 * chapter events, which are main heartbeats even inside an ad (RULES.md rule 11) and, in a break
 * with no ad, come between an ad and the gap after it (rule 12).
 */
export const STATE_NEIGHBOUR_HEARTBEAT = `NOT (${REBUFFERING_HEARTBEAT}) AND event_type NOT IN ('chapter_start', 'chapter_complete')`;

/**
 * `rebuffers`: main `buffer` and `stall` time after the content began, outside ad breaks. Inside a
 * break, the time with no ad playing is also sent as main `buffer` (wire-formats §2); such a gap
 * starts where an ad heartbeat was last sent, or ends where an ad starts, and is not the viewer
 * waiting for the content. The nearest state heartbeats before the buffer's start and after its
 * end tell which. Heartbeats of one millisecond are taken together (an ad's `start` and
 * `aa_ad_start`, or a main heartbeat beside them): an ASOF join picks one row among equal times at
 * random, which made the same query answer two ratios.
 */
function rebuffering(): string {
  const others = `(SELECT report_suite, session_id, ts_ms, bool_or(asset_type = 'ad') AS ad, bool_or(asset_type = 'ad' AND event_type = 'start') AS ad_start
      FROM hb WHERE ${STATE_NEIGHBOUR_HEARTBEAT} GROUP BY report_suite, session_id, ts_ms)`;
  const same = (other: string) => `${other}.report_suite = b.report_suite AND ${other}.session_id = b.session_id`;
  return `rebuffers AS (
      SELECT b.report_suite, b.session_id, sum(b.counted_ms) AS rebuffer_ms
      FROM (SELECT * FROM hb WHERE ${REBUFFERING_HEARTBEAT}) b
      JOIN firsts f ON ${same('f')}
      ASOF LEFT JOIN ${others} before_buffer
        ON ${same('before_buffer')} AND b.ts_ms - b.counted_ms >= before_buffer.ts_ms
      ASOF LEFT JOIN ${others} after_buffer
        ON ${same('after_buffer')} AND b.ts_ms <= after_buffer.ts_ms
      WHERE b.ts_ms - b.counted_ms >= f.first_play_ms
        AND NOT coalesce(before_buffer.ad, false)
        AND NOT coalesce(after_buffer.ad_start, false)
      GROUP BY b.report_suite, b.session_id
    )`;
}

/**
 * `media_starts`: video or audio, from the session's analytics start hit (`pe=ms_s`, `pev3`, its
 * `a.media.vsid` the session id). Heartbeats do not carry the media type; live radio is `linear`
 * like live television, so the stream type alone cannot tell.
 */
function mediaStarts(suite: string, from: string, to: string, fn: SqlFunctions): string {
  return `media_starts AS (
      SELECT ${fn.jsonString('context_data', 'a.media.vsid')} AS session_id, max(media_type) AS media_type
      FROM hits
      WHERE hit_type = 'media_start' AND report_suite = ${suite} AND day BETWEEN ${from} AND ${to}
      GROUP BY 1
    )`;
}

/**
 * The channel or station of a live session: its content id is the guide's broadcast id,
 * `{channel}-{start with its offset}` (@mesura/content guide.ts), which the live pages put in the
 * data layer's `idSessioVideo`. Null for anything else (on-demand media have no channel).
 */
export function liveChannel(contentId: string, fn: SqlFunctions): string {
  const pattern = sqlString('^(.+)-[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$', fn.dialect);
  return fn.dialect === 'duckdb' ? `nullif(regexp_extract(${contentId}, ${pattern}, 1), '')` : `nullif(extract(${contentId}, ${pattern}), '')`;
}

function perSession(fn: SqlFunctions): string {
  const main = (type: string) => `asset_type = 'main' AND event_type = '${type}'`;
  const ad = (type: string) => `asset_type = 'ad' AND event_type = '${type}'`;
  const contentPlay = `${main('play')} AND bitrate > 0`;
  return `per_session AS (
      SELECT report_suite, session_id,
        max(visitor_id) AS visitor_id, max(content_id) AS content_id, max(content_name) AS content_name,
        max(programme) AS programme, max(stream_type) AS stream_type, min(day) AS day,
        max(device_class) AS device,
        max(CASE WHEN event_type = 'start' THEN ${fn.jsonString('metadata', 'a.media.season')} END) AS season,
        ${fn.epochMs('min(received_at)')} AS first_received_ms, ${fn.epochMs('max(received_at)')} AS last_received_ms, max(ts_ms) AS last_ts_ms,
        min(CASE WHEN ${main('start')} THEN ts_ms END) AS started_ms,
        min(CASE WHEN ${main('complete')} THEN ts_ms END) AS completed_ms,
        min(CASE WHEN event_type = 'end' THEN ts_ms END) AS end_ms,
        sum(CASE WHEN ${main('play')} THEN counted_ms ELSE 0 END) AS content_ms,
        sum(CASE WHEN ${ad('play')} THEN counted_ms ELSE 0 END) AS ad_ms,
        ${MEDIA_SESSION_COUNTERS.map((c) => `${c.sql[fn.dialect]} AS ${c.column}`).join(',\n        ')},
        ${fn.argMinIf('startup_time_ms', 'ts_ms', 'startup_time_ms > 0')} AS startup_time_ms,
        sum(CASE WHEN ${contentPlay} THEN CAST(bitrate AS DOUBLE) * counted_ms ELSE 0 END) AS bitrate_weighted,
        sum(CASE WHEN ${contentPlay} THEN counted_ms ELSE 0 END) AS bitrate_ms,
        count(CASE WHEN event_type = 'error' THEN 1 END) AS errors,
        max(CASE WHEN is_bot THEN 1 ELSE 0 END) AS is_bot
      FROM hb GROUP BY report_suite, session_id
    )`;
}

/** One row per session of `source` (session_rows) started in the range: its figures, its end (§4: complete, end, or the idle timeout) and its QoE. */
function figures(source: string, range: { idleBeforeMs: string; from: string; to: string; mediaStarts: boolean }, fn: SqlFunctions): string {
  const { idleBeforeMs: idleBefore, from, to } = range;
  const audio = AUDIO_STREAM_TYPES.map((t) => sqlString(t, fn.dialect)).join(', ');
  const fallbackType = `CASE WHEN s.stream_type IN (${audio}) THEN 'audio' ELSE 'video' END`;
  const ended = `CASE WHEN s.completed_ms IS NOT NULL THEN 'complete' WHEN s.end_ms IS NOT NULL THEN 'end'
          WHEN s.last_received_ms <= ${idleBefore} THEN 'idle' END`;
  return `SELECT s.*, ${fn.formatDay('s.day')} AS day_text,
        ${range.mediaStarts ? `coalesce(ms.media_type, ${fallbackType}) AS media_type,` : ''}
        ${ended} AS ended_reason,
        coalesce(s.completed_ms, s.end_ms, CASE WHEN s.last_received_ms <= ${idleBefore} THEN s.last_ts_ms END) AS ended_ms,
        CASE WHEN s.started_ms IS NOT NULL THEN 1 ELSE 0 END AS starts,
        CASE WHEN s.completed_ms IS NOT NULL THEN 1 ELSE 0 END AS completes,
        CASE WHEN s.started_ms IS NOT NULL AND s.first_play_ms IS NULL AND s.start_failure = 0 AND (${ended}) IS NOT NULL
          THEN 1 ELSE 0 END AS exit_before_start
      FROM ${source} s
      ${range.mediaStarts ? 'LEFT JOIN media_starts ms ON ms.session_id = s.session_id' : ''}
      WHERE s.day BETWEEN ${from} AND ${to}`;
}

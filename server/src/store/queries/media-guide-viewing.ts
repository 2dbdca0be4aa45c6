/**
 * Live viewing attributed to the guide: each live play heartbeat counts for the broadcast on air
 * on its channel at its receive time, per channel and broadcast title (`channel|title`), and the
 * range's total (key null). Bound: `$suite`, `$from`, `$to`, the filters' `$f_*` and `$guide`, the
 * broadcasts as JSON `[{channel, title, start_ms, end_ms}]` (media-guide.ts).
 *
 * ClickHouse 18.16 reads no JSON and joins on equal keys only: the broadcasts are read out of
 * `$guide`'s text (clickhouse-media-sql.ts jsonObjectListSql), the plays are summed per channel,
 * minute and visitor first (a broadcast starts on the minute, so a minute is in one broadcast, as
 * store/duckdb/live-minutes-table.ts argues), joined on the channel and hour span as the DuckDB
 * text is, and kept where the minute is on air. `$guide` is in the statement's text: a year of every channel's guide is about 1.7 MB,
 * over ClickHouse's default max_query_size (256 KiB), which the API node's transport raises.
 */
import type { EngineQuery } from '../analytics-reader.js';
import { jsonObjectListSql } from '../clickhouse/clickhouse-media-sql.js';
import { distinctCount, groupsWithTotalClickHouse, overRows } from './media-clickhouse-groups.js';
import { livePlaysClickHouse, livePlaysDuckdb } from './media-live-plays.js';

const GUIDE = `(SELECT unnest(from_json($guide, '[{"channel":"VARCHAR","title":"VARCHAR","start_ms":"BIGINT","end_ms":"BIGINT"}]'), recursive := true)) guide`;

/**
 * The span a broadcast is listed under once for each it overlaps, so that a live minute is joined
 * on its channel and span to the one or two broadcasts there, then kept where it is on air: joined
 * on the channel alone, each minute was compared with every broadcast of its channel in the range
 * (436 k minutes × 500 broadcasts: 170 ms of a 30-day report; 50 ms so).
 */
const GUIDE_SPAN_MS = 3_600_000;

const GUIDE_BY_SPAN = `(SELECT channel, title, start_ms, end_ms,
    unnest(range(start_ms // ${GUIDE_SPAN_MS}, (end_ms - 1) // ${GUIDE_SPAN_MS} + 1)) AS span
  FROM ${GUIDE}) guide`;

export function guideViewingQuery(filters: string): EngineQuery {
  return {
    name: 'media live viewing by guide broadcast',
    duckdb: `SELECT CASE WHEN grouping(broadcast) = 0 THEN broadcast END AS key,
        count(DISTINCT visitor_id) AS viewers, sum(counted_ms) / 1000.0 AS seconds_played,
        sum(counted_ms) / 1000.0 / count(DISTINCT visitor_id) AS seconds_per_viewer
      FROM (SELECT live_plays.visitor_id, live_plays.counted_ms, guide.channel || '|' || guide.title AS broadcast
        FROM (SELECT *, epoch_ms(received_at) AS received_ms FROM ${livePlaysDuckdb(filters)}) live_plays
        JOIN ${GUIDE_BY_SPAN} ON guide.channel = live_plays.channel AND guide.span = live_plays.received_ms // ${GUIDE_SPAN_MS}
          AND live_plays.received_ms >= guide.start_ms AND live_plays.received_ms < guide.end_ms) attributed
      GROUP BY GROUPING SETS ((broadcast), ())`,
    clickhouse: groupsWithTotalClickHouse({
      source: `SELECT visitor_id, counted_ms, concat(play_channel, '|', title) AS group_key
        FROM (
          SELECT assumeNotNull(channel) AS play_channel, intDiv(received_at, ${MINUTE_MS}) * ${MINUTE_MS} AS minute_ms,
            intDiv(minute_ms, ${GUIDE_SPAN_MS}) AS span, visitor_id, sum(counted_ms) AS counted_ms
          FROM ${livePlaysClickHouse(filters)}
          GROUP BY play_channel, minute_ms, visitor_id
        ) minutes
        ALL INNER JOIN ${GUIDE_BY_SPAN_CLICKHOUSE} USING (play_channel, span)
        WHERE minute_ms >= start_ms AND minute_ms < end_ms`,
      figures: {
        viewers: distinctCount('visitor_id'),
        seconds_played: overRows('sum(counted_ms) / 1000.0'),
        seconds_per_viewer: overRows(`sum(counted_ms) / 1000.0 / nullIf(${distinctCount('visitor_id')}, 0)`),
      },
    }),
  };
}

const MINUTE_MS = 60_000;

/**
 * `$guide`'s broadcasts as rows (play_channel, title, start_ms, end_ms), each once per GUIDE_SPAN_MS
 * span it overlaps (`span`), as GUIDE_BY_SPAN lists them for DuckDB: the spans are counted from the
 * first (18.16's range takes one argument).
 */
const GUIDE_BY_SPAN_CLICKHOUSE = `(SELECT play_channel, title, start_ms, end_ms, first_span + toInt64(offset) AS span
  FROM (
    SELECT visitParamExtractString(slot, 'channel') AS play_channel, visitParamExtractString(slot, 'title') AS title,
      visitParamExtractInt(slot, 'start_ms') AS start_ms, visitParamExtractInt(slot, 'end_ms') AS end_ms,
      intDiv(start_ms, ${GUIDE_SPAN_MS}) AS first_span, intDiv(end_ms - 1, ${GUIDE_SPAN_MS}) AS last_span
    FROM (SELECT arrayJoin(${jsonObjectListSql('$guide')}) AS slot) slots
  ) broadcasts
  ARRAY JOIN range(toUInt64(greatest(last_span - first_span + 1, 0))) AS offset) guide`;

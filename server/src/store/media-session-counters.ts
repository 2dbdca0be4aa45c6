/**
 * A media session's counters: whole numbers each session derives from its heartbeats and every
 * media report sums over sessions (ads, chapters, dropped frames). Each is written once, here: its
 * column, its field in the sessions list and the media report, and how a session derives it on
 * either engine, the two texts side by side over the session's unique heartbeats (`hb`).
 *
 * Made from MEDIA_SESSION_COUNTERS: both engines' session SQL (media-sessions-sql.ts,
 * clickhouse/clickhouse-media-sessions-sql.ts), the session row and its reading
 * (media-session-row.ts, media-store.ts MediaSession), the ClickHouse session roll-up
 * (clickhouse/session-rollup-table.ts), the DuckDB media cells (duckdb/media-cells.ts), the media
 * report's figures (media-figures.ts, queries/media-report.ts) and the console
 * reports' sums (store/queries/media-session-figures*.ts, media-cell-figures.ts). Their Catalan
 * names and where the console shows them are reports/media-session-reports.ts. Adding one is an
 * entry here and its name there (docs/recipes.md); stored sessions and cells without it are made
 * again from the heartbeats at start (duckdb/media-sessions-table.ts), and a ClickHouse session
 * roll-up without it is built again (clickhouse/ensure-schema.ts).
 */
import type { SqlDialect } from './sql-string.js';

export interface MediaSessionCounter {
  /** The session rows' column, and the name of its sum in the console's reports. */
  column: string;
  /** The sessions list's and the media report's name for it. */
  field: string;
  /** Its type in the ClickHouse session roll-up: what the ClickHouse text gives on 18.16 and 26.7. */
  clickhouseType: 'UInt64' | 'Int64';
  /** How a session derives it from its heartbeats, per engine: an aggregate over the rows of `hb`. */
  sql: Readonly<Record<SqlDialect, string>>;
}

/** Distinct non-null values of `value` among the heartbeats where `where` holds; 18.16 answers NULL for none over a Nullable column, hence the guard. */
const distinct = (value: string, where: string): Readonly<Record<SqlDialect, string>> => ({
  duckdb: `count(DISTINCT CASE WHEN ${where} THEN ${value} END)`,
  clickhouse: `uniqExactIf(assumeNotNull(${value}), ${where} AND ${value} IS NOT NULL)`,
});

export const MEDIA_SESSION_COUNTERS = [
  /** Ad breaks the session played (their pod ids). */
  { column: 'ad_breaks', field: 'adBreaks', clickhouseType: 'UInt64', sql: distinct('pod_id', "asset_type = 'ad'") },
  { column: 'ads_started', field: 'adsStarted', clickhouseType: 'UInt64', sql: distinct('coalesce(ad_sid, ad_id)', "asset_type = 'ad' AND event_type = 'start'") },
  { column: 'ads_completed', field: 'adsCompleted', clickhouseType: 'UInt64', sql: distinct('coalesce(ad_sid, ad_id)', "asset_type = 'ad' AND event_type = 'complete'") },
  { column: 'chapters_started', field: 'chaptersStarted', clickhouseType: 'UInt64', sql: distinct('coalesce(chapter_sid, chapter_id)', "event_type = 'chapter_start'") },
  { column: 'chapters_completed', field: 'chaptersCompleted', clickhouseType: 'UInt64', sql: distinct('coalesce(chapter_sid, chapter_id)', "event_type = 'chapter_complete'") },
  /** The largest count the session's heartbeats reported (heartbeat-fields.ts droppedFrames). */
  { column: 'dropped_frames', field: 'droppedFrames', clickhouseType: 'Int64', sql: { duckdb: 'max(dropped_frames)', clickhouse: 'max(dropped_frames)' } },
] as const satisfies readonly MediaSessionCounter[];

type Counter = (typeof MEDIA_SESSION_COUNTERS)[number];
export type MediaSessionCounterColumn = Counter['column'];

/** A session's counters by field, as the sessions list and the media report answer them. */
export type MediaSessionCounts = { [C in Counter as C['field']]: number };

/** Each counter summed over a group of session rows or cells, under its column: `sum(ad_breaks) AS ad_breaks, …`. */
export const COUNTER_SUMS_SQL = MEDIA_SESSION_COUNTERS.map((c) => `sum(${c.column}) AS ${c.column}`).join(',\n  ');

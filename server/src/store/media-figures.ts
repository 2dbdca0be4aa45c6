/**
 * The figures of a set of media sessions (GET /api/reports/media), each written once: its name in
 * the answer, its SQL over a group of `session_figures` rows (media-sessions-sql.ts) and whether it
 * may be unknown. MediaFigures (media-store.ts), the report's SQL (queries/media-report.ts) and the
 * reading of its rows (duckdb-media.ts) are all made from MEDIA_FIGURES. Seconds become minutes
 * here and are rounded once, after the sum; minutes, seconds and ratios keep 3 and 4 decimals.
 */

import { MEDIA_SESSION_COUNTERS } from './media-session-counters.js';

interface MediaFigureSpec {
  name: string;
  /** SQL over a group of session_figures rows; the column is the name in snake_case. */
  sql: string;
  /** Null when no session reported it (a mean or a weighted mean over nothing). */
  nullable?: boolean;
}

export const MEDIA_FIGURES = [
  { name: 'sessions', sql: 'count(*)' },
  /** Sessions with a main `start` (the player loaded the content, §4). */
  { name: 'starts', sql: 'coalesce(sum(starts), 0)' },
  { name: 'contentMinutes', sql: 'coalesce(round(sum(content_ms) / 60000.0, 3), 0)' },
  { name: 'adMinutes', sql: 'coalesce(round(sum(ad_ms) / 60000.0, 3), 0)' },
  { name: 'completes', sql: 'coalesce(sum(completes), 0)' },
  /** completes / starts; 0 without starts. */
  { name: 'completionRate', sql: 'CASE WHEN sum(starts) > 0 THEN round(CAST(sum(completes) AS DOUBLE) / sum(starts), 4) ELSE 0 END' },
  /** Each session counter summed (media-session-counters.ts): ad breaks, ads, chapters, dropped frames. */
  ...MEDIA_SESSION_COUNTERS.map((c) => ({ name: c.field, sql: `coalesce(sum(${c.column}), 0)` })),
  /** Mean over the sessions that reported one; null when none did. */
  { name: 'avgStartupTimeMs', sql: 'round(avg(startup_time_ms))', nullable: true },
  /** Bits per second, weighted by content play time; null without a reported bitrate. */
  { name: 'avgBitrate', sql: 'CASE WHEN sum(bitrate_ms) > 0 THEN round(sum(bitrate_weighted) / sum(bitrate_ms)) END', nullable: true },
  /** Rebuffering: main `buffer` time after the content began, outside ad breaks. */
  { name: 'bufferingSeconds', sql: 'coalesce(round(sum(rebuffer_ms) / 1000.0, 3), 0)' },
  /** bufferingSeconds / (bufferingSeconds + content seconds); 0 when both are 0. */
  {
    name: 'rebufferRatio',
    sql: `CASE WHEN sum(rebuffer_ms) + sum(content_ms) > 0
      THEN round(CAST(sum(rebuffer_ms) AS DOUBLE) / (sum(rebuffer_ms) + sum(content_ms)), 4) ELSE 0 END`,
  },
  { name: 'errors', sql: 'coalesce(sum(errors), 0)' },
  /** Closed sessions with a `start`, no content `play` and no start failure. */
  { name: 'exitsBeforeStart', sql: 'coalesce(sum(exit_before_start), 0)' },
  /** Sessions with an `error` before their first content `play` (or without one). */
  { name: 'startFailures', sql: 'coalesce(sum(start_failure), 0)' },
] as const satisfies readonly MediaFigureSpec[];

type Figure = (typeof MEDIA_FIGURES)[number];

/** Figures of a set of media sessions, one per MEDIA_FIGURES entry. */
export type MediaFigures = { [F in Figure as F['name']]: F extends { nullable: true } ? number | null : number };

/** `contentMinutes` → `content_minutes`: the figure's column in the report's SQL. */
export function figureColumn(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The figures' SELECT list over a group of session_figures rows. */
export const MEDIA_FIGURES_SQL = MEDIA_FIGURES.map((f) => `${f.sql} AS ${figureColumn(f.name)}`).join(',\n  ');

/** A report row's figures; DuckDB hands BIGINT and HUGEINT over as text, DOUBLE as a number, NULL as null. */
export function readMediaFigures(row: Readonly<Record<string, unknown>>): MediaFigures {
  const figures: Record<string, number | null> = {};
  for (const figure of MEDIA_FIGURES as readonly MediaFigureSpec[]) {
    const value = row[figureColumn(figure.name)];
    const absent = value === null || value === undefined;
    figures[figure.name] = absent ? (figure.nullable === true ? null : 0) : Number(value);
  }
  return figures as MediaFigures;
}

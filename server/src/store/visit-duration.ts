/**
 * A visit's duration, as the commercial suite counts time spent: from its first page view's
 * receive time to its last's (`ended_at - started_at`), so a one-page visit lasts 0 s. Written once
 * here for both engines: DuckDB's visits keep the two as TIMESTAMP_MS (duckdb/visits-tables.ts),
 * ClickHouse's as Int64 epoch ms (clickhouse/report-facts-sql.ts). The average is a metric of every
 * visits ranking and of the audience series (queries/visit-rankings.ts, queries/audience-series.ts);
 * the bands are the rows of audience/visit-duration (reports/audience-reports.ts), kept in the
 * visit cells as the `duration_band` dimension (duckdb/report-cells.ts).
 */

/** A visit's duration in milliseconds, as SQL over a visit row of each engine. */
export const VISIT_DURATION_MS = {
  duckdb: '(epoch_ms(ended_at) - epoch_ms(started_at))',
  clickhouse: '(ended_at - started_at)',
} as const;

export interface VisitDurationBand {
  /** The row key (visit cells' value): ASCII, stable, stored in every data folder's cells. */
  key: string;
  /** The row as the console names it. */
  label: string;
  /** The longest duration the band holds, in whole seconds; none for the last band. */
  upToSeconds?: number;
}

/**
 * The bands, shortest first, the order the report shows them in. A duration is counted in whole
 * seconds, truncated (10.9 s is 10 s), so every visit falls in exactly one band and the labels'
 * edges read as they say: 0–10 s holds up to 10 s, 11–30 s from 11 s. Changing an edge or a key
 * changes what stored visit cells hold: a new schema step must remake them
 * (duckdb/events-file-migrations.ts), as step 5 did.
 */
export const VISIT_DURATION_BANDS: readonly VisitDurationBand[] = [
  { key: '0-10s', label: '0–10 s', upToSeconds: 10 },
  { key: '11-30s', label: '11–30 s', upToSeconds: 30 },
  { key: '31-60s', label: '31–60 s', upToSeconds: 60 },
  { key: '1-3min', label: '1–3 min', upToSeconds: 3 * 60 },
  { key: '3-10min', label: '3–10 min', upToSeconds: 10 * 60 },
  { key: '10-30min', label: '10–30 min', upToSeconds: 30 * 60 },
  { key: '30min+', label: 'Més de 30 min' },
];

/** Durations are measured in milliseconds and shown in seconds (the console's 'seconds' format). */
export const MS_PER_SECOND = 1000;

/** The band of a duration in milliseconds (the same rule as visitDurationBandSql), for tests and readers. */
export function visitDurationBand(durationMs: number): VisitDurationBand {
  const seconds = Math.floor(durationMs / MS_PER_SECOND);
  return VISIT_DURATION_BANDS.find((band) => band.upToSeconds === undefined || seconds <= band.upToSeconds)!;
}

/**
 * SQL of the band key of a duration in milliseconds (`durationMs`, an integer expression): the
 * same text runs on DuckDB and ClickHouse. A band up to N whole seconds holds durations below N + 1 s.
 */
export function visitDurationBandSql(durationMs: string): string {
  const cases = VISIT_DURATION_BANDS.map((band) => (band.upToSeconds === undefined ? `ELSE '${band.key}'` : `WHEN ${durationMs} < ${(band.upToSeconds + 1) * MS_PER_SECOND} THEN '${band.key}'`));
  return `CASE ${cases.join(' ')} END`;
}

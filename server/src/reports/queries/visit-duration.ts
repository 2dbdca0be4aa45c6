/**
 * How long visits last: a visit's duration is the time from its first page view to its last, the
 * span the commercial suite counts between a visit's consecutive hits (so a visit of one page view
 * lasts 0 s); visits are cut after 30 minutes without a page view (store/duckdb/report-facts-load.ts
 * VISIT_IDLE_MINUTES). Read from `visits` on both engines: DuckDB keeps started_at and ended_at as
 * timestamps, ClickHouse's computed visits as epoch milliseconds.
 */
import type { RankingSources } from './ranking.js';
import { VISIT_SQL, VISIT_SQL_CLICKHOUSE } from './visit-rankings.js';

/** A visit's duration in milliseconds, per engine. */
const DURATION_MS = { duckdb: '(epoch_ms(ended_at) - epoch_ms(started_at))', clickhouse: '(ended_at - started_at)' } as const;

/** The distribution's buckets, shortest first: each up to `upToMs` (inclusive), the last open. */
export const VISIT_DURATION_BUCKETS = [
  { key: '0', upToMs: 0 },
  { key: '1', upToMs: 10_000 },
  { key: '2', upToMs: 30_000 },
  { key: '3', upToMs: 60_000 },
  { key: '4', upToMs: 180_000 },
  { key: '5', upToMs: 600_000 },
  { key: '6', upToMs: 1_800_000 },
  { key: '7', upToMs: Number.POSITIVE_INFINITY },
] as const;

export type VisitDurationBucket = (typeof VISIT_DURATION_BUCKETS)[number]['key'];

/** A visit's bucket key, the same CASE on both engines over that engine's duration. */
function bucketSql(duration: string): string {
  const bounded = VISIT_DURATION_BUCKETS.filter((bucket) => Number.isFinite(bucket.upToMs));
  const last = VISIT_DURATION_BUCKETS[VISIT_DURATION_BUCKETS.length - 1]!;
  return `CASE ${bounded.map((bucket) => `WHEN ${duration} <= ${bucket.upToMs} THEN '${bucket.key}'`).join(' ')} ELSE '${last.key}' END`;
}

/** Visits per duration bucket, with their visitors, page views and bounce rate. */
export const VISIT_DURATION_RANKING: RankingSources = {
  spec: () => ({
    table: 'visits',
    key: bucketSql(DURATION_MS.duckdb),
    metrics: VISIT_SQL,
    order: 'visits',
    clickhouse: { table: 'visits', key: bucketSql(DURATION_MS.clickhouse), metrics: VISIT_SQL_CLICKHOUSE },
  }),
};

/** The mean duration in seconds of a group of visits; none over no visits. */
const meanSeconds = (duration: string, count: string) => `sum(${duration}) / nullIf(${count}, 0) / 1000.0`;

/** Visits and their mean duration per day the visits began. */
export const VISIT_DURATION_BY_DAY: RankingSources = {
  spec: () => ({
    table: 'visits',
    key: 'day',
    metrics: { visits: 'count(*)', average_duration: meanSeconds(DURATION_MS.duckdb, 'count(*)') },
    order: 'visits',
    clickhouse: { table: 'visits', key: 'day', metrics: { visits: 'count()', average_duration: meanSeconds(DURATION_MS.clickhouse, 'count()') } },
  }),
};

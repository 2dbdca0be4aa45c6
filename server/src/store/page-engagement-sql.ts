/**
 * A page's engagement hit (`pe=eng`, @mesura/protocol page-engagement.ts) carries its two measures
 * as context data, checked whole numbers by the collector: here they are read back as SQL over a
 * hits row, once for both engines. DuckDB's page_engagements keeps them at load
 * (duckdb/report-facts-schema.ts); ClickHouse reads them as a report asks
 * (clickhouse/report-facts-sql.ts).
 */
import { ENGAGED_MS_KEY, SCROLL_PERCENT_KEY } from '@mesura/protocol';
import { sqlString } from './sql-string.js';

/** The hit type engagement hits are stored under (protocol analytics-hit.ts HitType). */
export const PAGE_ENGAGEMENT_HIT = 'page_engagement';

const duckdbMeasure = (key: string) => `CAST(json_extract_string(context_data, ${sqlString(`$."${key}"`, 'duckdb')}) AS BIGINT)`;
const clickhouseMeasure = (key: string) => `toInt64OrZero(visitParamExtractString(context_data, ${sqlString(key, 'clickhouse')}))`;

/** The engaged milliseconds and the scroll depth (whole percent) of an engagement hit, per engine. */
export const PAGE_ENGAGEMENT_MEASURES_SQL = {
  duckdb: { engagedMs: duckdbMeasure(ENGAGED_MS_KEY), scrollPercent: duckdbMeasure(SCROLL_PERCENT_KEY) },
  clickhouse: { engagedMs: clickhouseMeasure(ENGAGED_MS_KEY), scrollPercent: clickhouseMeasure(SCROLL_PERCENT_KEY) },
} as const;

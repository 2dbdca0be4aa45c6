import { QueryNotOnEngineError, type AnalyticsReader, type EngineQuery, type ResultRow, type SqlValue } from '../analytics-reader.js';
import { bindValues } from './bind-values.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { DayRollup } from './day-rollup.js';
import { readRollupSources, rollupRangeOf, sourceValues } from './day-rollup-reads.js';
import { LIVE_MINUTE_ROLLUP_TABLES } from './live-minute-rollup-table.js';
import { SESSION_ROLLUP_TABLES } from './session-rollup-table.js';
import { VISIT_ROLLUP_TABLES } from './visit-rollup-table.js';

/** The day roll-ups a report text may read (day-rollup.ts rolledOrComputedSql). */
const READ_ROLLUPS: readonly Pick<DayRollup, 'daysTable' | 'valuePrefix'>[] = [VISIT_ROLLUP_TABLES, SESSION_ROLLUP_TABLES, LIVE_MINUTE_ROLLUP_TABLES];

/**
 * The console's reports on ClickHouse: runs each query's `clickhouse` text with its `$name` values
 * written in as literals (bind-values.ts). The transport's default database is the deployment's,
 * so the texts name tables unqualified (`hits`), as the DuckDB texts do. `$tz` is MESURA_TIMEZONE
 * in every query (DuckDB keeps local hours at load; ClickHouse works them out as it reads: see
 * report-facts-sql.ts). A query that has no ClickHouse text is refused with QueryNotOnEngineError,
 * which the routes answer 501. A text reading a day roll-up (the visits, the media sessions, the live minutes) gets the days it holds
 * (day-rollup-reads.ts), one small query before it.
 */
export class ClickHouseAnalyticsReader implements AnalyticsReader {
  constructor(
    private readonly transport: Pick<ClickHouseTransport, 'query'>,
    private readonly options: { timeZone: string },
  ) {}

  async read(query: EngineQuery, values: Readonly<Record<string, SqlValue>>): Promise<ResultRow[]> {
    if (query.clickhouse === undefined) throw new QueryNotOnEngineError(query.name, 'ClickHouse');
    const text = query.clickhouse;
    const range = rollupRangeOf(values);
    const sources: Record<string, string> = {};
    for (const rollup of READ_ROLLUPS) {
      if (range && text.includes(`$${rollup.valuePrefix}_rolled_to`)) Object.assign(sources, sourceValues(rollup, await readRollupSources(this.transport, rollup, range)));
    }
    return this.transport.query<ResultRow>(bindValues(text, { tz: this.options.timeZone, ...sources, ...values }, query.name));
  }
}

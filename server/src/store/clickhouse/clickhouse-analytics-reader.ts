import { QueryNotOnEngineError, type AnalyticsReader, type EngineQuery, type ResultRow, type SqlValue } from '../analytics-reader.js';
import { bindValues } from './bind-values.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import { readVisitSources, visitRangeOf } from './visit-rollup-reads.js';

/** A text reading report-facts-sql.ts's visits names this value. */
const VISITS_READ = '$visits_rolled_to';

/**
 * The console's reports on ClickHouse: runs each query's `clickhouse` text with its `$name` values
 * written in as literals (bind-values.ts). The transport's default database is the deployment's,
 * so the texts name tables unqualified (`hits`), as the DuckDB texts do. `$tz` is MESURA_TIMEZONE
 * in every query (DuckDB keeps local hours at load; ClickHouse works them out as it reads: see
 * report-facts-sql.ts). A query that has no ClickHouse text is refused with QueryNotOnEngineError,
 * which the routes answer 501. A text reading the visits gets the days the roll-up holds
 * (visit-rollup-reads.ts), one small query before it.
 */
export class ClickHouseAnalyticsReader implements AnalyticsReader {
  constructor(
    private readonly transport: Pick<ClickHouseTransport, 'query'>,
    private readonly options: { timeZone: string },
  ) {}

  async read(query: EngineQuery, values: Readonly<Record<string, SqlValue>>): Promise<ResultRow[]> {
    if (query.clickhouse === undefined) throw new QueryNotOnEngineError(query.name, 'ClickHouse');
    const range = query.clickhouse.includes(VISITS_READ) ? visitRangeOf(values) : undefined;
    const sources = range && (await readVisitSources(this.transport, range));
    return this.transport.query<ResultRow>(bindValues(query.clickhouse, { tz: this.options.timeZone, ...sources, ...values }, query.name));
  }
}

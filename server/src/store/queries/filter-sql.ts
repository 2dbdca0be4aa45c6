/**
 * The stacked filters of a report as one SQL condition. Column names come from the table's fixed
 * map, never from the request; values are bound as `$f_<dimension>` parameters.
 */
import type { ReportFilter, ReportFilterDimension } from '@mesura/protocol';
import type { SqlValue } from '../analytics-reader.js';

/** Which column of a table holds each filter dimension; a dimension it lacks cannot filter it. */
export type FilterColumns = Partial<Record<ReportFilterDimension, string>>;

export interface FilterSql {
  /** `AND …` conditions to append to a WHERE clause (empty when nothing applies). */
  sql: string;
  values: Record<string, SqlValue>;
  /** Filters asked for that this table cannot apply. */
  ignored: ReportFilterDimension[];
}

export function filterSql(filters: readonly ReportFilter[], columns: FilterColumns): FilterSql {
  const conditions: string[] = [];
  const values: Record<string, SqlValue> = {};
  const ignored: ReportFilterDimension[] = [];
  for (const filter of filters) {
    const column = columns[filter.dimension];
    if (column === undefined) {
      ignored.push(filter.dimension);
      continue;
    }
    const name = `f_${filter.dimension}`;
    conditions.push(`${column} = $${name}`);
    values[name] = filter.value;
  }
  return { sql: conditions.map((c) => ` AND ${c}`).join(''), values, ignored };
}

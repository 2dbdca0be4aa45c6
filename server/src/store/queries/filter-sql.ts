/**
 * The stacked filters of a report as one SQL condition. Column names come from the table's fixed
 * map, never from the request; values are bound as `$f_<dimension>` parameters. A segment asked
 * for (`s=`) is one more condition on the table's `visitor_key`: SEGMENT_VISITORS, which the
 * report's reader replaces with the segment's own condition for its engine (segment-sql.ts).
 */
import type { ReportFilter, ReportFilterDimension } from '@mesura/protocol';
import type { SqlValue } from '../analytics-reader.js';

/**
 * Where a report's filters name its segment: a name no table has, so a text that reached an
 * engine without segment-sql.ts `segmentedQuery` fails loudly instead of answering unsegmented figures.
 */
export const SEGMENT_VISITORS = '__mesura_segment_visitors__';

/**
 * Which column of a table holds each filter dimension; a dimension it lacks cannot filter it.
 * `visitor` is the column of the visitor's key, which a segment narrows; a table without one
 * cannot take a segment.
 */
export type FilterColumns = Partial<Record<ReportFilterDimension, string>> & { visitor?: 'visitor_key' };

export interface FilterSql {
  /** `AND …` conditions to append to a WHERE clause (empty when nothing applies). */
  sql: string;
  values: Record<string, SqlValue>;
  /** Filters asked for that this table cannot apply. */
  ignored: ReportFilterDimension[];
  /** True when a segment was asked for and this table keeps no visitor to narrow by. */
  ignoredSegment: boolean;
}

/** `segmented`: whether the request names a segment (ReportRequest.segment). */
export function filterSql(filters: readonly ReportFilter[], columns: FilterColumns, segmented = false): FilterSql {
  const conditions: string[] = [];
  const values: Record<string, SqlValue> = {};
  const ignored: ReportFilterDimension[] = [];
  for (const filter of filters) {
    const column = columns[filter.dimension] as string | undefined;
    if (column === undefined) {
      ignored.push(filter.dimension);
      continue;
    }
    const name = `f_${filter.dimension}`;
    conditions.push(`${column} = $${name}`);
    values[name] = filter.value;
  }
  const ignoredSegment = segmented && columns.visitor === undefined;
  if (segmented && !ignoredSegment) conditions.push(SEGMENT_VISITORS);
  return { sql: conditions.map((c) => ` AND ${c}`).join(''), values, ignored, ignoredSegment };
}

import type { HitRow } from '../hit-row.js';
import { HIT_COLUMNS, variableColumns } from '../hits-schema.js';
import type { EventTable } from './event-table.js';
import { suiteAndDayScope } from './suite-day-scope.js';

/**
 * `hits`: hits-schema.ts's columns and one per named variable of the variable map, partitioned by
 * month of `day`, sorted for the reports' filters: report suite and day in every report, then the
 * hit type (page views, links, media starts) and the visitor, by whom visits are made.
 */
export function hitsTable(variables: readonly string[]): EventTable {
  return {
    name: 'hits',
    columns: [...HIT_COLUMNS, ...variableColumns(variables)],
    partitionBy: 'toYYYYMM(day)',
    orderBy: ['report_suite', 'day', 'hit_type', 'visitor_id', 'received_at'],
    scope: (rows) => suiteAndDayScope(rows as readonly HitRow[]),
    fixedFields: { variables: {} },
  };
}

import type { DecisionEventRow } from '../decision-row.js';
import { DECISION_EVENT_COLUMNS } from '../decisions-schema.js';
import type { EventTable } from './event-table.js';
import { sqlInteger } from './sql-literal.js';

/**
 * `decision_events`: decisions-schema.ts's columns, partitioned by month of `decided_at` (UTC: a
 * decision row has no day of its own), sorted for the activity reports: activity, experience,
 * impression or conversion, then time.
 */
export function decisionsTable(): EventTable {
  return {
    name: 'decision_events',
    columns: DECISION_EVENT_COLUMNS,
    partitionBy: "toYYYYMM(toDateTime(intDiv(decided_at, 1000)), 'UTC')",
    orderBy: ['activity_id', 'experience_id', 'type', 'decided_at'],
    scope: (rows) => {
      let first = Number.POSITIVE_INFINITY;
      let last = Number.NEGATIVE_INFINITY;
      for (const row of rows as readonly DecisionEventRow[]) {
        first = Math.min(first, row.atMs);
        last = Math.max(last, row.atMs);
      }
      return `decided_at >= ${sqlInteger(first)} AND decided_at <= ${sqlInteger(last)}`;
    },
    fixedFields: { kind: 'decision' },
  };
}

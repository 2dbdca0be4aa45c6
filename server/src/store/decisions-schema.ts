import type { DecisionEventRow } from './decision-row.js';
import type { ColumnType } from './hits-schema.js';

export interface DecisionColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
  /** The DecisionEventRow field (ingest-log JSON key) the column is read from. */
  source: Exclude<keyof DecisionEventRow, 'kind'>;
  doc: string;
}

/**
 * The columns of `decision_events`, in table order, with the row field each is read from: the
 * names the DuckDB store already uses (duckdb-decisions.ts), written once for every engine.
 */
export const DECISION_EVENT_COLUMNS: readonly DecisionColumn[] = [
  col('decision_id', 'text', false, 'decisionId', 'de-duplication key for recovery'),
  col('type', 'text', false, 'type', 'impression or conversion'),
  col('activity_id', 'text', false, 'activityId', 'the activity decided'),
  col('experience_id', 'text', false, 'experienceId', 'the experience shown'),
  col('visitor_id', 'text', false, 'visitorKey', "the device id's visitor key (decide/visitor-ids.ts)"),
  col('analytics_visitor_id', 'text', true, 'analyticsVisitorId', 'mboxMCGVID: the analytics visitor id, joined to hits.visitor_id'),
  col('mbox', 'text', false, 'mbox', 'the location (mbox) decided'),
  col('decided_at', 'timestamp_ms', false, 'atMs', 'when the decision or conversion happened (UTC)'),
];

function col(name: string, type: ColumnType, nullable: boolean, source: DecisionColumn['source'], doc: string): DecisionColumn {
  return { name, type, nullable, source, doc };
}

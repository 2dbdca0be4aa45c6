/**
 * The events tables of a deployment, as every ClickHouse part reads them: the schema
 * (ensure-schema.ts), the cluster's texts (cluster-sql.ts, table-maker.ts), the writer, rights and
 * retention.
 */
import { decisionsTable } from './decisions-table.js';
import type { EventTable } from './event-table.js';
import { heartbeatsTable } from './heartbeats-table.js';
import { hitsTable } from './hits-table.js';

/** The events tables of one deployment: hits (with a column per named variable), heartbeats, decision events. */
export interface EventTables {
  hits: EventTable;
  heartbeats: EventTable;
  decisions: EventTable;
}

export function eventTables(options: { variables: readonly string[] }): EventTables {
  return { hits: hitsTable(options.variables), heartbeats: heartbeatsTable(), decisions: decisionsTable() };
}

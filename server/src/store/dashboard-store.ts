/**
 * Where the dashboards live (dashboards/dashboard.ts): beside the segments and chart notes,
 * embedded in dashboards.duckdb (duckdb/duckdb-dashboards.ts) or, with MESURA_METADATA, in
 * PostgreSQL (postgres/postgres-dashboards.ts), kept as every saved definition is
 * (definition-table.ts): by id, with each change and who made it. A dashboard is kept whole, its
 * tiles in order inside it, so that a move is one save.
 */
import type { ChangeAuthor } from './decision-store.js';
import type { DefinitionRows, DefinitionTable } from './definition-table.js';

export interface DashboardStore {
  /** Every stored dashboard, in id order, as stored (the caller checks them). */
  dashboards(): Promise<unknown[]>;
  /** One stored dashboard, or undefined. */
  dashboard(id: string): Promise<unknown>;
  /** Replaces or creates the dashboard and records the change; the dashboard before, if any. */
  saveDashboard(dashboard: { id: string }, change: ChangeAuthor): Promise<unknown>;
  /** Deletes the dashboard and records the change; false when there was none. */
  deleteDashboard(id: string, change: ChangeAuthor): Promise<boolean>;
  close(): Promise<void>;
}

/** Where dashboards are kept, on either engine. */
export const DASHBOARD_TABLE: DefinitionTable = { table: 'dashboards', changes: 'dashboard_changes', idColumn: 'dashboard_id' };

export function dashboardStoreOf(rows: DefinitionRows): DashboardStore {
  return {
    dashboards: () => rows.definitions(),
    dashboard: (id) => rows.definition(id),
    saveDashboard: (dashboard, change) => rows.save(dashboard, change),
    deleteDashboard: (id, change) => rows.remove(id, change),
    close: () => rows.close(),
  };
}

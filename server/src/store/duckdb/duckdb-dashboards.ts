/**
 * The dashboards in their own DuckDB file beside the measurement store (dashboard-store.ts),
 * kept as every kind of saved definition is (duckdb-definitions.ts).
 */
import { memoryBudget } from '../../memory-budget.js';
import type { OpenDatabase } from './duckdb-copy.js';
import { openDefinitionFile } from './duckdb-definitions.js';
import { DASHBOARD_TABLE, dashboardStoreOf, type DashboardStore } from '../dashboard-store.js';

export const DASHBOARDS_DB_FILE_NAME = 'dashboards.duckdb';

export async function openDashboardStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<DashboardStore & OpenDatabase> {
  const rows = await openDefinitionFile(dataDir, DASHBOARDS_DB_FILE_NAME, DASHBOARD_TABLE, memoryLimitMiB);
  return { ...rows, ...dashboardStoreOf(rows) };
}

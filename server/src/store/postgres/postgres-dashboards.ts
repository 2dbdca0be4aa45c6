/**
 * The dashboards in the shared PostgreSQL metadata database (dashboard-store.ts), for servers
 * that scale out, kept as every kind of saved definition is (postgres-definitions.ts).
 */
import type { MetadataPool } from './postgres-pool.js';
import { postgresDefinitions } from './postgres-definitions.js';
import { DASHBOARD_TABLE, dashboardStoreOf, type DashboardStore } from '../dashboard-store.js';

export async function postgresDashboardStore(pool: MetadataPool): Promise<DashboardStore> {
  return dashboardStoreOf(await postgresDefinitions(pool, DASHBOARD_TABLE));
}

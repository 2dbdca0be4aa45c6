/**
 * The funnels in their own DuckDB file beside the measurement store (funnel-store.ts), kept as every
 * kind of saved definition is (duckdb-definitions.ts).
 */
import { memoryBudget } from '../../memory-budget.js';
import type { OpenDatabase } from './duckdb-copy.js';
import { openDefinitionFile } from './duckdb-definitions.js';
import { FUNNEL_TABLE, funnelStoreOf, type FunnelStore } from '../funnel-store.js';

export const FUNNELS_DB_FILE_NAME = 'funnels.duckdb';

export async function openFunnelStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<FunnelStore & OpenDatabase> {
  const rows = await openDefinitionFile(dataDir, FUNNELS_DB_FILE_NAME, FUNNEL_TABLE, memoryLimitMiB);
  return { ...rows, ...funnelStoreOf(rows) };
}

/**
 * The goals in their own DuckDB file beside the measurement store (goal-store.ts), kept as every
 * kind of saved definition is (duckdb-definitions.ts).
 */
import { memoryBudget } from '../../memory-budget.js';
import type { OpenDatabase } from './duckdb-copy.js';
import { openDefinitionFile } from './duckdb-definitions.js';
import { GOAL_TABLE, goalStoreOf, type GoalStore } from '../goal-store.js';

export const GOALS_DB_FILE_NAME = 'goals.duckdb';

export async function openGoalStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<GoalStore & OpenDatabase> {
  const rows = await openDefinitionFile(dataDir, GOALS_DB_FILE_NAME, GOAL_TABLE, memoryLimitMiB);
  return { ...rows, ...goalStoreOf(rows) };
}

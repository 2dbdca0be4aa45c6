/**
 * The goals in the shared PostgreSQL metadata database (goal-store.ts), for servers that scale
 * out, kept as every kind of saved definition is (postgres-definitions.ts).
 */
import type { MetadataPool } from './postgres-pool.js';
import { postgresDefinitions } from './postgres-definitions.js';
import { GOAL_TABLE, goalStoreOf, type GoalStore } from '../goal-store.js';

export async function postgresGoalStore(pool: MetadataPool): Promise<GoalStore> {
  return goalStoreOf(await postgresDefinitions(pool, GOAL_TABLE));
}

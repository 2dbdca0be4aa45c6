/**
 * The funnels in the shared PostgreSQL metadata database (funnel-store.ts), for servers that scale
 * out, kept as every kind of saved definition is (postgres-definitions.ts).
 */
import type { MetadataPool } from './postgres-pool.js';
import { postgresDefinitions } from './postgres-definitions.js';
import { FUNNEL_TABLE, funnelStoreOf, type FunnelStore } from '../funnel-store.js';

export async function postgresFunnelStore(pool: MetadataPool): Promise<FunnelStore> {
  return funnelStoreOf(await postgresDefinitions(pool, FUNNEL_TABLE));
}

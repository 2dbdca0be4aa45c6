/**
 * The segments in the shared PostgreSQL metadata database (segment-store.ts), for servers that scale
 * out, kept as every kind of saved definition is (postgres-definitions.ts).
 */
import type { MetadataPool } from './postgres-pool.js';
import { postgresDefinitions } from './postgres-definitions.js';
import { SEGMENT_TABLE, segmentStoreOf, type SegmentStore } from '../segment-store.js';

export async function postgresSegmentStore(pool: MetadataPool): Promise<SegmentStore> {
  return segmentStoreOf(await postgresDefinitions(pool, SEGMENT_TABLE));
}

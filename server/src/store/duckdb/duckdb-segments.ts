/**
 * The segments in their own DuckDB file beside the measurement store (segment-store.ts), kept as
 * every kind of saved definition is (duckdb-definitions.ts).
 */
import { memoryBudget } from '../../memory-budget.js';
import type { OpenDatabase } from './duckdb-copy.js';
import { openDefinitionFile } from './duckdb-definitions.js';
import { SEGMENT_TABLE, segmentStoreOf, type SegmentStore } from '../segment-store.js';

export const SEGMENTS_DB_FILE_NAME = 'segments.duckdb';

export async function openSegmentStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<SegmentStore & OpenDatabase> {
  const rows = await openDefinitionFile(dataDir, SEGMENTS_DB_FILE_NAME, SEGMENT_TABLE, memoryLimitMiB);
  return { ...rows, ...segmentStoreOf(rows) };
}

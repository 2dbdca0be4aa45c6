/**
 * The chart notes in their own DuckDB file beside the measurement store (annotation-store.ts),
 * kept as every kind of saved definition is (duckdb-definitions.ts).
 */
import { memoryBudget } from '../../memory-budget.js';
import type { OpenDatabase } from './duckdb-copy.js';
import { openDefinitionFile } from './duckdb-definitions.js';
import { ANNOTATION_TABLE, annotationStoreOf, type AnnotationStore } from '../annotation-store.js';

export const ANNOTATIONS_DB_FILE_NAME = 'annotations.duckdb';

export async function openAnnotationStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<AnnotationStore & OpenDatabase> {
  const rows = await openDefinitionFile(dataDir, ANNOTATIONS_DB_FILE_NAME, ANNOTATION_TABLE, memoryLimitMiB);
  return { ...rows, ...annotationStoreOf(rows) };
}

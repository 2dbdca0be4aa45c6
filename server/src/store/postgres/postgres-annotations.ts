/**
 * The chart notes in the shared PostgreSQL metadata database (annotation-store.ts), for servers
 * that scale out, kept as every kind of saved definition is (postgres-definitions.ts: its tables
 * are made on open when absent).
 */
import type { MetadataPool } from './postgres-pool.js';
import { postgresDefinitions } from './postgres-definitions.js';
import { ANNOTATION_TABLE, annotationStoreOf, type AnnotationStore } from '../annotation-store.js';

export async function postgresAnnotationStore(pool: MetadataPool): Promise<AnnotationStore> {
  return annotationStoreOf(await postgresDefinitions(pool, ANNOTATION_TABLE));
}

/**
 * Where the chart notes live (protocol annotation.ts): beside the segments, goals and funnels,
 * embedded in annotations.duckdb (duckdb/duckdb-annotations.ts) or, with MESURA_METADATA, in
 * PostgreSQL (postgres/postgres-annotations.ts), kept as every saved definition is
 * (definition-table.ts): by id, with each change and who made it.
 */
import type { Annotation } from '@mesura/protocol';
import type { ChangeAuthor } from './decision-store.js';
import type { DefinitionRows, DefinitionTable } from './definition-table.js';

export interface AnnotationStore {
  /** Every stored note, in id order, as stored (the caller checks them). */
  annotations(): Promise<unknown[]>;
  /** One stored note, or undefined. */
  annotation(id: string): Promise<unknown>;
  /** Replaces or creates the note and records the change; the note before, if any. */
  saveAnnotation(annotation: Annotation, change: ChangeAuthor): Promise<unknown>;
  /** Deletes the note and records the change; false when there was none. */
  deleteAnnotation(id: string, change: ChangeAuthor): Promise<boolean>;
  close(): Promise<void>;
}

/** Where notes are kept, on either engine. */
export const ANNOTATION_TABLE: DefinitionTable = { table: 'annotations', changes: 'annotation_changes', idColumn: 'annotation_id' };

/** The note store over a kind's saved definitions, its methods named for notes. */
export function annotationStoreOf(rows: DefinitionRows): AnnotationStore {
  return {
    annotations: () => rows.definitions(),
    annotation: (id) => rows.definition(id),
    saveAnnotation: (annotation, change) => rows.save(annotation, change),
    deleteAnnotation: (id, change) => rows.remove(id, change),
    close: () => rows.close(),
  };
}

/**
 * Where the segments live (docs/segments.md): beside the goals and funnels, embedded in
 * segments.duckdb (duckdb/duckdb-segments.ts) or, with MESURA_METADATA, in PostgreSQL
 * (postgres/postgres-segments.ts). A segment is kept with its owner (StoredSegment), so that a
 * private one is read back only for them; each change is kept in its history, who and when.
 */
import type { StoredSegment } from '@mesura/protocol';
import type { ChangeAuthor } from './decision-store.js';
import type { DefinitionRows, DefinitionTable } from './definition-table.js';

/** One change of a segment, as its history keeps it. */
export interface SegmentChange {
  /** ISO 8601. */
  at: string;
  /** The e-mail of who made it. */
  by: string;
  /** The segment before the change; null when the change created it. */
  before: StoredSegment | null;
  /** The segment after; null when the change deleted it. */
  after: StoredSegment | null;
}

export interface SegmentStore {
  /** Every stored segment, everyone's, in id order, as stored (the caller checks them and who may see each). */
  segmentDefinitions(): Promise<unknown[]>;
  /** One stored segment, or undefined. */
  segmentDefinition(id: string): Promise<unknown>;
  /** Replaces or creates the segment and records the change, both or neither; the segment before, if any. */
  saveSegment(segment: StoredSegment, change: ChangeAuthor): Promise<unknown>;
  /** Deletes the segment and records the change, both or neither; false when there was none. */
  deleteSegment(id: string, change: ChangeAuthor): Promise<boolean>;
  /** The segment's changes, oldest first (a deleted segment keeps its history). */
  segmentHistory(id: string): Promise<SegmentChange[]>;
  close(): Promise<void>;
}

/** A stored history row as SegmentChange: segments are kept as JSON text on both stores. */
export function segmentChangeOf(row: { at_ms: unknown; by: unknown; before: unknown; after: unknown }): SegmentChange {
  const parse = (text: unknown) => (typeof text === 'string' ? (JSON.parse(text) as StoredSegment) : null);
  return { at: new Date(Number(row.at_ms)).toISOString(), by: String(row.by), before: parse(row.before), after: parse(row.after) };
}

/** Where segments are kept, on either engine (duckdb/duckdb-definitions.ts, postgres/postgres-definitions.ts). */
export const SEGMENT_TABLE: DefinitionTable = { table: 'segments', changes: 'segment_changes', idColumn: 'segment_id' };

/** The segment store over a kind's saved definitions, its methods named for segments. */
export function segmentStoreOf(rows: DefinitionRows): SegmentStore {
  return {
    segmentDefinitions: () => rows.definitions(),
    segmentDefinition: (id) => rows.definition(id),
    saveSegment: (segment, change) => rows.save(segment, change),
    deleteSegment: (id, change) => rows.remove(id, change),
    segmentHistory: async (id) => (await rows.history(id)).map(segmentChangeOf),
    close: () => rows.close(),
  };
}

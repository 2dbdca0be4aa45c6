/**
 * Editors' and analysts' saved definitions (site goals, funnels, segments) are kept alike on both
 * engines: a table of JSON definitions by id and a table of their changes, each with who made it
 * and the definition before and after. One kind's names (DefinitionTable) and the store every
 * kind's is made from (DefinitionRows): duckdb/duckdb-definitions.ts and
 * postgres/postgres-definitions.ts implement it once; goal-store.ts, funnel-store.ts and
 * segment-store.ts name its methods for their kind.
 */
import type { ChangeAuthor } from './decision-store.js';

export interface DefinitionTable {
  /** The definitions' table (`goals`). */
  table: string;
  /** Their changes' table (`goal_changes`). */
  changes: string;
  /** The changes' column naming the definition (`goal_id`). */
  idColumn: string;
}

/** A change as stored: epoch ms, who, and the JSON texts before and after (null: created, deleted). */
export interface DefinitionChangeRow {
  at_ms: unknown;
  by: unknown;
  before: unknown;
  after: unknown;
}

export interface DefinitionRows {
  /** Every stored definition, in id order, as stored (the caller checks them). */
  definitions(): Promise<unknown[]>;
  /** One stored definition, or undefined. */
  definition(id: string): Promise<unknown>;
  /** Replaces or creates the definition and records the change, both or neither; the definition before, if any. */
  save(definition: { id: string }, change: ChangeAuthor): Promise<unknown>;
  /** Deletes the definition and records the change, both or neither; false when there was none. */
  remove(id: string, change: ChangeAuthor): Promise<boolean>;
  /** The definition's changes, oldest first (a deleted one keeps its history). */
  history(id: string): Promise<DefinitionChangeRow[]>;
  close(): Promise<void>;
}

/** A stored definition's JSON text read back, or undefined. */
export const parsedDefinition = (text: string | undefined): unknown => (text === undefined ? undefined : (JSON.parse(text) as unknown));

/**
 * Where the site goals' definitions live (docs/goals.md): beside the other editor-managed
 * metadata, embedded in goals.duckdb (duckdb/duckdb-goals.ts) or, with MESURA_METADATA, in
 * PostgreSQL (postgres/postgres-goals.ts). Each change is kept in the goal's history, who and
 * when, with the definition before and after, as the activities' history is.
 */
import type { GoalDefinition } from '@mesura/protocol';
import type { ChangeAuthor } from './decision-store.js';
import type { DefinitionRows, DefinitionTable } from './definition-table.js';

/** One change of a goal, as its history keeps it. */
export interface GoalChange {
  /** ISO 8601. */
  at: string;
  /** The e-mail of who made it. */
  by: string;
  /** The definition before the change; null when the change created the goal. */
  before: GoalDefinition | null;
  /** The definition after; null when the change deleted it. */
  after: GoalDefinition | null;
}

export interface GoalStore {
  /** Every stored definition, in id order, as stored (the caller checks them). */
  goalDefinitions(): Promise<unknown[]>;
  /** One stored definition, or undefined. */
  goalDefinition(id: string): Promise<unknown>;
  /** Replaces or creates the goal and records the change, both or neither; the definition before, if any. */
  saveGoal(goal: GoalDefinition, change: ChangeAuthor): Promise<unknown>;
  /** Deletes the goal and records the change, both or neither; false when there was none. */
  deleteGoal(id: string, change: ChangeAuthor): Promise<boolean>;
  /** The goal's changes, oldest first (a deleted goal keeps its history). */
  goalHistory(id: string): Promise<GoalChange[]>;
  close(): Promise<void>;
}

/** A stored history row as GoalChange: definitions are kept as JSON text on both stores. */
export function goalChangeOf(row: { at_ms: unknown; by: unknown; before: unknown; after: unknown }): GoalChange {
  const parse = (text: unknown) => (typeof text === 'string' ? (JSON.parse(text) as GoalDefinition) : null);
  return { at: new Date(Number(row.at_ms)).toISOString(), by: String(row.by), before: parse(row.before), after: parse(row.after) };
}

/** Where goals are kept, on either engine (duckdb/duckdb-definitions.ts, postgres/postgres-definitions.ts). */
export const GOAL_TABLE: DefinitionTable = { table: 'goals', changes: 'goal_changes', idColumn: 'goal_id' };

/** The goal store over a kind's saved definitions, its methods named for goals. */
export function goalStoreOf(rows: DefinitionRows): GoalStore {
  return {
    goalDefinitions: () => rows.definitions(),
    goalDefinition: (id) => rows.definition(id),
    saveGoal: (goal, change) => rows.save(goal, change),
    deleteGoal: (id, change) => rows.remove(id, change),
    goalHistory: async (id) => (await rows.history(id)).map(goalChangeOf),
    close: () => rows.close(),
  };
}

/**
 * Where the funnels' definitions live (docs/funnels.md): beside the goals, embedded in
 * funnels.duckdb (duckdb/duckdb-funnels.ts) or, with MESURA_METADATA, in PostgreSQL
 * (postgres/postgres-funnels.ts). Each change is kept in the funnel's history, who and when, with
 * the definition before and after, as a goal's is (goal-store.ts).
 */
import type { FunnelDefinition } from '@mesura/protocol';
import type { ChangeAuthor } from './decision-store.js';
import type { DefinitionRows, DefinitionTable } from './definition-table.js';

/** One change of a funnel, as its history keeps it. */
export interface FunnelChange {
  /** ISO 8601. */
  at: string;
  /** The e-mail of who made it. */
  by: string;
  /** The definition before the change; null when the change created the funnel. */
  before: FunnelDefinition | null;
  /** The definition after; null when the change deleted it. */
  after: FunnelDefinition | null;
}

export interface FunnelStore {
  /** Every stored definition, in id order, as stored (the caller checks them). */
  funnelDefinitions(): Promise<unknown[]>;
  /** One stored definition, or undefined. */
  funnelDefinition(id: string): Promise<unknown>;
  /** Replaces or creates the funnel and records the change, both or neither; the definition before, if any. */
  saveFunnel(funnel: FunnelDefinition, change: ChangeAuthor): Promise<unknown>;
  /** Deletes the funnel and records the change, both or neither; false when there was none. */
  deleteFunnel(id: string, change: ChangeAuthor): Promise<boolean>;
  /** The funnel's changes, oldest first (a deleted funnel keeps its history). */
  funnelHistory(id: string): Promise<FunnelChange[]>;
  close(): Promise<void>;
}

/** A stored history row as FunnelChange: definitions are kept as JSON text on both stores. */
export function funnelChangeOf(row: { at_ms: unknown; by: unknown; before: unknown; after: unknown }): FunnelChange {
  const parse = (text: unknown) => (typeof text === 'string' ? (JSON.parse(text) as FunnelDefinition) : null);
  return { at: new Date(Number(row.at_ms)).toISOString(), by: String(row.by), before: parse(row.before), after: parse(row.after) };
}

/** Where funnels are kept, on either engine (duckdb/duckdb-definitions.ts, postgres/postgres-definitions.ts). */
export const FUNNEL_TABLE: DefinitionTable = { table: 'funnels', changes: 'funnel_changes', idColumn: 'funnel_id' };

/** The funnel store over a kind's saved definitions, its methods named for funnels. */
export function funnelStoreOf(rows: DefinitionRows): FunnelStore {
  return {
    funnelDefinitions: () => rows.definitions(),
    funnelDefinition: (id) => rows.definition(id),
    saveFunnel: (funnel, change) => rows.save(funnel, change),
    deleteFunnel: (id, change) => rows.remove(id, change),
    funnelHistory: async (id) => (await rows.history(id)).map(funnelChangeOf),
    close: () => rows.close(),
  };
}

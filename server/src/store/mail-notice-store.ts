/**
 * Where the mailed reports' subscriptions, the alert rules and the alerts they fired live: one kind
 * of saved definitions (definition-table.ts) in a DuckDB file of its own beside the measurement
 * store (duckdb/duckdb-mail-notices.ts) or, with MESURA_METADATA, in PostgreSQL
 * (postgres/postgres-mail-notices.ts), so that every server of a cluster reads the same ones. The
 * three sorts share the table (one file and one instance, not three, on every start), told apart
 * by a prefix of their ids; each is kept as JSON with its owner's e-mail, and the routes check
 * what they read back.
 */
import type { ChangeAuthor } from './decision-store.js';
import type { DefinitionRows, DefinitionTable } from './definition-table.js';

export const MAIL_NOTICE_TABLE: DefinitionTable = { table: 'mail_notices', changes: 'mail_notice_changes', idColumn: 'notice_id' };

export type MailNoticeKind = 'subscription' | 'alert-rule' | 'fired-alert';

/** The definitions of one sort, as if they had the table to themselves. */
export interface MailNoticeRows {
  definitions(): Promise<unknown[]>;
  definition(id: string): Promise<unknown>;
  save(definition: { id: string }, change: ChangeAuthor): Promise<unknown>;
  remove(id: string, change: ChangeAuthor): Promise<boolean>;
}

export interface MailNoticeStore {
  subscriptions: MailNoticeRows;
  alertRules: MailNoticeRows;
  firedAlerts: MailNoticeRows;
  close(): Promise<void>;
}

function rowsOfKind(rows: DefinitionRows, kind: MailNoticeKind): MailNoticeRows {
  const prefix = `${kind}:`;
  const unprefixed = (stored: unknown) => {
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { id, ...rest } = stored as Record<string, unknown>;
    return typeof id === 'string' && id.startsWith(prefix) ? { ...rest, id: id.slice(prefix.length) } : undefined;
  };
  return {
    definitions: async () => (await rows.definitions()).flatMap((stored) => unprefixed(stored) ?? []),
    definition: async (id) => unprefixed(await rows.definition(prefix + id)),
    save: async (definition, change) => unprefixed(await rows.save({ ...definition, id: prefix + definition.id }, change)),
    remove: (id, change) => rows.remove(prefix + id, change),
  };
}

export function mailNoticeStoreOf(rows: DefinitionRows): MailNoticeStore {
  return {
    subscriptions: rowsOfKind(rows, 'subscription'),
    alertRules: rowsOfKind(rows, 'alert-rule'),
    firedAlerts: rowsOfKind(rows, 'fired-alert'),
    close: () => rows.close(),
  };
}

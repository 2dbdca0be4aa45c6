/**
 * The metadata half of the move-to-cluster command (move/move-metadata.ts), as SQL: the embedded
 * metadata tables and the PostgreSQL tables of the same names that metadata-migrations.ts makes,
 * column by column, parents before children (the foreign keys of sessions and api_tokens name
 * users), and the PostgreSQL statements that check and fill them. The embedded files keep some
 * times as TIMESTAMP_MS where PostgreSQL keeps epoch ms (`*_ms` bigints); those columns say how they
 * are read (duckdb/move-source-sql.ts builds the read). Every name here is the code's own: the
 * move builds its SQL from this table only, and values are bound parameters.
 */
import type { EmbeddedFile, MetadataRead } from '../duckdb/move-source-sql.js';

export interface MetadataColumn {
  /** The PostgreSQL column. */
  name: string;
  /** The DuckDB expression read into it, when it is not the column of the same name as it is. */
  read?: string;
}

export interface MetadataTable extends MetadataRead {
  name: string;
  /** The embedded file that holds it. */
  file: EmbeddedFile;
  columns: readonly MetadataColumn[];
  /** A stable order; the tables with a serial `seq` (account_audit, activity_changes) number rows in it. */
  orderBy: string;
  /** Rows the foreign keys would refuse (a session or token of a deleted user) are not read. */
  where?: string;
  /**
   * What a cluster's first start puts there by itself (the site's content, the site's activities
   * with their `system` history): the move replaces it. Any other row in a target table stops the move.
   */
  seededByFirstStart?: true;
}

/** A TIMESTAMP_MS column read as the epoch ms PostgreSQL keeps, as text (bigints travel as text, exact). */
const epochMs = (column: string): string => `CAST(epoch_ms(${column}) AS VARCHAR)`;
/** A BIGINT or INTEGER column as text. */
const integer = (column: string): string => `CAST(${column} AS VARCHAR)`;

const same = (...names: string[]): MetadataColumn[] => names.map((name) => ({ name }));

export const METADATA_TABLES: readonly MetadataTable[] = [
  {
    name: 'users',
    file: 'events',
    columns: [...same('id', 'email', 'role', 'password_hash', 'must_change_password'), { name: 'created_at_ms', read: integer('created_at_ms') }],
    orderBy: 'created_at_ms, id',
  },
  {
    name: 'sessions',
    file: 'events',
    columns: [...same('secret_hash', 'user_id'), { name: 'created_at_ms', read: integer('created_at_ms') }, { name: 'last_seen_at_ms', read: integer('last_seen_at_ms') }],
    orderBy: 'created_at_ms, secret_hash',
    where: 'user_id IN (SELECT id FROM events.users)',
  },
  {
    name: 'api_tokens',
    file: 'events',
    columns: [...same('id', 'user_id', 'name', 'role', 'secret_hash'), { name: 'created_at_ms', read: integer('created_at_ms') }, { name: 'last_used_at_ms', read: integer('last_used_at_ms') }],
    orderBy: 'created_at_ms, id',
    where: 'user_id IN (SELECT id FROM events.users)',
  },
  // The embedded audit is read newest first by rowid; seq keeps that order.
  { name: 'account_audit', file: 'events', columns: [{ name: 'at_ms', read: integer('at_ms') }, ...same('actor_id', 'action', 'subject')], orderBy: 'rowid' },
  {
    name: 'activities',
    file: 'events',
    columns: [...same('id', 'definition'), { name: 'updated_at_ms', read: epochMs('updated_at') }],
    orderBy: 'id',
    seededByFirstStart: true,
  },
  {
    name: 'activity_changes',
    file: 'events',
    columns: [{ name: 'activity_id' }, { name: 'change_no', read: integer('change_no') }, { name: 'changed_at_ms', read: epochMs('changed_at') }, ...same('changed_by', 'before', 'after')],
    orderBy: 'changed_at, activity_id, change_no',
    seededByFirstStart: true,
  },
  {
    name: 'content_documents',
    file: 'content',
    columns: [...same('kind', 'id'), { name: 'position', read: integer('position') }, { name: 'body' }],
    orderBy: 'kind, position, id',
    seededByFirstStart: true,
  },
  {
    name: 'poll_answers',
    file: 'engagement',
    columns: [...same('poll_id', 'participant_id', 'option_id'), { name: 'answered_at_ms', read: epochMs('answered_at') }],
    orderBy: 'answered_at, poll_id, participant_id',
  },
  {
    name: 'newsletter_subscribers',
    file: 'engagement',
    columns: [{ name: 'email' }, { name: 'subscribed_at_ms', read: epochMs('subscribed_at') }, { name: 'confirm_token_hash' }, { name: 'confirm_expires_ms', read: integer('confirm_expires_ms') }],
    orderBy: 'subscribed_at, email',
  },
  {
    name: 'visitor_accounts',
    file: 'visitors',
    columns: [
      ...same('id', 'email', 'name', 'password_hash'),
      { name: 'created_at_ms', read: epochMs('created_at') },
      { name: 'confirm_token_hash' },
      { name: 'confirm_expires_ms', read: integer('confirm_expires_ms') },
      // Not carried: a reset link lives an hour, and a folder last opened by the release before
      // has no such columns to read (they come with the store's open, not a numbered step).
      // A link mailed before the move stops working; the visitor asks for a new one.
      { name: 'reset_token_hash', read: 'NULL' },
      { name: 'reset_expires_ms', read: 'NULL' },
    ],
    orderBy: 'created_at, id',
  },
  { name: 'visitor_sessions', file: 'visitors', columns: [...same('secret_hash', 'visitor_id'), { name: 'last_seen_ms', read: integer('last_seen_ms') }], orderBy: 'last_seen_ms, secret_hash' },
  {
    name: 'visitor_list',
    file: 'visitors',
    columns: [...same('visitor_id', 'item_type', 'item_id'), { name: 'added_ms', read: integer('added_ms') }],
    orderBy: 'added_ms, visitor_id, item_type, item_id',
  },
  { name: 'goals', file: 'goals', columns: same('id', 'definition'), orderBy: 'id' },
  { name: 'goal_changes', file: 'goals', columns: [{ name: 'goal_id' }, { name: 'at_ms', read: integer('at_ms') }, ...same('by_whom', 'before', 'after')], orderBy: 'at_ms, goal_id' },
  { name: 'funnels', file: 'funnels', columns: same('id', 'definition'), orderBy: 'id' },
  {
    name: 'funnel_changes',
    file: 'funnels',
    columns: [{ name: 'funnel_id' }, { name: 'at_ms', read: integer('at_ms') }, ...same('by_whom', 'before', 'after')],
    orderBy: 'at_ms, funnel_id',
  },
  { name: 'segments', file: 'segments', columns: same('id', 'definition'), orderBy: 'id' },
  {
    name: 'segment_changes',
    file: 'segments',
    columns: [{ name: 'segment_id' }, { name: 'at_ms', read: integer('at_ms') }, ...same('by_whom', 'before', 'after')],
    orderBy: 'at_ms, segment_id',
  },
  { name: 'annotations', file: 'annotations', columns: same('id', 'definition'), orderBy: 'id' },
  {
    name: 'annotation_changes',
    file: 'annotations',
    columns: [{ name: 'annotation_id' }, { name: 'at_ms', read: integer('at_ms') }, ...same('by_whom', 'before', 'after')],
    orderBy: 'at_ms, annotation_id',
  },
  { name: 'dashboards', file: 'dashboards', columns: same('id', 'definition'), orderBy: 'id' },
  {
    name: 'dashboard_changes',
    file: 'dashboards',
    columns: [{ name: 'dashboard_id' }, { name: 'at_ms', read: integer('at_ms') }, ...same('by_whom', 'before', 'after')],
    orderBy: 'at_ms, dashboard_id',
  },
  // The subscriptions, alert rules and fired alerts share one table (mail-notice-store.ts).
  { name: 'mail_notices', file: 'notices', columns: same('id', 'definition'), orderBy: 'id' },
  {
    name: 'mail_notice_changes',
    file: 'notices',
    columns: [{ name: 'notice_id' }, { name: 'at_ms', read: integer('at_ms') }, ...same('by_whom', 'before', 'after')],
    orderBy: 'at_ms, notice_id',
  },
];

/** Locks every metadata table: servers starting meanwhile wait for the commit, then find the tables filled and seed nothing. */
export function lockMetadataTablesSql(): string {
  return `LOCK TABLE ${METADATA_TABLES.map((table) => table.name).join(', ')} IN EXCLUSIVE MODE`;
}

/** Empties a seeded table before the embedded server's rows replace it. */
export function deleteAllRowsSql(table: string): string {
  return `DELETE FROM ${table}`;
}

/** A table's row count, as `n`. */
export function countRowsSql(table: string): string {
  return `SELECT count(*)::bigint AS n FROM ${table}`;
}

/** Changes of activities by anyone but the seed's author (binds `$1`, SEED_AUTHOR), as `n`. */
export const NON_SEED_CHANGES_SQL = 'SELECT count(*)::bigint AS n FROM activity_changes WHERE changed_by <> $1';

/** An INSERT of `rowCount` rows: placeholders `$1…` row by row, column by column, as the values are bound. */
export function insertRowsSql(table: string, columns: readonly string[], rowCount: number): string {
  const tuples = Array.from({ length: rowCount }, (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`;
}

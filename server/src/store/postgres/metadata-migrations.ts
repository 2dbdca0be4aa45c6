/**
 * The metadata schema as numbered steps of plain SQL. A database records the steps it has in
 * schema_version; at start the missing ones run, all in one transaction, so a server that fails
 * half-way leaves the schema as it found it. A step, once released, is never edited: a change is
 * a new step. Columns mirror the embedded tables (store/duckdb/duckdb-accounts.ts, duckdb-decisions.ts,
 * content/content-store.ts, engagement/engagement-store.ts, visitors/visitor-store.ts) so both
 * engines read rows the same way (store/account-rows.ts).
 */
import { OperatorError } from '../../operator-error.js';
import type { MetadataPool } from './postgres-pool.js';
import { FUNNEL_TABLE } from '../funnel-store.js';
import { GOAL_TABLE } from '../goal-store.js';
import { SEGMENT_TABLE } from '../segment-store.js';
import { ANNOTATION_TABLE } from '../annotation-store.js';
import { DASHBOARD_TABLE } from '../dashboard-store.js';
import { MAIL_NOTICE_TABLE } from '../mail-notice-store.js';
import { postgresDefinitionTablesSql } from './postgres-definitions.js';

export interface Migration {
  version: number;
  /** Said in the start-up log when it runs. */
  name: string;
  sql: string;
}

export const METADATA_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts',
    sql: `
CREATE TABLE users (id text PRIMARY KEY, email text NOT NULL UNIQUE, role text NOT NULL, password_hash text NOT NULL,
  must_change_password boolean NOT NULL, created_at_ms bigint NOT NULL);
CREATE TABLE sessions (secret_hash text PRIMARY KEY, user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at_ms bigint NOT NULL, last_seen_at_ms bigint NOT NULL);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at_ms);
CREATE TABLE api_tokens (id text PRIMARY KEY, user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE, name text NOT NULL,
  role text NOT NULL, secret_hash text NOT NULL UNIQUE, created_at_ms bigint NOT NULL, last_used_at_ms bigint);
CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
-- seq orders the entries of one millisecond, as DuckDB's rowid does for the embedded audit.
CREATE TABLE account_audit (seq bigserial PRIMARY KEY, at_ms bigint NOT NULL, actor_id text, action text NOT NULL, subject text);
CREATE INDEX account_audit_newest ON account_audit (at_ms DESC, seq DESC);`,
  },
  {
    version: 2,
    name: 'activities',
    sql: `
CREATE TABLE activities (id text PRIMARY KEY, definition text NOT NULL, updated_at_ms bigint NOT NULL);
-- Every change, kept for ever: its row count only grows, the catalog's cheap version to poll.
CREATE TABLE activity_changes (seq bigserial PRIMARY KEY, activity_id text NOT NULL, change_no bigint NOT NULL,
  changed_at_ms bigint NOT NULL, changed_by text NOT NULL, before text, after text NOT NULL, UNIQUE (activity_id, change_no));`,
  },
  {
    version: 3,
    name: 'content',
    sql: `
CREATE TABLE content_documents (kind text NOT NULL, id text NOT NULL, position integer NOT NULL, body text NOT NULL,
  PRIMARY KEY (kind, id));`,
  },
  {
    version: 4,
    name: 'engagement',
    sql: `
CREATE TABLE poll_answers (poll_id text NOT NULL, participant_id text NOT NULL, option_id text NOT NULL,
  answered_at_ms bigint NOT NULL, PRIMARY KEY (poll_id, participant_id));
CREATE TABLE newsletter_subscribers (email text PRIMARY KEY, subscribed_at_ms bigint NOT NULL);`,
  },
  {
    version: 5,
    name: 'visitor accounts',
    sql: `
CREATE TABLE visitor_accounts (id text PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL, password_hash text NOT NULL,
  created_at_ms bigint NOT NULL);
CREATE TABLE visitor_sessions (secret_hash text PRIMARY KEY, visitor_id text NOT NULL, last_seen_ms bigint NOT NULL);
CREATE TABLE visitor_list (visitor_id text NOT NULL, item_type text NOT NULL, item_id text NOT NULL, added_ms bigint NOT NULL,
  PRIMARY KEY (visitor_id, item_type, item_id));`,
  },
  {
    version: 6,
    name: 'address confirmation',
    // Nullable columns: rows from before the step have no token, that is, count as confirmed.
    sql: `
ALTER TABLE visitor_accounts ADD COLUMN confirm_token_hash text, ADD COLUMN confirm_expires_ms bigint;
CREATE UNIQUE INDEX visitor_accounts_by_confirm_token ON visitor_accounts (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;
CREATE INDEX visitor_accounts_unconfirmed ON visitor_accounts (confirm_expires_ms) WHERE confirm_expires_ms IS NOT NULL;
ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token_hash text, ADD COLUMN confirm_expires_ms bigint;
CREATE UNIQUE INDEX newsletter_subscribers_by_confirm_token ON newsletter_subscribers (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;
CREATE INDEX newsletter_subscribers_unconfirmed ON newsletter_subscribers (confirm_expires_ms) WHERE confirm_expires_ms IS NOT NULL;`,
  },
  {
    version: 7,
    // The stores' own statements (IF NOT EXISTS: a server of the release before made them on open),
    // as a step so that the move to a cluster finds them to fill (move-metadata-sql.ts).
    name: 'site goals and funnels',
    sql: [GOAL_TABLE, FUNNEL_TABLE].flatMap(postgresDefinitionTablesSql).join(';\n'),
  },
  {
    version: 8,
    // As step 7, for the segments.
    name: 'segments',
    sql: postgresDefinitionTablesSql(SEGMENT_TABLE).join(';\n'),
  },
  {
    version: 9,
    // As step 7, for the chart notes.
    name: 'chart notes',
    sql: postgresDefinitionTablesSql(ANNOTATION_TABLE).join(';\n'),
  },
  {
    version: 10,
    // As step 7, for the dashboards.
    name: 'dashboards',
    sql: postgresDefinitionTablesSql(DASHBOARD_TABLE).join(';\n'),
  },
  {
    version: 11,
    // As step 7, for the mailed reports' subscriptions, the alert rules and the alerts they fired.
    name: 'mailed reports and alerts',
    sql: postgresDefinitionTablesSql(MAIL_NOTICE_TABLE).join(';\n'),
  },
  {
    version: 12,
    name: 'visitor password reset',
    // Nullable columns: no account had asked for a reset before the step.
    sql: `
ALTER TABLE visitor_accounts ADD COLUMN reset_token_hash text, ADD COLUMN reset_expires_ms bigint;
CREATE UNIQUE INDEX visitor_accounts_by_reset_token ON visitor_accounts (reset_token_hash) WHERE reset_token_hash IS NOT NULL;
CREATE INDEX visitor_sessions_by_visitor ON visitor_sessions (visitor_id);`,
  },
];

/**
 * Serialises the migrations of processes that start together (two decision servers of a cluster):
 * the second waits, then finds the steps done. Any fixed number: it names this lock in pg_locks.
 */
const MIGRATION_LOCK_KEY = 0x6d657375; // "mesu"

/** Brings the schema to the newest step; answers the steps it ran. */
export async function migrateMetadata(pool: MetadataPool, migrations: readonly Migration[] = METADATA_MIGRATIONS): Promise<Migration[]> {
  return pool.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await sql.query('CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at_ms bigint NOT NULL)');
    const { rows } = await sql.query('SELECT coalesce(max(version), 0) AS version FROM schema_version');
    const current = Number(rows[0]?.version ?? 0);
    const newest = migrations.at(-1)?.version ?? 0;
    if (current > newest) {
      // The transaction rolls back: the database is left as it was.
      throw new OperatorError(
        `the metadata database is at schema version ${current}, newer than this Mesura knows (${newest}): it was written by a newer release and is left unchanged; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`,
      );
    }
    const pending = migrations.filter((migration) => migration.version > current);
    for (const migration of pending) {
      await sql.query(migration.sql);
      await sql.query(`INSERT INTO schema_version (version, applied_at_ms) VALUES ($1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)`, [migration.version]);
    }
    return pending;
  });
}

/**
 * The numbered steps of the embedded metadata files beside mesura.duckdb (content.duckdb,
 * engagement.duckdb, visitors.duckdb; accounts and activities live in mesura.duckdb,
 * events-file-migrations.ts). Each store makes or completes its tables on every start; step 1
 * records that baseline. Numbers run across the whole data folder (data-folder-version.ts).
 */
import type { DuckDbMigration } from './duckdb-schema-version.js';

const BASELINE: DuckDbMigration = { version: 1, name: 'baseline: the tables of 2026-11-26, made or completed', run: async () => undefined };

export const CONTENT_FILE_MIGRATIONS: readonly DuckDbMigration[] = [BASELINE];
export const ENGAGEMENT_FILE_MIGRATIONS: readonly DuckDbMigration[] = [BASELINE];
export const VISITORS_FILE_MIGRATIONS: readonly DuckDbMigration[] = [BASELINE];

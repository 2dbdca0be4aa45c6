/**
 * The PostgreSQL of the tests: MESURA_TEST_POSTGRES (.ci/run starts one with
 * scripts/services/postgres.sh and sets it). Each test works in a schema of its own with a random
 * suffix, dropped after, so tests running at once never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgresMetadata, type PostgresMetadata } from '../../src/store/postgres/postgres-metadata.js';
import { openMetadataPool, type MetadataPool } from '../../src/store/postgres/postgres-pool.js';
import { parsePostgresUrl, type PostgresUrl } from '../../src/store/postgres/postgres-url.js';

const SKIP_REASON = 'MESURA_TEST_POSTGRES is unset: PostgreSQL tests skipped (scripts/services/postgres.sh start, then set it to the url it prints)';

/** The test database, or undefined to skip; under CI=true a missing one fails instead. */
export function testPostgres(): PostgresUrl | undefined {
  const value = process.env.MESURA_TEST_POSTGRES;
  if (value) return parsePostgresUrl('MESURA_TEST_POSTGRES', value);
  if (process.env.CI === 'true') throw new Error('MESURA_TEST_POSTGRES must be set under CI=true (.ci/run sets it)');
  console.warn(SKIP_REASON);
  return undefined;
}

/** A fresh schema name: mesura_t_ and 12 hex digits. */
export function testSchemaName(): string {
  return `mesura_t_${randomBytes(6).toString('hex')}`;
}

const quiet = () => undefined;

export interface TestSchema {
  schema: string;
  /** Opens the metadata in the schema, as one more server process would. */
  open(): Promise<PostgresMetadata>;
  /** A bare pool in the schema, for looking at tables directly. */
  pool(): Promise<MetadataPool>;
  /** Closes what it opened and drops the schema. */
  drop(): Promise<void>;
}

export function testSchema(url: PostgresUrl): TestSchema {
  const schema = testSchemaName();
  const opened: { close(): Promise<void> }[] = [];
  return {
    schema,
    async open() {
      const metadata = await openPostgresMetadata(url, { schema, onIdleError: quiet });
      opened.push(metadata);
      return metadata;
    },
    async pool() {
      const pool = await openMetadataPool(url, { schema, onIdleError: quiet });
      opened.push(pool);
      return pool;
    },
    async drop() {
      for (const each of opened.splice(0)) await each.close();
      const client = new pg.Client({ connectionString: url.connectionString });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

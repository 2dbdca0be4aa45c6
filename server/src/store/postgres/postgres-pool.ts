/**
 * The metadata's connections to PostgreSQL: one pool per process, every statement with its values
 * bound ($1, $2 …), and transactions that commit whole or roll back whole.
 */
import pg from 'pg';
import { isNetworkFailure } from '../network-failure.js';
import type { PostgresUrl } from './postgres-url.js';

/**
 * Connections one process holds at most. Metadata traffic is small (sign-ins, session touches,
 * an activity poll every few seconds); the rest of PostgreSQL's max_connections (100 by default)
 * is left to the other processes of a cluster.
 */
export const METADATA_POOL_CONNECTIONS = 5;
/** How long a connection attempt may take before the statement fails (a down server must not hang requests). */
export const METADATA_CONNECT_TIMEOUT_MS = 5000;
/**
 * The longest a metadata statement may run before PostgreSQL cancels it: a sign-in or a poll must
 * fail rather than hang a request when the database is stuck. Every statement here takes
 * milliseconds (the largest, the first start's content seed, well under a second).
 */
export const METADATA_STATEMENT_TIMEOUT_MS = 10_000;
/** A schema name tests may choose (their own, with a random suffix): an SQL identifier needing no quotes. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export type SqlParameter = string | number | boolean | null | readonly (string | number)[];
export type PgRow = Record<string, unknown>;

/** Runs statements; a pool outside transactions, one client inside. */
export interface Sql {
  query(text: string, values?: readonly SqlParameter[]): Promise<{ rows: PgRow[]; rowCount: number }>;
}

export interface MetadataPool extends Sql {
  /** Runs `work` in one transaction on one connection: COMMIT when it returns, ROLLBACK when it throws. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface MetadataPoolOptions {
  /** A schema to work in instead of `public` (tests: one each). Made when absent. */
  schema?: string;
  /** Errors of idle connections (the server restarted): logged, the pool reconnects on next use. */
  onIdleError: (error: Error) => void;
}

/** A first connection that failed; the message names the database without its password. */
export class MetadataConnectError extends Error {
  readonly code = 'MESURA_ERR_METADATA_CONNECT';
  constructor(
    message: string,
    /** Whether the failure may pass by itself (metadataFailurePasses): a collector waits for it; otherwise the start fails. */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** pg's own errors of a server that does not answer in time, or drops the connection. */
const PG_TIMEOUT_MESSAGE = /^(timeout expired|timeout exceeded when trying to connect|Connection terminated)/;

/**
 * Whether a first connection's failure may pass without a change of settings: no connection or
 * no answer in time (pg's own "timeout expired", "timeout exceeded when trying to connect",
 * "Connection terminated…"), or PostgreSQL saying it cannot serve now (SQLSTATE class 08
 * connection, 53 resources such as too many clients, 57P01–57P03 shutting down or starting up).
 * A wrong password (28…), an unknown database (3D000) or a TLS or password setting the client
 * refuses are not: waiting would not mend them.
 */
export function metadataFailurePasses(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) {
    const state = error.code ?? '';
    return state.startsWith('08') || state.startsWith('53') || /^57P0[123]$/.test(state);
  }
  return isNetworkFailure(error, PG_TIMEOUT_MESSAGE);
}

export async function openMetadataPool(url: PostgresUrl, options: MetadataPoolOptions): Promise<MetadataPool> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`metadata schema '${schema}' must be lower-case letters, digits and _`);
  const pool = new pg.Pool({
    connectionString: url.connectionString,
    max: METADATA_POOL_CONNECTIONS,
    connectionTimeoutMillis: METADATA_CONNECT_TIMEOUT_MS,
    statement_timeout: METADATA_STATEMENT_TIMEOUT_MS,
    // Set as the connection starts, before any statement (SCHEMA_NAME needs no quoting).
    ...(schema !== undefined && { options: `-c search_path=${schema}` }),
  });
  // Without a listener, an idle connection's error (a restart of PostgreSQL) would end the process.
  pool.on('error', (error) => options.onIdleError(error));
  const run: Sql['query'] = async (text, values = []) => {
    const result = await pool.query(text, values as SqlParameter[]);
    return { rows: result.rows as PgRow[], rowCount: result.rowCount ?? 0 };
  };
  try {
    if (schema !== undefined) await run(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
    else await run('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new MetadataConnectError(`cannot reach the metadata database ${url.display}: ${(error as Error).message}`, metadataFailurePasses(error));
  }
  return {
    query: run,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const sql: Sql = {
          query: async (text, values = []) => {
            const result = await client.query(text, values as SqlParameter[]);
            return { rows: result.rows as PgRow[], rowCount: result.rowCount ?? 0 };
          },
        };
        const result = await work(sql);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

import { ClickHouseError, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import type { ClickHouseLocation } from './clickhouse-url.js';

/**
 * How the store talks to ClickHouse: statements as text (every value in them written by
 * sql-literal.ts), answers as rows. One adapter, over @clickhouse/client, talks to a real server;
 * tests wrap it to lose answers or fail on purpose. SQL names its tables with their database
 * (`db.hits`), so one transport serves a database that does not exist yet.
 */
export interface ClickHouseTransport {
  /** Runs a statement that answers no rows: DDL, `INSERT … VALUES`. */
  command(sql: string, options?: StatementOptions): Promise<void>;
  /** Runs a SELECT and answers its rows as JSON objects (64-bit integers as strings). */
  query<Row = Record<string, unknown>>(sql: string, options?: StatementOptions): Promise<Row[]>;
  close(): Promise<void>;
}

export interface StatementOptions {
  /**
   * ClickHouse's query id: a server refuses a second query with an id that is still running, and
   * shows it in system.processes while it runs (event-batch-writer.ts relies on both). Default a
   * random id.
   */
  queryId?: string;
}

/** A statement ClickHouse refused, with its numeric code (e.g. 60: unknown table). */
export class ClickHouseQueryError extends Error {
  constructor(
    readonly clickHouseCode: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** ClickHouse's code for "a query with this id is already running". */
export const QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING = 216;

/**
 * How long one statement may take before the client gives up on its answer (the statement may still
 * complete on the server: the batch writer is built for that). A batch of a few thousand rows
 * takes well under a second on a loaded machine.
 */
export const CLICKHOUSE_REQUEST_TIMEOUT_MS = 30_000;

export interface TransportOptions {
  /** Default CLICKHOUSE_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  /** The database unqualified table names are in (the report reader's); default the server's own. */
  database?: string;
  /**
   * The longest statement the server parses (its max_query_size, 256 KiB by default), for statements
   * that carry long values as literals (18.16 has no query parameters); default the server's.
   */
  maxQueryBytes?: number;
}

/**
 * A transport over @clickhouse/client, which works with Debian's ClickHouse 18.16 as used here:
 * DDL and `INSERT … VALUES` through `command`, SELECT through `query` in JSONEachRow. Its `insert`
 * is not used: its default format, JSONCompactEachRow, is unknown to 18.16, and values written by
 * sql-literal.ts keep one escaping path for every engine version.
 */
export function createClickHouseTransport(location: ClickHouseLocation, options: TransportOptions = {}): ClickHouseTransport {
  const client = createClient({
    url: location.endpoint,
    username: location.username,
    password: location.password,
    request_timeout: options.requestTimeoutMs ?? CLICKHOUSE_REQUEST_TIMEOUT_MS,
    ...(options.database !== undefined && { database: options.database }),
    clickhouse_settings: {
      ...JSON_QUOTED_INTEGERS,
      ...(options.maxQueryBytes !== undefined && { max_query_size: String(options.maxQueryBytes) }),
    },
    // The client logs failed requests itself; the store reports them once, through its caller.
    log: { level: ClickHouseLogLevel.OFF },
  });
  return {
    async command(sql, statement = {}) {
      await translateErrors(() => client.command({ query: sql, ...queryId(statement) }));
    },
    async query<Row>(sql: string, statement: StatementOptions = {}) {
      return translateErrors(async () => {
        const result = await client.query({ query: sql, format: 'JSONEachRow', ...queryId(statement) });
        return result.json<Row>();
      });
    },
    close: () => client.close(),
  };
}

/**
 * 64-bit integers as JSON strings, as `query` promises: 18.16 writes them so by default, ClickHouse
 * 25.8 and later write them as JSON numbers, which lose precision past 2^53 once parsed.
 */
const JSON_QUOTED_INTEGERS = { output_format_json_quote_64bit_integers: 1 } as const;

function queryId(options: StatementOptions): { query_id?: string } {
  return options.queryId === undefined ? {} : { query_id: options.queryId };
}

/**
 * ClickHouse's errors as ClickHouseQueryError with the first line of the server's message and its
 * code. The client parses only current servers' messages (`Code: 57. DB::Exception: … (TYPE)`) and
 * keeps the text after `DB::Exception:`, so the code is written back before it, as 18.16's
 * `Code: 57, e.displayText() = DB::Exception: …` (passed on as a plain Error) already has it.
 */
async function translateErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ClickHouseError) {
      const code = Number(error.code);
      const known = Number.isInteger(code) ? code : undefined;
      const prefix = known === undefined ? '' : `Code: ${known}. `;
      throw new ClickHouseQueryError(known, `ClickHouse: ${prefix}${error.message.split('\n')[0]}`);
    }
    const old = error instanceof Error ? OLD_SERVER_ERROR.exec(error.message) : null;
    if (old) throw new ClickHouseQueryError(Number(old[1]), `ClickHouse: ${error instanceof Error ? error.message.split('\n')[0] : ''}`);
    throw error;
  }
}

/** How ClickHouse 18 begins an error: `Code: 60, e.displayText() = DB::Exception: …`. */
const OLD_SERVER_ERROR = /^Code: (\d+), e\.displayText\(\)/;

import { OperatorError } from '../../operator-error.js';
import { ClickHouseQueryError, createClickHouseTransport, type ClickHouseTransport, type TransportOptions } from './clickhouse-transport.js';
import { describeClickHouse, parseClickHouseUrl, type ClickHouseLocation } from './clickhouse-url.js';
import { ensureSchema } from './ensure-schema.js';
import { eventTables, type EventTables } from './event-tables.js';
import { EventBatchWriter } from './event-batch-writer.js';
import { isNetworkFailure } from '../network-failure.js';
import { openOnce, type OpenOnce } from '../open-once.js';

export interface OpenClickHouseEventsOptions extends TransportOptions {
  /** MESURA_STORE's value: `clickhouse://user:password@host:port/database`. */
  url: string;
  /** The named variables of the variable map: a nullable text column each in `hits`. */
  variables: readonly string[];
  /** The clock the batch journal is dated by (epoch ms). */
  now: () => number;
  /**
   * What a start does when ClickHouse cannot be reached (no connection, no answer in time): `fail`
   * (the default), or `wait`, for a collector, which acknowledges into its ingest log meanwhile and
   * makes the tables on its first drain. A failure that waiting would not mend (a wrong password, a
   * database it may not make: clickHouseFailurePasses) fails the start either way.
   */
  whileUnreachable?: 'fail' | 'wait';
  /** With `wait`: how long the start asks whether ClickHouse answers at all. Default CLICKHOUSE_START_PROBE_TIMEOUT_MS. */
  startProbeTimeoutMs?: number;
}

/**
 * How long a collector's start waits for any answer from ClickHouse before it goes on without it:
 * a server that drops packets would otherwise hold the start for a whole request timeout
 * (CLICKHOUSE_REQUEST_TIMEOUT_MS), with no beacon acknowledged meanwhile. As the metadata's
 * connect timeout (postgres/postgres-pool.ts METADATA_CONNECT_TIMEOUT_MS).
 */
export const CLICKHOUSE_START_PROBE_TIMEOUT_MS = 5000;

/** The events side of a ClickHouse deployment: its tables, and the writer that fills them (clickhouse-batch-sink.ts). */
export interface ClickHouseEvents {
  location: ClickHouseLocation;
  transport: ClickHouseTransport;
  tables: EventTables;
  writer: EventBatchWriter;
  /** Made at the start, or, after a start that waits, on the first call once ClickHouse answers: await `schema.ready()` before writing. */
  schema: OpenOnce<void>;
  /** Why the tables could not be made at the start (one line), when the start went on without them (`wait`); undefined when they were made. */
  unreachable: ClickHouseStartError | undefined;
  close(): Promise<void>;
}

/** A start that cannot reach ClickHouse or make its tables; the message names the server, never the password. */
export class ClickHouseStartError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_START';
  constructor(
    message: string,
    /** Whether the failure may pass by itself (clickHouseFailurePasses): a collector waits for it; otherwise the start fails. */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/**
 * Connects to the ClickHouse MESURA_STORE names, creates its database and tables when absent (and
 * the columns of variables named since), and returns the writer that fills them.
 * Throws ClickHouseUrlError for a bad URL and ClickHouseStartError when the server refuses, or
 * cannot be reached and `whileUnreachable` is not `wait`.
 */
export async function openClickHouseEvents(options: OpenClickHouseEventsOptions): Promise<ClickHouseEvents> {
  const location = parseClickHouseUrl(options.url);
  const transport = createClickHouseTransport(location, options);
  const tables = eventTables({ variables: options.variables });
  const schema = openOnce(async () => {
    try {
      await ensureSchema(transport, location.database, tables);
    } catch (error) {
      // A database of a newer release: its own line and exit code (schema-version-table.ts).
      if (error instanceof OperatorError) throw error;
      throw startError(location, error);
    }
  });
  const writer = new EventBatchWriter({ transport, database: location.database, tables, now: options.now });
  const events = { location, transport, tables, writer, schema, unreachable: undefined, close: () => transport.close() };
  try {
    if (options.whileUnreachable === 'wait') await answersAtAll(location, options.startProbeTimeoutMs ?? CLICKHOUSE_START_PROBE_TIMEOUT_MS);
    await schema.ready();
    return events;
  } catch (error) {
    if (options.whileUnreachable === 'wait' && (error as ClickHouseStartError).transient) return { ...events, unreachable: error as ClickHouseStartError };
    await transport.close();
    throw error;
  }
}

/** A statement that asks ClickHouse for nothing: whether it answers at all. */
export const PROBE_SQL = 'SELECT 1';

/** Asks ClickHouse for nothing, within `timeoutMs`; fails as a start does when it does not answer. */
async function answersAtAll(location: ClickHouseLocation, timeoutMs: number): Promise<void> {
  const probe = createClickHouseTransport(location, { requestTimeoutMs: timeoutMs });
  try {
    await probe.query(PROBE_SQL);
  } catch (error) {
    throw startError(location, error);
  } finally {
    await probe.close();
  }
}

/** Why the tables could not be made, in one line naming the server and never its password. */
function startError(location: ClickHouseLocation, error: unknown): ClickHouseStartError {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  // ClickHouse's messages do not repeat a password; this one never will.
  const reason = location.password === '' ? message : message.replaceAll(location.password, '***');
  return new ClickHouseStartError(`ClickHouse at ${describeClickHouse(location)} could not make the events tables: ${reason}`, clickHouseFailurePasses(error));
}

/**
 * ClickHouse's codes for a server that answers but cannot serve now: a statement or socket timed
 * out (159, 209), a network error between its nodes (210), too many queries (202), out of memory
 * (241), a table read-only while its replica catches up (242), ZooKeeper or Keeper away (999).
 */
const PASSING_CLICKHOUSE_CODES = new Set([159, 202, 209, 210, 241, 242, 999]);

/** @clickhouse/client's own error for a request with no answer within its timeout. */
const CLIENT_TIMEOUT_MESSAGE = /^Timeout error\./;

/**
 * Whether making the tables failed in a way that may pass without a change of settings: no answer
 * at all (no connection, no answer in time: network-failure.ts), or one of
 * PASSING_CLICKHOUSE_CODES. Any other answer (a wrong password, a database it may not make), or a
 * TLS certificate refused, is a setting to mend.
 */
export function clickHouseFailurePasses(error: unknown): boolean {
  if (!(error instanceof ClickHouseQueryError)) return isNetworkFailure(error, CLIENT_TIMEOUT_MESSAGE);
  return error.clickHouseCode !== undefined && PASSING_CLICKHOUSE_CODES.has(error.clickHouseCode);
}

import { createClickHouseTransport, type ClickHouseTransport, type TransportOptions } from './clickhouse-transport.js';
import { describeClickHouse, parseClickHouseUrl, type ClickHouseLocation } from './clickhouse-url.js';
import { ensureSchema, eventTables, type EventTables } from './ensure-schema.js';
import { EventBatchWriter } from './event-batch-writer.js';

export interface OpenClickHouseEventsOptions extends TransportOptions {
  /** MESURA_STORE's value: `clickhouse://user:password@host:port/database`. */
  url: string;
  /** The named variables of the variable map: a nullable text column each in `hits`. */
  variables: readonly string[];
  /** The clock the batch journal is dated by (epoch ms). */
  now: () => number;
}

/** The events side of a ClickHouse deployment, ready: its tables exist, batches can be written (clickhouse-batch-sink.ts). */
export interface ClickHouseEvents {
  location: ClickHouseLocation;
  transport: ClickHouseTransport;
  tables: EventTables;
  writer: EventBatchWriter;
  close(): Promise<void>;
}

/** A start that cannot reach ClickHouse or make its tables; the message names the server, never the password. */
export class ClickHouseStartError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_START';
}

/**
 * Connects to the ClickHouse MESURA_STORE names, creates its database and tables when absent (and
 * the columns of variables named since), and returns the writer that fills them.
 * Throws ClickHouseUrlError for a bad URL and ClickHouseStartError when the server refuses.
 */
export async function openClickHouseEvents(options: OpenClickHouseEventsOptions): Promise<ClickHouseEvents> {
  const location = parseClickHouseUrl(options.url);
  const transport = createClickHouseTransport(location, options);
  const tables = eventTables({ variables: options.variables });
  try {
    await ensureSchema(transport, location.database, tables);
  } catch (error) {
    await transport.close();
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    // ClickHouse's messages do not repeat a password; this one never will.
    const reason = location.password === '' ? message : message.replaceAll(location.password, '***');
    throw new ClickHouseStartError(`ClickHouse at ${describeClickHouse(location)} could not make the events tables: ${reason}`);
  }
  const writer = new EventBatchWriter({ transport, database: location.database, tables, now: options.now });
  return { location, transport, tables, writer, close: () => transport.close() };
}

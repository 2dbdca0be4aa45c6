/**
 * Visitors' rights and retention over a deployment's ClickHouse, for the processes that serve the
 * console (app.ts): the access export and erasure (clickhouse-visitor-data.ts) and the daily
 * deletion (clickhouse-retention.ts), over a connection of their own, so that a long mutation wait
 * never holds the reports' connection. Their tables exist: openClickHouseEvents made them
 * (ensure-schema.ts) when the process started.
 */
import type { RetentionStore } from '../retention-store.js';
import type { VisitorDataStore } from '../visitor-data-store.js';
import { ClickHouseRetention } from './clickhouse-retention.js';
import { createClickHouseTransport } from './clickhouse-transport.js';
import type { ClickHouseLocation } from './clickhouse-url.js';
import { ClickHouseVisitorData } from './clickhouse-visitor-data.js';
import { eventTables } from './ensure-schema.js';

export interface ClickHouseRights {
  visitorData: VisitorDataStore;
  retention: RetentionStore;
  close(): Promise<void>;
}

export function openClickHouseRights(location: ClickHouseLocation, variables: readonly string[]): ClickHouseRights {
  const transport = createClickHouseTransport(location);
  const options = { transport, database: location.database, tables: eventTables({ variables }) };
  return {
    visitorData: new ClickHouseVisitorData(options),
    retention: new ClickHouseRetention(options),
    close: () => transport.close(),
  };
}

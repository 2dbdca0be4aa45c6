/**
 * Where the move writes, reached in an order that lets every refusal come before any write:
 * ClickHouse asked whether it answers and at which schema version (reads only), then PostgreSQL
 * connected, migrated as a server's start migrates it, and checked for rows of its own; only then
 * are ClickHouse's tables made. A target that cannot be reached, or that a newer release wrote, is
 * one line (OperatorError, exit 2) that names the server without its password.
 */
import { OperatorError } from '../operator-error.js';
import type { EventsStoreSetting } from '../store/open-events-store.js';
import { createClickHouseTransport } from '../store/clickhouse/clickhouse-transport.js';
import { describeClickHouse } from '../store/clickhouse/clickhouse-url.js';
import { CLICKHOUSE_START_PROBE_TIMEOUT_MS, ClickHouseStartError, openClickHouseEvents, PROBE_SQL, type ClickHouseEvents } from '../store/clickhouse/open-clickhouse-events.js';
import { checkClickHouseSchemaVersion } from '../store/clickhouse/schema-version-table.js';
import { migrateMetadata } from '../store/postgres/metadata-migrations.js';
import { MetadataConnectError, openMetadataPool, type MetadataPool } from '../store/postgres/postgres-pool.js';
import type { PostgresUrl } from '../store/postgres/postgres-url.js';
import { checkMetadataTarget } from './move-metadata.js';

export interface MoveTargets {
  events: ClickHouseEvents | undefined;
  metadata: { pool: MetadataPool; display: string } | undefined;
  close(): Promise<void>;
}

export interface MoveTargetSettings {
  /** MESURA_STORE, checked. */
  store: EventsStoreSetting;
  /** MESURA_METADATA, checked. */
  metadata: PostgresUrl | undefined;
  /** The hits table's named variables (the site's variable map). */
  variables: readonly string[];
}

export async function openMoveTargets(settings: MoveTargetSettings): Promise<MoveTargets> {
  const { store, metadata } = settings;
  if (store.engine === 'clickhouse') await probeClickHouse(store);
  let pool: MetadataPool | undefined;
  let events: ClickHouseEvents | undefined;
  const close = async () => {
    await events?.close();
    await pool?.close();
  };
  try {
    if (metadata !== undefined) {
      pool = await openMetadataPool(metadata, { onIdleError: () => undefined }).catch((error: unknown) => {
        throw error instanceof MetadataConnectError ? new OperatorError(error.message) : error;
      });
      // A database of a newer release is refused here, its transaction rolled back.
      await migrateMetadata(pool);
      await checkMetadataTarget(pool, metadata.display);
    }
    if (store.engine === 'clickhouse') {
      events = await openClickHouseEvents({ url: store.url, variables: settings.variables, now: Date.now }).catch((error: unknown) => {
        throw error instanceof ClickHouseStartError ? new OperatorError(error.message) : error;
      });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { events, metadata: pool && metadata && { pool, display: metadata.display }, close };
}

/** Whether ClickHouse answers, and at a version this build knows; reads only. */
async function probeClickHouse(store: Extract<EventsStoreSetting, { engine: 'clickhouse' }>): Promise<void> {
  const { location } = store;
  const transport = createClickHouseTransport(location, { requestTimeoutMs: CLICKHOUSE_START_PROBE_TIMEOUT_MS });
  try {
    await transport.query(PROBE_SQL).catch((error: unknown) => {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
      throw new OperatorError(`ClickHouse at ${describeClickHouse(location)} cannot be reached: ${location.password === '' ? reason : reason.replaceAll(location.password, '***')}`);
    });
    await checkClickHouseSchemaVersion(transport, location.database);
  } finally {
    await transport.close();
  }
}

/**
 * Moves a stopped embedded server's data folder into a cluster's stores: the events (raw rows and
 * the small count tables) into the ClickHouse of MESURA_STORE, the metadata into the PostgreSQL
 * of MESURA_METADATA, either or both. Every check comes first (source-folder-checks.ts, the
 * folder's lock in embedded-source.ts, move-targets.ts); then the events, which a second run
 * stores once; then the metadata in one transaction. One line per table, read and written.
 */
import { existsSync } from 'node:fs';
import { OperatorError } from '../operator-error.js';
import { describeClickHouse } from '../store/clickhouse/clickhouse-url.js';
import type { EventsStoreSetting } from '../store/open-events-store.js';
import type { PostgresUrl } from '../store/postgres/postgres-url.js';
import { openEmbeddedSource } from './embedded-source.js';
import { moveCountTables } from './move-count-tables.js';
import { moveEvents, type TableMoved } from './move-events.js';
import { moveMetadata } from './move-metadata.js';
import { openMoveTargets } from './move-targets.js';
import { checkSourceFolder } from './source-folder-checks.js';

export interface MoveOptions {
  /** The embedded server's MESURA_DATA_DIR (or --data-dir). */
  dataDir: string;
  store: EventsStoreSetting;
  metadata: PostgresUrl | undefined;
  variables: readonly string[];
  /** DuckDB's memory limit while reading (MESURA_MEMORY_MIB's events share). */
  memoryLimitMiB: number;
  /** Where each table's line goes. */
  print(line: string): void;
}

/** What was moved, for the tests and the final line. */
export interface MoveResult {
  tables: TableMoved[];
  /** The final line. */
  summary: string;
}

export async function moveToCluster(options: MoveOptions): Promise<MoveResult> {
  const { dataDir, store, metadata } = options;
  if (store.engine !== 'clickhouse' && metadata === undefined) {
    throw new OperatorError("set MESURA_STORE (clickhouse://…) and/or MESURA_METADATA (postgres://…) to the cluster's stores, as its servers read them: there is nowhere to move to");
  }
  if (!existsSync(dataDir)) throw new OperatorError(`there is no data folder at ${dataDir}: pass the embedded server's with --data-dir or MESURA_DATA_DIR`);
  checkSourceFolder(dataDir);
  const source = await openEmbeddedSource(dataDir, options.memoryLimitMiB);
  const tables: TableMoved[] = [];
  const report = (moved: TableMoved) => {
    tables.push(moved);
    options.print(tableLine(moved));
  };
  try {
    const targets = await openMoveTargets({ store, metadata, variables: options.variables });
    try {
      if (targets.events) {
        await moveEvents(source, targets.events, report);
        await moveCountTables(source, targets.events.transport, targets.events.location.database, report);
      }
      if (targets.metadata) {
        for (const moved of await moveMetadata(targets.metadata.pool, targets.metadata.display, source)) report(moved);
      }
    } finally {
      await targets.close();
    }
  } finally {
    source.close();
  }
  const into = [...(store.engine === 'clickhouse' ? [`ClickHouse at ${describeClickHouse(store.location)}`] : []), ...(metadata ? [`PostgreSQL at ${metadata.display}`] : [])].join(' and ');
  const written = tables.reduce((sum, moved) => sum + moved.written, 0);
  const read = tables.reduce((sum, moved) => sum + moved.read, 0);
  const summary = `move-to-cluster: ${dataDir} moved into ${into}: ${read} rows read, ${written} written (rows an earlier run stored are not written again); ${dataDir} is unchanged`;
  return { tables, summary };
}

function tableLine(moved: TableMoved): string {
  const parts = [`${moved.table}: ${moved.read} rows read, ${moved.written} written`];
  if (moved.refused > 0) parts.push(`${moved.refused} refused by ClickHouse's columns (first: ${moved.firstRefusal})`);
  if (moved.leftOutColumns.length > 0) parts.push(`columns not moved, which the variable map no longer names: ${moved.leftOutColumns.join(', ')}`);
  return parts.join('; ');
}

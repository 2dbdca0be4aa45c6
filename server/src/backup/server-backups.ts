/**
 * A server's backups, wired: the snapshot sources of this process (the databases it holds open,
 * the rest of its data folder), the admin API where the console is served, and the schedule when
 * MESURA_BACKUP_DIR is set. Closing the server stops the schedule and waits for a backup in
 * progress before any store closes.
 */
import type { FastifyInstance } from 'fastify';
import type { JobTimers } from '../periodic-job.js';
import { dataFolderVersion } from '../store/data-folder-version.js';
import { backupRoutes } from './backup-routes.js';
import { startBackupSchedule } from './backup-schedule.js';
import { createBackups, type Backups } from './backups.js';

export type { Backups };
import type { OpenDatabase } from '../store/duckdb/duckdb-copy.js';
import type { EventsStoreSetting } from '../store/open-events-store.js';
import type { PostgresUrl } from '../store/postgres/postgres-url.js';
import type { BackupSettings } from './backup-settings.js';

/** What the backups read of the server's settings (config.ts ServerConfig). */
export interface BackedUpServer {
  dataDir: string;
  backup: BackupSettings;
  /** The events and the metadata, named in each manifest when they live outside the data folder. */
  store: EventsStoreSetting;
  metadata: PostgresUrl | undefined;
}

export interface ServerBackupOptions {
  /** The embedded DuckDB store, when this process holds one (the events, or the accounts and activities). */
  embedded: OpenDatabase | undefined;
  /** The metadata's other embedded databases (visitors, engagement), as they open. */
  metadata: { openDatabases(): readonly OpenDatabase[] };
  /** The refusal counts it holds in memory go to the store first. */
  intake: { refusals: { flush(): Promise<void> } } | undefined;
  /** Whether the admin API is served here (not on a collector, which serves nothing of the console). */
  routes: boolean;
  now: () => number;
  timers?: JobTimers;
}

export async function startServerBackups(app: FastifyInstance, config: BackedUpServer, options: ServerBackupOptions): Promise<Backups> {
  const settings = config.backup;
  const backups = createBackups({
    dataDir: config.dataDir,
    openDatabases: () => [...(options.embedded ? [options.embedded] : []), ...options.metadata.openDatabases()],
    beforeCopy: async () => options.intake?.refusals.flush(),
    // The version the folder records (store/data-folder-version.ts), carried in the manifest.
    schemaVersion: async () => dataFolderVersion(config.dataDir),
    external: externalStores(config),
    now: options.now,
  });
  if (options.routes) await app.register(backupRoutes, { backups, settings, now: options.now });
  const schedule =
    settings.dir !== undefined && settings.intervalHours > 0
      ? startBackupSchedule({
          backups,
          dir: settings.dir,
          intervalHours: settings.intervalHours,
          keep: settings.keep,
          now: options.now,
          ...(options.timers && { timers: options.timers }),
          log: app.log,
        })
      : undefined;
  app.addHook('preClose', async () => {
    await schedule?.stop();
    await backups.idle();
  });
  return backups;
}

/** What the server keeps outside its data folder, named in each manifest (addresses without passwords). */
function externalStores(config: BackedUpServer): Record<string, string> {
  const { store, metadata } = config;
  return {
    ...(store.engine === 'clickhouse' && { events: `ClickHouse ${store.location.endpoint}/${store.location.database}` }),
    ...(metadata && { metadata: `PostgreSQL ${metadata.display}` }),
  };
}

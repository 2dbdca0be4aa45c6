/**
 * Visitors' rights, retention and the visit roll-up over a deployment's ClickHouse, for the
 * processes that serve the console (app.ts): the access export and erasure
 * (clickhouse-visitor-data.ts), the daily deletion (clickhouse-retention.ts) and the closed days'
 * visits and media sessions (day-rollup-job.ts), over a connection of their own, so that a long mutation wait
 * never holds the reports' connection. Their tables exist: openClickHouseEvents made them
 * (ensure-schema.ts) when the process started.
 */
import type { RetentionStore } from '../retention-store.js';
import type { VisitorDataStore } from '../visitor-data-store.js';
import { ClickHouseRetention } from './clickhouse-retention.js';
import { createClickHouseTransport } from './clickhouse-transport.js';
import type { ClickHouseLocation } from './clickhouse-url.js';
import { ClickHouseVisitorData } from './clickhouse-visitor-data.js';
import { eventTables } from './event-tables.js';
import { erasuresSince } from './rights-requests-table.js';
import { DayRollupJob } from './day-rollup-job.js';
import { DAY_ROLLUPS } from './day-rollups.js';
import { localDayIn } from '../../local-day.js';

/**
 * How long each erasure is applied again, at every retention run, to rows received before it: the
 * API node cannot load what the collectors acknowledged and have not drained yet (the embedded
 * store's erasure loads its ingest log first), so such rows reach ClickHouse after the erasure.
 * A collector's log drains within minutes unless it is down; a month covers one off for weeks.
 */
export const ERASURE_REPEAT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ClickHouseRights {
  visitorData: VisitorDataStore;
  /** The retention run, then the erasures of the last ERASURE_REPEAT_DAYS applied again. */
  retention: RetentionStore;
  /** The closed days' visits and media sessions (day-rollups.ts), for startDayRollupJob. */
  dayRollups: DayRollupJob[];
  close(): Promise<void>;
}

export function openClickHouseRights(location: ClickHouseLocation, variables: readonly string[], now: () => number, settings: { timeZone: string; retentionDays: number }): ClickHouseRights {
  // The visits' text names `hits` unqualified: the deployment's database is the connection's.
  const transport = createClickHouseTransport(location, { database: location.database });
  const options = { transport, database: location.database, tables: eventTables({ variables }) };
  const visitorData = new ClickHouseVisitorData(options);
  const retention = new ClickHouseRetention(options);
  return {
    visitorData,
    retention: {
      async deleteBefore(cutoff) {
        const deleted = await retention.deleteBefore(cutoff);
        await visitorData.eraseAgain(await erasuresSince(transport, location.database, now() - ERASURE_REPEAT_DAYS * DAY_MS));
        return deleted;
      },
    },
    dayRollups: DAY_ROLLUPS.map((rollup) => new DayRollupJob(rollup, { transport, database: location.database, ...settings, localDay: localDayIn(settings.timeZone) })),
    close: () => transport.close(),
  };
}

import path from 'node:path';
import { decodeBeacon, type VariableMap } from '@mesura/protocol';
import type { HitRow } from '../store/hit-row.js';
import type { Store } from '../store/store.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { localDayIn } from '../local-day.js';
import { Batcher, BatcherClosedError } from './batcher.js';
import { IngestLog } from './ingest-log.js';
import { createPipeline } from './pipeline.js';
import { RecentEventIds } from './recent-event-ids.js';
import { StoreLoader } from './store-loader.js';

/** Largest batch written to the log in one write and one fdatasync. */
export const MAX_BATCH_ROWS = 5000;
export const INGEST_LOG_DIR = 'ingest-log';
const RECENT_EVENT_IDS = 200_000;

/** A beacon as the HTTP layer received it. The raw address goes no further than the pipeline. */
export interface RawBeacon {
  path: string;
  /** Query string (GET) or body (POST). */
  params: string;
  ip: string | undefined;
  userAgent: string | undefined;
  receivedAtMs: number;
}

/**
 * Everything between an HTTP request and the store: decode and validate, enrich, write to the
 * ingest log (durable: the request is answered then), and load the log into the store.
 */
export interface Intake {
  /** Resolves once the beacon's rows are durable; rejects with an HttpError saying why not. */
  collect(beacon: RawBeacon): Promise<void>;
  /** Loads every acknowledged row into the store now, so that reports include it. */
  catchUp(): Promise<void>;
  /** Rows waiting to be written to the log. */
  pending(): Promise<number>;
  /** Rows a previous process left in the log, loaded at open. */
  readonly recovered: number;
  close(): Promise<void>;
}

export interface IntakeOptions {
  dataDir: string;
  store: Store;
  environment: string;
  variableMap: VariableMap;
  timeZone: string;
  onLoadError: (error: unknown) => void;
}

export async function openIntake(options: IntakeOptions): Promise<Intake> {
  const { log, leftover } = IngestLog.open(path.join(options.dataDir, INGEST_LOG_DIR));
  const loader = new StoreLoader(log, options.store, options.onLoadError);
  const recovered = await loader.recover(leftover);
  loader.start();
  const batcher = new Batcher<HitRow>({ write: (rows) => log.append(rows), maxBatchSize: MAX_BATCH_ROWS });
  const pipeline = createPipeline({
    environment: options.environment,
    variableMap: options.variableMap,
    localDay: localDayIn(options.timeZone),
  });
  const recent = new RecentEventIds(RECENT_EVENT_IDS);
  return {
    recovered,
    async collect(beacon) {
      const decoded = decodeBeacon(beacon.path, beacon.params);
      if (!decoded.ok) throw new HttpError(ERRORS.badBeacon, decoded.reason);
      const rows = pipeline(decoded.value, {
        receivedAtMs: beacon.receivedAtMs,
        ip: beacon.ip,
        userAgent: beacon.userAgent,
        rawPath: beacon.path,
        rawParams: beacon.params,
      });
      await storeOnce(rows, batcher, recent);
    },
    catchUp: () => loader.flush(),
    pending: async () => batcher.pending,
    async close() {
      await batcher.close();
      await loader.close();
      await log.close();
    },
  };
}

/** Rows of a retried beacon are acknowledged without being written again. */
async function storeOnce(rows: HitRow[], batcher: Batcher<HitRow>, recent: RecentEventIds): Promise<void> {
  const fresh = rows.filter((row) => !recent.has(recentKey(row)));
  for (const row of fresh) recent.add(recentKey(row));
  try {
    await Promise.all(fresh.map((row) => batcher.add(row)));
  } catch (error) {
    for (const row of fresh) recent.delete(recentKey(row));
    if (error instanceof BatcherClosedError) throw new HttpError(ERRORS.shuttingDown, error.message);
    throw new HttpError(ERRORS.storeUnavailable, 'the event could not be stored; retry later');
  }
}

function recentKey(row: HitRow): string {
  return `${row.reportSuite}\u0000${row.eventId}`;
}

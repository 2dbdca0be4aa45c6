import path from 'node:path';
import type { HitRow } from '../store/hit-row.js';
import type { Store } from '../store/store.js';
import { Batcher } from './batcher.js';
import { IngestLog } from './ingest-log.js';
import { StoreLoader } from './store-loader.js';

/** Largest batch written to the log in one write and one fdatasync. */
export const MAX_BATCH_ROWS = 5000;
export const INGEST_LOG_DIR = 'ingest-log';
/**
 * Log writes under way at once. Measured with npm run bench:ingest on 2 cores: 1 beats 2 and 4,
 * since fewer, larger batches mean fewer fdatasyncs; the batcher allows more for faster disks.
 */
export const MAX_LOG_WRITES_IN_FLIGHT = 1;

/**
 * The write side of ingest: rows are acknowledged once the log holds them (batcher → log), and
 * reach the store shortly after (loader). Rows a crashed process left in the log are loaded first.
 */
export interface DurableIntake {
  batcher: Batcher<HitRow>;
  /** Loads every acknowledged row into the store now. */
  catchUp(): Promise<void>;
  /** Rows recovered from a previous process's log at open. */
  recovered: number;
  close(): Promise<void>;
}

export async function openDurableIntake(dataDir: string, store: Store, onError: (error: unknown) => void): Promise<DurableIntake> {
  const { log, leftover } = IngestLog.open(path.join(dataDir, INGEST_LOG_DIR));
  const loader = new StoreLoader(log, store, onError);
  const recovered = await loader.recover(leftover);
  loader.start();
  const batcher = new Batcher<HitRow>({
    write: (rows) => log.append(rows),
    maxBatchSize: MAX_BATCH_ROWS,
    maxInFlight: MAX_LOG_WRITES_IN_FLIGHT,
  });
  return {
    batcher,
    recovered,
    catchUp: () => loader.flush(),
    async close() {
      await batcher.close();
      await loader.close();
      await log.close();
    },
  };
}

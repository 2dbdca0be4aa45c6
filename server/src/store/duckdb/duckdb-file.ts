/**
 * Every DuckDB file of the data folder is opened here: with its thread count, its memory limit
 * (memory-budget.ts; DuckDB's own default is 80 % of the machine) and its allocator's purging, and with a second process on the
 * same folder told in one line. DuckDB lets one process hold a file; its refusal names the file
 * and the holder's PID, which is what the operator needs, said as Mesura says it.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { duckDbMemoryLimit } from '../../memory-budget.js';
import { OperatorError } from '../../operator-error.js';

/**
 * DuckDB's own allocator (the jemalloc it bundles, one for the whole process) keeps the pages a
 * query freed and returns them to the system after a few seconds' decay, but without its background
 * thread only when a later allocation happens to run the decay: a burst (a load, a report, a
 * checkpoint) then stays resident until the next. With the thread they go by time. Measured on
 * bench/soak.mjs (docs/operations.md "Memory"): its resident pages above what it had allocated went
 * from 33–47 MiB to 13 MiB, for one more thread that sleeps when there is nothing to purge.
 */
export const DUCKDB_ALLOCATOR_SETTINGS = { allocator_background_threads: 'true' } as const;

export interface DuckDbFileSettings {
  threads: number;
  memoryLimitMiB: number;
  /** Further DuckDB settings by their own names (checkpoint_threshold…). */
  other?: Record<string, string>;
}

export async function openDuckDbFile(file: string, settings: DuckDbFileSettings): Promise<DuckDBInstance> {
  try {
    return await DuckDBInstance.create(file, {
      threads: String(settings.threads),
      memory_limit: duckDbMemoryLimit(settings.memoryLimitMiB),
      ...DUCKDB_ALLOCATOR_SETTINGS,
      ...settings.other,
    });
  } catch (error) {
    throw lockHolder(error, file) ?? error;
  }
}

/** The one line of another process holding `file`, or undefined when DuckDB refused for another cause. */
function lockHolder(error: unknown, file: string): OperatorError | undefined {
  const message = (error as Error).message ?? '';
  if (!message.includes('Conflicting lock')) return undefined;
  const pid = /PID (\d+)/.exec(message)?.[1];
  return new OperatorError(`${file} is in use by another process${pid ? ` (PID ${pid})` : ''}, most likely another Mesura on the same data folder; stop it, or give this one its own MESURA_DATA_DIR`);
}

/**
 * When the embedded store writes its WAL into the data file (a DuckDB checkpoint). DuckDB's own
 * rule, a checkpoint on the commit that takes the WAL past 16 MiB, ran one inside a segment load
 * about every minute at 300 beacons/s, and each took 3 to 6 s of both cores: it rewrites the tail
 * row groups of `visits`, whose open visits every load deletes and inserts again, and DuckDB merges
 * row groups holding deleted rows at a checkpoint. Every report asked meanwhile took up to twice
 * its time (bench:reports).
 *
 * So the store checkpoints itself, after a load, once the WAL holds CHECKPOINT_WAL_MIB and no
 * report has been read for CHECKPOINT_QUIET_MS (reads-first.ts): between an analyst's clicks, not
 * under them. DuckDB's own threshold is raised to CHECKPOINT_WAL_MAX_MIB, the most WAL kept while
 * reports are asked without a pause; a restart after a crash replays it (about 40 ms per MiB).
 *
 * Each checkpoint leaves the rows it wrote in a row group of their own, and a later checkpoint
 * merges such under-filled row groups of `hits`, `heartbeats` and `page_views` into full ones,
 * writing them all again (seen with `pragma_storage_info`: one checkpoint of bench:soak rewrote all
 * 271 segments of `hits` in 9.8 s). The fewer the checkpoints, the fewer those rewrites: at 64 MiB
 * instead of 16, bench:soak spent 21 s in checkpoints over 15 minutes instead of 34.5 s over 13,
 * the longest 5.3 s instead of 9.8 s, for a crash replay of about 2.6 s at most.
 */
import { statSync } from 'node:fs';

/** WAL the store lets build up before it checkpoints at a quiet moment. */
export const CHECKPOINT_WAL_MIB = 64;
/** WAL at which DuckDB checkpoints on its own, quiet or not (its `checkpoint_threshold`). */
export const CHECKPOINT_WAL_MAX_MIB = 128;
/** How long no report may have been read for the moment to count as quiet. */
export const CHECKPOINT_QUIET_MS = 2000;

const MIB = 1024 * 1024;

export interface CheckpointRule {
  /** Default CHECKPOINT_WAL_MIB. */
  walBytes: number;
  /** Default CHECKPOINT_QUIET_MS. */
  quietMs: number;
}

export const DEFAULT_CHECKPOINT_RULE: CheckpointRule = { walBytes: CHECKPOINT_WAL_MIB * MIB, quietMs: CHECKPOINT_QUIET_MS };

/** DuckDB's `checkpoint_threshold` setting for CHECKPOINT_WAL_MAX_MIB. */
export const DUCKDB_CHECKPOINT_THRESHOLD = `${CHECKPOINT_WAL_MAX_MIB}MiB`;

/** Is a checkpoint due: enough WAL, and no report read for long enough? */
export function checkpointDue(rule: CheckpointRule, walBytes: number, quietForMs: number): boolean {
  return walBytes >= rule.walBytes && quietForMs >= rule.quietMs;
}

/** The size of the WAL beside `databaseFile` (0 when there is none: nothing to write). */
export function walFileBytes(databaseFile: string): number {
  try {
    return statSync(`${databaseFile}.wal`).size;
  } catch {
    return 0;
  }
}

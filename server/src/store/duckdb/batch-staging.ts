import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder under the data folder where the embedded store stages the batches it loads. */
export const DUCKDB_STAGING_DIR = 'staging';

const STAGED_FILE_PATTERN = /^batch-[0-9a-f]{12}-\d+\.ndjson$/;

/**
 * Where DuckDB reads a batch from: its NDJSON lines written to a file of the store's own, which
 * read_ndjson takes as it took the ingest log's segments, so the rows are neither parsed nor
 * serialised again in Node. A staged file is not synced (the batch's segment is the durable
 * copy, kept until the load commits) and is deleted after the load; the names come from the
 * store (a random prefix per open, a counter), never from a row or a request.
 */
export class BatchStaging {
  private next = 0;
  private readonly prefix = randomBytes(6).toString('hex');

  private constructor(private readonly dir: string) {}

  /** Makes the folder and deletes what a load cut short by a crash left there. */
  static open(dir: string): BatchStaging {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      if (STAGED_FILE_PATTERN.test(name)) rmSync(path.join(dir, name), { force: true });
    }
    return new BatchStaging(dir);
  }

  /** Writes `lines` to a new file, runs `load` on it and deletes it, whether the load succeeded or not. */
  async withStaged<T>(lines: Buffer, load: (file: string) => Promise<T>): Promise<T> {
    const file = path.join(this.dir, `batch-${this.prefix}-${this.next++}.ndjson`);
    try {
      await writeFile(file, lines);
      return await load(file);
    } finally {
      await rm(file, { force: true });
    }
  }
}

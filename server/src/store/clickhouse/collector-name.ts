import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The file in the ingest-log folder that names the collector writing that log. */
export const COLLECTOR_NAME_FILE = 'collector-name';

/** A collector's name in batch ids: ASCII letters, digits, `_`, `.` and `-`. */
export const COLLECTOR_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The name the ClickHouse sink (clickhouse-batch-sink.ts) gives this log's batches: read from
 * `<logDir>/collector-name`, or made (random, `c-` and 12 hex digits) and written there, durably,
 * on first use. It belongs to the log, not to the host: a log moved to another machine keeps its
 * batches' names, and two collectors on one machine, each with its own log, never share one.
 * `configured` (e.g. an environment variable) wins and is written for the next start.
 */
export function collectorName(logDir: string, configured?: string): string {
  const file = path.join(logDir, COLLECTOR_NAME_FILE);
  if (configured === undefined) {
    const stored = readName(file);
    if (stored !== undefined) return stored;
  }
  const name = configured ?? `c-${randomBytes(6).toString('hex')}`;
  if (!COLLECTOR_NAME_PATTERN.test(name)) throw new Error(`collector name '${name.slice(0, 64)}' must be 1 to 64 letters, digits or _.-`);
  mkdirSync(logDir, { recursive: true });
  writeDurably(file, `${name}\n`);
  return name;
}

/** Written beside, synced, renamed over, the folder synced: a crash leaves the old file or the new one, never half of one. */
function writeDurably(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const folder = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

function readName(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (!COLLECTOR_NAME_PATTERN.test(text)) throw new Error(`${file} holds no collector name; delete it only if this log was never drained`);
  return text;
}

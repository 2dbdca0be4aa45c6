import { createHash } from 'node:crypto';
import type { LogRecord, RowBatch, SegmentKinds } from './row-batch.js';

/** Base64url characters of a batch's SHA-256 in its id: 128 bits, no two batches alike by chance. */
const BATCH_DIGEST_CHARS = 22;
const NEWLINE = 0x0a;

export interface NdjsonBatchSource {
  /** The segment file's name (no folder), or any name of letters, digits and `_.-` for a batch made elsewhere. */
  name: string;
  /** Where the first line starts in that file, in bytes. */
  offset: number;
  /** NDJSON of LogRecord, each line ended by \n, no empty line. */
  lines: Buffer;
  skippedLines: number;
  kinds: Readonly<SegmentKinds>;
}

/**
 * A batch over NDJSON lines. Its id's digest and its parsed records are made on first use only:
 * an engine that reads the lines itself (DuckDB) pays for neither, and one that needs rows
 * (ClickHouse) parses them once.
 */
export class NdjsonBatch implements RowBatch {
  private digestId: string | undefined;
  private parsed: LogRecord[] | undefined;
  private unreadableLines = 0;

  constructor(private readonly source: NdjsonBatchSource) {}

  get id(): string {
    const { name, offset, lines } = this.source;
    this.digestId ??= `${name}/${offset}/${createHash('sha256').update(lines).digest('base64url').slice(0, BATCH_DIGEST_CHARS)}`;
    return this.digestId;
  }

  get kinds(): Readonly<SegmentKinds> {
    return this.source.kinds;
  }

  get lines(): Buffer {
    return this.source.lines;
  }

  get skippedLines(): number {
    return this.source.skippedLines + this.unreadableLines;
  }

  records(): readonly LogRecord[] {
    if (this.parsed) return this.parsed;
    const { lines } = this.source;
    const records: LogRecord[] = [];
    for (let start = 0; start < lines.length; ) {
      const newline = lines.indexOf(NEWLINE, start);
      const end = newline < 0 ? lines.length : newline;
      const record = parseRecord(lines.toString('utf8', start, end));
      if (record === undefined) this.unreadableLines += 1;
      else records.push(record);
      start = end + 1;
    }
    this.parsed = records;
    return records;
  }
}

/** The record a line holds, if it is a JSON object; undefined for anything else (a torn line). */
export function parseRecord(line: string): LogRecord | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LogRecord) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A batch of rows that no ingest log wrote (a test, a tool, an import), written as the log writes
 * them. `name` stands for the segment in its id: batches of one name must hold different rows.
 */
export function rowBatchOf(name: string, records: readonly LogRecord[]): RowBatch {
  const kinds: SegmentKinds = { hits: false, heartbeats: false, decisions: false };
  let text = '';
  for (const record of records) {
    text += `${JSON.stringify(record)}\n`;
    if (!('kind' in record)) kinds.hits = true;
    else if (record.kind === 'decision') kinds.decisions = true;
    else kinds.heartbeats = true;
  }
  return new NdjsonBatch({ name, offset: 0, lines: Buffer.from(text), skippedLines: 0, kinds });
}

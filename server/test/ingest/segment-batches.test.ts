import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IngestLog, type LogRecord, type SealedSegment } from '../../src/ingest/ingest-log.js';
import { SEGMENT_READ_CHUNK_BYTES, segmentBatches } from '../../src/ingest/segment-batches.js';
import { rowBatchOf } from '../../src/store/ndjson-batch.js';
import type { RowBatch } from '../../src/store/row-batch.js';
import { LAST_HOUR_OF_JANUARY_MS, decisionRow, hitRow, mixedRecords } from '../helpers/event-rows.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-segment-batches-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A sealed segment holding `rows`, as the collector's log writes it. */
async function segmentOf(rows: LogRecord[], name = 'log'): Promise<SealedSegment> {
  const { log } = IngestLog.open(path.join(dir, name));
  await log.append(rows);
  const sealed = await log.seal();
  await log.close();
  return sealed!;
}

async function batchesOf(segment: SealedSegment, batchRows: number): Promise<RowBatch[]> {
  const batches: RowBatch[] = [];
  for await (const batch of segmentBatches(segment, batchRows)) batches.push(batch);
  return batches;
}

/** The NDJSON the log writes for `rows`. */
const ndjson = (rows: readonly LogRecord[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join('');

/** `<segment>/<byte offset>/<first 22 base64url characters of the lines' SHA-256>`: the names ClickHouse has journaled batches by. */
function expectedId(segment: SealedSegment, rows: LogRecord[], first: number, count: number): string {
  const offset = Buffer.byteLength(ndjson(rows.slice(0, first)));
  const digest = createHash('sha256')
    .update(ndjson(rows.slice(first, first + count)))
    .digest('base64url')
    .slice(0, 22);
  return `${path.basename(segment.file)}/${offset}/${digest}`;
}

describe('a sealed segment as batches of rows (segmentBatches)', () => {
  it("cuts it into batches of the sink's size in log order, the lines as the log wrote them, named by segment, offset and digest", async () => {
    const rows = mixedRecords('cut');
    const segment = await segmentOf(rows);
    const batches = await batchesOf(segment, 3);
    expect(batches.map((batch) => batch.records())).toEqual([rows.slice(0, 3), rows.slice(3, 6), rows.slice(6)]);
    expect(batches.map((batch) => batch.lines.toString())).toEqual([ndjson(rows.slice(0, 3)), ndjson(rows.slice(3, 6)), ndjson(rows.slice(6))]);
    expect(batches.map((batch) => batch.id)).toEqual([expectedId(segment, rows, 0, 3), expectedId(segment, rows, 3, 3), expectedId(segment, rows, 6, 1)]);
    expect(batches.every((batch) => batch.skippedLines === 0)).toBe(true);
    expect(batches[0]!.kinds).toEqual({ hits: true, heartbeats: true, decisions: true });
    // Read again (a retry, a restart): the same batches by the same names.
    expect((await batchesOf(segment, 3)).map((batch) => batch.id)).toEqual(batches.map((batch) => batch.id));
  });

  it("hands a segment taken whole over as one batch of the file's bytes, with the kinds the log saw", async () => {
    const rows = [hitRow('whole-1'), hitRow('whole-2')];
    const segment = await segmentOf(rows);
    const [batch, ...rest] = await batchesOf(segment, Number.POSITIVE_INFINITY);
    expect(rest).toEqual([]);
    expect(batch!.lines.equals(readFileSync(segment.file))).toBe(true);
    expect(batch!.kinds).toEqual({ hits: true, heartbeats: false, decisions: false });
    expect(batch!.id).toBe(expectedId(segment, rows, 0, 2));
  });

  it('skips and counts a torn last line, and keeps a last record whose \\n alone was lost', async () => {
    const rows = mixedRecords('torn');
    const torn = await segmentOf(rows, 'torn');
    appendFileSync(torn.file, '{"eventId":"torn-5","variables":{"section":"a"}');
    const tornBatches = await batchesOf(torn, 3);
    expect(tornBatches.flatMap((batch) => batch.records())).toEqual(rows);
    expect(tornBatches.map((batch) => batch.skippedLines)).toEqual([0, 0, 1]);

    const whole = await segmentOf(rows.slice(0, 2), 'whole');
    appendFileSync(whole.file, JSON.stringify(rows[2]));
    const [batch] = await batchesOf(whole, Number.POSITIVE_INFINITY);
    expect(batch!.records()).toEqual(rows.slice(0, 3));
    expect(batch!.lines.toString()).toBe(ndjson(rows.slice(0, 3)));
    expect(batch!.skippedLines).toBe(0);
  });

  it('yields one empty batch for a segment of a torn line alone, so that it is counted, and none for an empty one', async () => {
    const torn = { file: path.join(dir, '000000000001.ndjson') };
    writeFileSync(torn.file, '{"eventId":"x","reportSu');
    const batches = await batchesOf(torn, 3);
    expect(batches.map((batch) => [batch.lines.length, batch.skippedLines])).toEqual([[0, 1]]);
    expect(batches[0]!.kinds).toEqual({ hits: true, heartbeats: true, decisions: true });
    const empty = { file: path.join(dir, '000000000002.ndjson') };
    writeFileSync(empty.file, '');
    expect(await batchesOf(empty, 3)).toEqual([]);
  });

  it('leaves out a line that looks like a record but is no JSON, counted once mixedRecords() has parsed it', async () => {
    const segment = { file: path.join(dir, '000000000001.ndjson') };
    writeFileSync(segment.file, `${JSON.stringify(hitRow('a'))}\n{"eventId":{"x":1}\n\n${JSON.stringify(hitRow('b'))}\n`);
    const [batch] = await batchesOf(segment, 10);
    expect(batch!.skippedLines).toBe(0);
    expect(batch!.records().map((record) => (record as { eventId: string }).eventId)).toEqual(['a', 'b']);
    expect(batch!.skippedLines).toBe(1);
    expect(batch!.records()).toBe(batch!.records());
  });

  it('reads a segment larger than a read in chunks, cutting at the right lines and offsets', async () => {
    const padding = 'x'.repeat(900);
    const rows = Array.from({ length: Math.ceil((2.5 * SEGMENT_READ_CHUNK_BYTES) / 1000) }, (_, i) => hitRow(`big-${i}`, { pageName: padding }));
    const segment = await segmentOf(rows);
    const batches = await batchesOf(segment, 700);
    expect(Buffer.concat(batches.map((batch) => batch.lines)).equals(readFileSync(segment.file))).toBe(true);
    expect(batches.map((batch) => batch.id)).toEqual(batches.map((_, i) => expectedId(segment, rows, i * 700, 700)));
    expect(batches.flatMap((batch) => batch.records())).toEqual(rows);
  });
});

describe('a segment a crash left, with the zeros the log wrote ahead of its rows', () => {
  /** The log's current segment as the process left it when it died: rows, then zeros, not sealed. */
  async function unsealedSegmentOf(rows: LogRecord[]): Promise<{ segment: SealedSegment; rowBytes: number }> {
    const { log } = IngestLog.open(path.join(dir, 'crashed'));
    for (let i = 0; i < rows.length; i += 50) await log.append(rows.slice(i, i + 50));
    const [file] = readdirSync(path.join(dir, 'crashed')).map((name) => path.join(dir, 'crashed', name));
    const rowBytes = Buffer.byteLength(ndjson(rows));
    expect(statSync(file!).size).toBeGreaterThan(rowBytes);
    return { segment: { file: file! }, rowBytes };
  }

  it('reads its rows up to the zeros, in one read and in chunks, with no line skipped', async () => {
    const padding = 'x'.repeat(900);
    const rows = Array.from({ length: Math.ceil((1.5 * SEGMENT_READ_CHUNK_BYTES) / 1000) }, (_, i) => hitRow(`crash-${i}`, { pageName: padding }));
    const { segment } = await unsealedSegmentOf(rows);
    for (const batchRows of [700, Number.POSITIVE_INFINITY]) {
      const batches = await batchesOf(segment, batchRows);
      expect(batches.flatMap((batch) => batch.records())).toEqual(rows);
      expect(batches.reduce((skipped, batch) => skipped + batch.skippedLines, 0)).toBe(0);
    }
    expect((await batchesOf(segment, 700)).map((batch) => batch.id)).toEqual([
      expectedId(segment, rows, 0, 700),
      expectedId(segment, rows, 700, 700),
      expectedId(segment, rows, 1400, rows.length - 1400),
    ]);
  });

  it('skips the torn line a write cut short left before the zeros', async () => {
    const rows = [hitRow('torn-1'), hitRow('torn-2')];
    const { segment, rowBytes } = await unsealedSegmentOf(rows);
    const fd = openSync(segment.file, 'r+');
    writeSync(fd, '{"eventId":"torn-3","repo', rowBytes);
    closeSync(fd);
    const [batch, ...rest] = await batchesOf(segment, Number.POSITIVE_INFINITY);
    expect(rest).toEqual([]);
    expect(batch!.records()).toEqual(rows);
    expect(batch!.skippedLines).toBe(1);
  });
});

describe('a batch made in memory (rowBatchOf)', () => {
  it('holds the rows as the log would write them, with exactly their kinds', () => {
    const rows = [hitRow('m-1'), decisionRow('m-d', LAST_HOUR_OF_JANUARY_MS)];
    const batch = rowBatchOf('import-1', rows);
    expect(batch.lines.toString()).toBe(ndjson(rows));
    expect(batch.kinds).toEqual({ hits: true, heartbeats: false, decisions: true });
    expect(batch.records()).toEqual(rows);
    expect(batch.id).toMatch(/^import-1\/0\/[\w-]{22}$/);
    expect(rowBatchOf('import-1', [hitRow('m-2')]).id).not.toBe(batch.id);
  });
});

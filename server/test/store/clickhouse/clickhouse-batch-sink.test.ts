import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IngestLog, type LogRecord, type SealedSegment } from '../../../src/ingest/ingest-log.js';
import { storeSegment } from '../../../src/ingest/segment-batches.js';
import { StoreLoader } from '../../../src/ingest/store-loader.js';
import { clickHouseBatchSink, type LeftOut } from '../../../src/store/clickhouse/clickhouse-batch-sink.js';
import type { ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { EventBatchWriter } from '../../../src/store/clickhouse/event-batch-writer.js';
import { readEventRows } from '../../../src/store/clickhouse/event-rows-reader.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { LAST_HOUR_OF_JANUARY_MS, mixedRecords } from '../../helpers/event-rows.js';

const tables = eventTables({ variables: ['section', 'pageType'] });

/** A sealed segment holding `rows`, as the collector's log writes it. */
async function segmentOf(dir: string, rows: LogRecord[]): Promise<SealedSegment> {
  const { log } = IngestLog.open(dir);
  await log.append(rows);
  const sealed = await log.seal();
  await log.close();
  return sealed!;
}

/** Fails the `n`-th INSERT into an events table before it reaches the server (a crash midway; the 4th is the second batch's hits, after its decisions). */
function crashingAtInsert(transport: ClickHouseTransport, n: number): ClickHouseTransport {
  let inserts = 0;
  return {
    ...transport,
    command: async (sql, options) => {
      if (sql.startsWith('INSERT INTO') && !sql.includes('event_batches') && ++inserts === n) throw new Error('collector killed');
      await transport.command(sql, options);
    },
  };
}

/** Runs every statement, then loses the answer of the first batch's `stored` journal row: the batch is stored, its sender does not know. */
function losingStoredAnswer(transport: ClickHouseTransport): ClickHouseTransport {
  let lost = false;
  return {
    ...transport,
    command: async (sql, options) => {
      await transport.command(sql, options);
      if (!lost && sql.includes("'stored'")) {
        lost = true;
        throw new Error('answer lost after the statement ran');
      }
    },
  };
}

describeWithClickHouse('clickHouseBatchSink', () => {
  const db = useTestDatabase();
  let dir: string;
  const leftOut: LeftOut[] = [];
  const sinkOn = (transport: ClickHouseTransport, collector: string) =>
    clickHouseBatchSink({
      writer: new EventBatchWriter({ transport, database: db().location.database, tables, now: () => LAST_HOUR_OF_JANUARY_MS }),
      collector,
      location: db().location,
      batchRows: 3,
      onLeftOut: (batch) => leftOut.push(batch),
    });
  /** The rows a collector stored, by id (a heartbeat's, a decision's or a hit's event id). */
  const storedRows = async (collector: string) => {
    const prefix = `${collector}/`;
    const where = `substring(batch_id, 1, ${prefix.length}) = ${sqlString(prefix)}`;
    const read = (table: typeof tables.hits) => readEventRows(db().transport, db().location.database, table, where);
    return sortById([...(await read(tables.hits)), ...(await read(tables.heartbeats)), ...(await read(tables.decisions))]);
  };
  const batchIds = async (collector: string) => {
    const rows = await db().transport.query<{ batch_id: string }>(
      `SELECT DISTINCT batch_id FROM ${db().location.database}.event_batches WHERE substring(batch_id, 1, ${collector.length + 1}) = ${sqlString(`${collector}/`)} ORDER BY batch_id`,
    );
    return rows.map((row) => row.batch_id);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-sink-'));
    await ensureSchema(db().transport, db().location.database, tables);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a segment in batches named by collector, segment and offset, once however often it is stored', async () => {
    const rows = mixedRecords('once');
    const segment = await segmentOf(path.join(dir, 'once'), rows);
    expect(await storeSegment(sinkOn(db().transport, 'once'), segment, { skipStored: false })).toBe(7);
    expect(await storeSegment(sinkOn(db().transport, 'once'), segment, { skipStored: true })).toBe(0);
    const name = path.basename(segment.file);
    const ids = (await batchIds('once')).map((id) => id.replace(/\/[\w-]{22}$/, ''));
    expect(ids).toEqual([`once/${name}/0`, `once/${name}/${byteOffsetOfLine(rows, 3)}`, `once/${name}/${byteOffsetOfLine(rows, 6)}`]);
    expect(await storedRows('once')).toEqual(sortById(rows));
  });

  it('stores a batch made in memory, which no ingest log wrote, as `<collector>/<batch id>`', async () => {
    const rows = mixedRecords('memory');
    const batch = rowBatchOf('import-1', rows);
    expect(await sinkOn(db().transport, 'memory').storeBatch(batch, { skipStored: false })).toBe(7);
    expect(await batchIds('memory')).toEqual([`memory/${batch.id}`]);
    expect(await storedRows('memory')).toEqual(sortById(rows));
  });

  it('stores once a batch sent again after its answer was lost', async () => {
    const rows = mixedRecords('lost');
    const sink = sinkOn(losingStoredAnswer(db().transport), 'lost');
    await expect(sink.storeBatch(rowBatchOf('seg', rows), { skipStored: false })).rejects.toThrow(/^draining the ingest log into ClickHouse at clickhouse:\/\/.* failed: answer lost/);
    // The retry reads the rows again: a new batch object, the same id.
    expect(await sink.storeBatch(rowBatchOf('seg', rows), { skipStored: true })).toBe(0);
    expect(await storedRows('lost')).toEqual(sortById(rows));
  });

  it('finishes a segment whose store was killed midway, storing each row once', async () => {
    const rows = mixedRecords('killed');
    const segment = await segmentOf(path.join(dir, 'killed'), rows);
    await expect(storeSegment(sinkOn(crashingAtInsert(db().transport, 4), 'killed'), segment, { skipStored: false })).rejects.toThrow('collector killed');
    expect(await storeSegment(sinkOn(db().transport, 'killed'), segment, { skipStored: true })).toBe(3);
    expect(await storedRows('killed')).toEqual(sortById(rows));
  });

  it('stores every row of a segment once when its second batch failed and the loader tried the segment again', async () => {
    const rows = mixedRecords('second');
    const logDir = path.join(dir, 'second');
    const { log } = IngestLog.open(logDir);
    let failing = true;
    const flaky: ClickHouseTransport = {
      ...db().transport,
      command: async (sql, options) => {
        // The second batch starts with the decision row: its first insert is into decision_events.
        if (failing && sql.startsWith('INSERT INTO') && sql.includes('decision_events')) throw new Error('connect ECONNREFUSED');
        await db().transport.command(sql, options);
      },
    };
    const loader = new StoreLoader(log, sinkOn(flaky, 'second'), () => undefined, { setInterval: () => 1, clearInterval: () => undefined });
    await log.append(rows);
    await expect(loader.flush()).rejects.toThrow(/ECONNREFUSED$/);
    expect(await storedRows('second')).toEqual(sortById(rows.slice(0, 3)));
    expect(readdirSync(logDir)).toHaveLength(2); // the failed segment is still there
    failing = false;
    await loader.flush();
    expect(await storedRows('second')).toEqual(sortById(rows));
    expect(readdirSync(logDir)).toHaveLength(1);
    await log.close();
  });

  it('skips a torn last line, which no client was told was stored, and says so', async () => {
    const segment = await segmentOf(path.join(dir, 'torn'), mixedRecords('torn'));
    appendFileSync(segment.file, '{"eventId":"torn-5","reportSuite":"mesu');
    leftOut.length = 0;
    expect(await storeSegment(sinkOn(db().transport, 'torn'), segment, { skipStored: false })).toBe(7);
    expect(await storedRows('torn')).toHaveLength(7);
    expect(leftOut).toEqual([{ batchId: expect.stringMatching(/^torn\/000000000001\.ndjson\/\d+\/[\w-]{22}$/), refused: [], skippedLines: 1 }]);
  });

  it('names a segment whose name came back after the log was emptied apart from the first', async () => {
    const first = await segmentOf(path.join(dir, 'reused'), mixedRecords('reused-a'));
    await storeSegment(sinkOn(db().transport, 'reused'), first, { skipStored: false });
    rmSync(first.file);
    const again = await segmentOf(path.join(dir, 'reused'), mixedRecords('reused-b'));
    expect(path.basename(again.file)).toBe(path.basename(first.file));
    expect(await storeSegment(sinkOn(db().transport, 'reused'), again, { skipStored: false })).toBe(7);
  });

  it('refuses a collector name that could not be part of a batch id', () => {
    expect(() => sinkOn(db().transport, 'a/b')).toThrow("collector name 'a/b' must be 1 to 64 letters, digits or _.-");
  });
});

function rowId(row: LogRecord): string {
  return 'kind' in row ? (row.kind === 'decision' ? row.decisionId : row.heartbeatId) : row.eventId;
}

function sortById(rows: readonly LogRecord[]): LogRecord[] {
  return [...rows].sort((a, b) => rowId(a).localeCompare(rowId(b)));
}

/** Where line `index` starts in the segment: the lengths in bytes of the lines before it, each with its \n. */
function byteOffsetOfLine(rows: LogRecord[], index: number): number {
  return rows.slice(0, index).reduce((sum, row) => sum + Buffer.byteLength(JSON.stringify(row)) + 1, 0);
}

import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IngestLog, type LogRecord } from '../src/ingest/ingest-log.js';
import type { ClickHouseTransport } from '../src/store/clickhouse/clickhouse-transport.js';
import { ensureSchema, eventTables } from '../src/store/clickhouse/ensure-schema.js';
import { EventBatchWriter } from '../src/store/clickhouse/event-batch-writer.js';
import { readEventRows } from '../src/store/clickhouse/event-rows-reader.js';
import { ClickHouseSegmentDrain } from '../src/store/clickhouse/segment-drain.js';
import { sqlString } from '../src/store/clickhouse/sql-literal.js';
import { describeWithClickHouse, useTestDatabase } from './helpers/clickhouse.js';
import { LAST_HOUR_OF_JANUARY_MS, decisionRow, heartbeatRow, hitRow } from './helpers/event-rows.js';

const tables = eventTables({ variables: ['section', 'pageType'] });

/** Seven records of every kind, in log order. */
function records(prefix: string): LogRecord[] {
  return [
    hitRow(`${prefix}-1`),
    heartbeatRow(LAST_HOUR_OF_JANUARY_MS),
    hitRow(`${prefix}-2`, { pageName: `l'${prefix}\n` }),
    decisionRow(`${prefix}-d`, LAST_HOUR_OF_JANUARY_MS),
    hitRow(`${prefix}-3`, { day: '2026-02-01' }),
    { ...heartbeatRow(LAST_HOUR_OF_JANUARY_MS + 1000), heartbeatId: `${prefix}-hb2` },
    hitRow(`${prefix}-4`),
  ];
}

/** A sealed segment holding `rows`, as the collector's log writes it. */
async function segmentOf(dir: string, rows: LogRecord[]): Promise<string> {
  const { log } = IngestLog.open(dir);
  await log.append(rows);
  const sealed = await log.seal();
  await log.close();
  return sealed!.file;
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

describeWithClickHouse('ClickHouseSegmentDrain', () => {
  const db = useTestDatabase();
  let dir: string;
  const drainOn = (transport: ClickHouseTransport, collector: string) =>
    new ClickHouseSegmentDrain({
      writer: new EventBatchWriter({ transport, database: db().location.database, tables, now: () => LAST_HOUR_OF_JANUARY_MS }),
      collector,
      batchRows: 3,
    });
  /** The rows a collector stored, by id (a heartbeat's, a decision's or a hit's event id). */
  const storedRows = async (collector: string) => {
    const prefix = `${collector}/`;
    const where = `substring(batch_id, 1, ${prefix.length}) = ${sqlString(prefix)}`;
    const read = (table: typeof tables.hits) => readEventRows(db().transport, db().location.database, table, where);
    return sortById([...(await read(tables.hits)), ...(await read(tables.heartbeats)), ...(await read(tables.decisions))]);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mesura-ch-drain-'));
    await ensureSchema(db().transport, db().location.database, tables);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a segment in batches named by collector, segment and offset, once however often it is drained', async () => {
    const rows = records('once');
    const file = await segmentOf(path.join(dir, 'once'), rows);
    expect(await drainOn(db().transport, 'once').drain(file)).toEqual({ rows: 7, rowsInserted: 7, batches: 3, skippedLines: 0, refused: [] });
    expect(await drainOn(db().transport, 'once').drain(file)).toEqual({ rows: 7, rowsInserted: 0, batches: 3, skippedLines: 0, refused: [] });
    const ids = await db().transport.query<{ batch_id: string }>(`SELECT DISTINCT batch_id FROM ${db().location.database}.event_batches ORDER BY batch_id`);
    const name = path.basename(file);
    expect(ids.map((row) => row.batch_id.replace(/\/[\w-]{22}$/, ''))).toEqual([`once/${name}/0`, `once/${name}/${byteOffsetOfLine(rows, 3)}`, `once/${name}/${byteOffsetOfLine(rows, 6)}`]);
    expect(await storedRows('once')).toEqual(sortById(rows));
  });

  it('finishes a segment whose drain was killed midway, storing each row once', async () => {
    const rows = records('killed');
    const file = await segmentOf(path.join(dir, 'killed'), rows);
    await expect(drainOn(crashingAtInsert(db().transport, 4), 'killed').drain(file)).rejects.toThrow('collector killed');
    expect(await drainOn(db().transport, 'killed').drain(file)).toEqual({ rows: 7, rowsInserted: 3, batches: 3, skippedLines: 0, refused: [] });
    expect(await storedRows('killed')).toEqual(sortById(rows));
  });

  it('skips a torn last line, which no client was told was stored', async () => {
    const file = await segmentOf(path.join(dir, 'torn'), records('torn'));
    appendFileSync(file, '{"eventId":"torn-5","reportSuite":"mesu');
    expect(await drainOn(db().transport, 'torn').drain(file)).toEqual({ rows: 7, rowsInserted: 7, batches: 3, skippedLines: 1, refused: [] });
    expect(await storedRows('torn')).toHaveLength(7);
  });

  it('names a segment whose name came back after the log was emptied apart from the first', async () => {
    const first = await segmentOf(path.join(dir, 'reused'), records('reused-a'));
    await drainOn(db().transport, 'reused').drain(first);
    rmSync(first);
    const again = await segmentOf(path.join(dir, 'reused'), records('reused-b'));
    expect(path.basename(again)).toBe(path.basename(first));
    expect(await drainOn(db().transport, 'reused').drain(again)).toMatchObject({ rowsInserted: 7 });
  });

  it('refuses a collector name that could not be part of a batch id', () => {
    expect(() => drainOn(db().transport, 'a/b')).toThrow("collector name 'a/b' must be 1 to 64 letters, digits or _.-");
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

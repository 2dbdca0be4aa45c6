import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { IngestLog, SEGMENT_EXTENT_MIN_BYTES } from '../../src/ingest/ingest-log.js';
import { storeSegment } from '../../src/ingest/segment-batches.js';
import { StoreLoader } from '../../src/ingest/store-loader.js';
import { openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { HitRow } from '../../src/store/hit-row.js';
import type { Store } from '../../src/store/store.js';
import { plainPageView } from '../helpers/event-rows.js';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-log-'));
  store = await openDuckDbStore(path.join(dir, 'db'), variableNames(SITE_VARIABLE_MAP));
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function row(eventId: string): HitRow {
  return plainPageView(eventId, 'V', Date.UTC(2026, 10, 23, 9, 0), null, {
    clientTimeMs: null,
    visitorIdSource: 'fid',
    pageName: `page ${eventId}`,
    channel: null,
    variables: { section: 'noticies', pageType: 'noticia' },
    ipAnonymised: '203.0.113.0',
    consent: 'unknown',
  });
}

async function storedIds(): Promise<string[]> {
  const ids: string[] = [];
  for await (const chunk of store.exportHits({ from: '2026-11-23', to: '2026-11-23', reportSuite: 'mesuradev' })) {
    ids.push(...chunk.map((r) => String(r.event_id)));
  }
  return ids.sort();
}

const logDir = () => path.join(dir, 'log');
const silent = () => undefined;

describe('IngestLog and StoreLoader', () => {
  it('loads acknowledged rows into the store, with their named variables, and deletes the segment', async () => {
    const { log } = IngestLog.open(logDir());
    const loader = new StoreLoader(log, store, silent);
    await log.append([row('a'), row('b')]);
    await loader.flush();
    expect(await storedIds()).toEqual(['a', 'b']);
    const [first] = await collect();
    expect(first).toMatchObject({ section: 'noticies', page_type: 'noticia', received_at: '2026-11-23T09:00:00.000Z', day: '2026-11-23' });
    await log.close();
    expect(readdirSync(logDir())).toEqual([]);
  });

  it('seals a segment only once every sync under way on it has ended, and stores every row of appends made while others synced', async () => {
    const { log } = IngestLog.open(logDir());
    const loader = new StoreLoader(log, store, silent);
    // Several group commits in flight at once (intake.ts LOG_SYNCS_IN_FLIGHT), then a load.
    const appends = ['a', 'b', 'c', 'd', 'e'].map((id) => log.append([row(id)]));
    const load = loader.flush();
    await Promise.all(appends);
    await load;
    expect(await storedIds()).toEqual(['a', 'b', 'c', 'd', 'e']);
    await log.close();
    expect(readdirSync(logDir())).toEqual([]);
  });

  it('recovers what a crashed process acknowledged, skipping a torn last line', async () => {
    const crashed = IngestLog.open(logDir()).log;
    await crashed.append([row('a'), row('b')]);
    // The process dies here: nothing sealed or loaded; a half-written batch follows the rows,
    // before the zeros the log wrote ahead of them.
    const [segment] = readdirSync(logDir());
    writeAtEndOfRows(path.join(logDir(), segment!), '{"eventId":"c","reportSu');

    const { log, leftover } = IngestLog.open(logDir());
    const loader = new StoreLoader(log, store, silent);
    expect(await loader.recover(leftover)).toBe(2);
    expect(await storedIds()).toEqual(['a', 'b']);
    expect(readdirSync(logDir())).toHaveLength(1); // only the new, current segment
    await log.close();
  });

  it('writes zeros ahead of the rows, growing with them, and cuts them off when the segment is sealed', async () => {
    const { log } = IngestLog.open(logDir());
    const ids = Array.from({ length: 300 }, (_, i) => `z${String(i).padStart(3, '0')}`);
    let rowBytes = 0;
    for (const id of ids) {
      await log.append([row(id)]);
      rowBytes += Buffer.byteLength(`${JSON.stringify(row(id))}\n`);
    }
    expect(rowBytes).toBeGreaterThan(4 * SEGMENT_EXTENT_MIN_BYTES);
    const [file] = readdirSync(logDir()).map((name) => path.join(logDir(), name));
    const onDisk = readFileSync(file!);
    expect(onDisk.length).toBeGreaterThan(rowBytes);
    expect(onDisk.indexOf(0)).toBe(rowBytes);
    expect(onDisk.subarray(rowBytes).every((byte) => byte === 0)).toBe(true);
    // The extents grow with the rows: far fewer than one per append, never more than the rows again.
    expect(onDisk.length).toBeLessThanOrEqual(2 * rowBytes + SEGMENT_EXTENT_MIN_BYTES);

    const sealed = await log.seal();
    expect(statSync(sealed!.file).size).toBe(rowBytes);
    expect(await storeSegment(store, sealed!, { skipStored: false })).toBe(ids.length);
    expect(await storedIds()).toEqual(ids);
    await log.close();
  });

  it('does not store a row twice when a segment that was already loaded is recovered again', async () => {
    const first = IngestLog.open(logDir()).log;
    await first.append([row('a')]);
    const [segment] = readdirSync(logDir());
    await storeSegment(store, { file: path.join(logDir(), segment!) }, { skipStored: false });

    const { log, leftover } = IngestLog.open(logDir());
    const loader = new StoreLoader(log, store, silent);
    expect(await loader.recover(leftover)).toBe(0);
    expect(await storedIds()).toEqual(['a']);
    await log.close();
  });
});

/** Writes `text` where the segment's rows end and the zeros written ahead of them begin, as a write cut short by a crash leaves it. */
function writeAtEndOfRows(file: string, text: string): void {
  const endOfRows = readFileSync(file).indexOf(0);
  expect(endOfRows).toBeGreaterThan(0);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, text, endOfRows);
  } finally {
    closeSync(fd);
  }
}

async function collect(): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const chunk of store.exportHits({ from: '2026-11-23', to: '2026-11-23', reportSuite: 'mesuradev' })) rows.push(...chunk);
  return rows;
}

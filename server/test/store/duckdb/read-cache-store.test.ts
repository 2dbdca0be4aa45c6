/**
 * The embedded store answers a report read again from memory only while it has not written
 * (read-cache.ts): a load, an erasure, retention or a statement that is not a query makes the next
 * read see the store as it is now.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { hitRow } from '../../helpers/event-rows.js';

const MAX_AGE_MS = 60_000;
const COUNT = { name: 'hit-count', duckdb: 'SELECT count(*) AS hits FROM hits WHERE report_suite = $suite' };

let dir: string;
let store: Awaited<ReturnType<typeof openDuckDbStore>>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-read-cache-'));
  store = await openDuckDbStore(path.join(dir, 'data'), variableNames(SITE_VARIABLE_MAP), undefined, undefined, undefined, undefined, MAX_AGE_MS);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const hits = async () => Number((await store.read(COUNT, { suite: hitRow('probe').reportSuite }))[0]?.hits);

describe('report reads of the embedded store between writes', () => {
  it('count the rows of every load', async () => {
    await store.storeBatch(rowBatchOf('load-1', [hitRow('a-1'), hitRow('a-2')]), { skipStored: false });
    expect(await hits()).toBe(2);
    expect(await hits()).toBe(2);
    await store.storeBatch(rowBatchOf('load-2', [hitRow('b-1')]), { skipStored: false });
    expect(await hits()).toBe(3);
  });

  it('see an erasure and a write made through the reader', async () => {
    await store.storeBatch(rowBatchOf('load-1', [hitRow('a-1'), hitRow('a-2', { visitorId: 'erased-visitor' })]), { skipStored: false });
    expect(await hits()).toBe(2);
    await store.eraseVisitor('erased-visitor');
    expect(await hits()).toBe(1);
    await store.read({ name: 'delete', duckdb: 'DELETE FROM hits WHERE report_suite = $suite' }, { suite: hitRow('probe').reportSuite });
    expect(await hits()).toBe(0);
  });
});

/**
 * store/clickhouse/batch-sink-thread.ts: a collector's batches stored by the built drain thread
 * (dist/…/batch-sink-worker.js, built first with `tsc -b server`, as collector-kill.test.ts does,
 * since unit tests run before `npm run build` in CI) once however often they are sent; a failure
 * comes back as the sink's one line; a thread that dies fails what it held and the next batch
 * starts a new one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadedBatchSink, type BatchSinkWorkerData } from '../../../src/store/clickhouse/batch-sink-thread.js';
import { ClickHouseDrainError } from '../../../src/store/clickhouse/clickhouse-batch-sink.js';
import { ensureSchema } from '../../../src/store/clickhouse/ensure-schema.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { LAST_HOUR_OF_JANUARY_MS, decisionRow, heartbeatRow, hitRow } from '../../helpers/event-rows.js';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const WORKER = pathToFileURL(path.join(REPO, 'server/dist/store/clickhouse/batch-sink-worker.js'));
/** An up-to-date build takes seconds; a first one on a loaded machine, a minute or two. */
const BUILD_TIMEOUT_MS = 180_000;
const VARIABLES = ['section', 'pageType'];
/** Without the test runner's `--conditions mesura-source`, which would point the built worker at TypeScript sources. */
const BUILT_CODE_ONLY: string[] = [];

function storeUrl(location: { username: string; password: string; endpoint: string; database: string }): string {
  return `clickhouse://${location.username}:${location.password}@${location.endpoint.replace('http://', '')}/${location.database}`;
}

describeWithClickHouse('the ClickHouse drain on its own thread', () => {
  const db = useTestDatabase();
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'server'], { cwd: REPO, stdio: 'inherit' });
    await ensureSchema(db().transport, db().location.database, eventTables({ variables: VARIABLES }));
  }, BUILD_TIMEOUT_MS);

  it('stores a batch once, however often it is sent, and counts it as the in-thread sink does', async () => {
    const workerData: BatchSinkWorkerData = { url: storeUrl(db().location), variables: VARIABLES, collector: 'threaded', batchRows: 1000 };
    const sink = threadedBatchSink({ workerFile: WORKER, workerData, onLeftOut: () => undefined, execArgv: BUILT_CODE_ONLY });
    try {
      const batch = rowBatchOf('thread-1', [hitRow('t-1'), heartbeatRow(LAST_HOUR_OF_JANUARY_MS), decisionRow('t-d', LAST_HOUR_OF_JANUARY_MS), hitRow('t-2')]);
      expect(await sink.storeBatch(batch, { skipStored: false })).toBe(4);
      expect(await sink.storeBatch(batch, { skipStored: true })).toBe(0);
      const stored = await db().transport.query<{ n: string }>(`SELECT count() AS n FROM ${db().location.database}.hits WHERE batch_id = ${sqlString(`threaded/${batch.id}`)}`);
      expect(stored).toEqual([{ n: '2' }]);
    } finally {
      await sink.close();
    }
  });

  it('fails a batch ClickHouse cannot take with the sink’s one line, naming the server and never its password', async () => {
    const unreachable = { ...db().location, password: 'secret-pw', endpoint: 'http://127.0.0.1:9' };
    const workerData: BatchSinkWorkerData = { url: storeUrl(unreachable), variables: VARIABLES, collector: 'threaded', batchRows: 1000 };
    const sink = threadedBatchSink({ workerFile: WORKER, workerData, onLeftOut: () => undefined, execArgv: BUILT_CODE_ONLY });
    try {
      const failure = await sink.storeBatch(rowBatchOf('thread-2', [hitRow('u-1')]), { skipStored: false }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ClickHouseDrainError);
      expect((failure as Error).message).toMatch(/^draining the ingest log into ClickHouse at .*127\.0\.0\.1:9.* failed: /);
      expect((failure as Error).message).not.toContain('secret-pw');
    } finally {
      await sink.close();
    }
  });
});

describe('a drain thread that dies', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-drain-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails the batches it held, and the next batch starts a new thread', async () => {
    const dying = path.join(dir, 'dying-worker.mjs');
    // Dies on its first batch; a second thread (a new start of this file) answers as stored.
    writeFileSync(
      dying,
      `import { existsSync, writeFileSync } from 'node:fs';
       import { parentPort } from 'node:worker_threads';
       const mark = ${JSON.stringify(path.join(dir, 'died-once'))};
       parentPort.on('message', (m) => {
         if (!existsSync(mark)) { writeFileSync(mark, ''); process.exit(3); }
         parentPort.postMessage({ type: 'stored', seq: m.seq, rows: 1 });
       });`,
    );
    const workerData: BatchSinkWorkerData = { url: 'clickhouse://default:@127.0.0.1:9/x', variables: [], collector: 'dying', batchRows: 10 };
    const sink = threadedBatchSink({ workerFile: pathToFileURL(dying), workerData, onLeftOut: () => undefined });
    const batch = rowBatchOf('dying-1', [hitRow('d-1')]);
    await expect(sink.storeBatch(batch, { skipStored: false })).rejects.toThrow("the ClickHouse drain's thread stopped: exit code 3");
    expect(await sink.storeBatch(batch, { skipStored: true })).toBe(1);
    await sink.close();
  });
});

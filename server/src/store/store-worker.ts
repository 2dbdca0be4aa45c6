/**
 * Worker-thread host of the DuckDB store. DuckDB's appender commits synchronously (a write and an
 * fsync), which would stall every request on the main thread; here it stalls only this thread.
 * Speaks the messages of worker-store.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDuckDbStore } from './duckdb-store.js';
import type { ExportedHit, Store } from './store.js';
import type { StoreReply, StoreRequest, StoreWorkerData } from './worker-store.js';

const { dataDir, variables } = workerData as StoreWorkerData;
const port = parentPort!;
const exports = new Map<number, AsyncIterator<ExportedHit[]>>();
let nextExportId = 1;

const store: Store = await openDuckDbStore(dataDir, variables);
port.postMessage({ id: 0, ok: true, value: store.exportColumns() } satisfies StoreReply);

port.on('message', (request: StoreRequest) => {
  handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies StoreReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: (error as Error).message ?? String(error) } satisfies StoreReply),
  );
});

async function handle(request: StoreRequest): Promise<unknown> {
  switch (request.op) {
    case 'loadSegment':
      return store.loadSegment(request.file, { skipStored: request.skipStored });
    case 'pageViews':
      return store.pageViews(request.query);
    case 'exportStart': {
      const exportId = nextExportId++;
      exports.set(exportId, store.exportHits(request.query)[Symbol.asyncIterator]());
      return exportId;
    }
    case 'exportNext': {
      const iterator = exports.get(request.exportId);
      const next = iterator ? await iterator.next() : { done: true as const, value: undefined };
      if (next.done) exports.delete(request.exportId);
      return next.done ? null : next.value;
    }
    case 'exportCancel':
      await exports.get(request.exportId)?.return?.();
      exports.delete(request.exportId);
      return undefined;
    case 'close':
      await store.close();
      setImmediate(() => port.close());
      return undefined;
  }
}

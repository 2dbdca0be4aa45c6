import { Worker } from 'node:worker_threads';
import type { ExportQuery, ExportedHit, PageViewQuery, PageViewReport, Store } from './store.js';

export interface StoreWorkerData {
  dataDir: string;
  variables: readonly string[];
}

export type StoreRequest =
  | { id: number; op: 'loadSegment'; file: string; skipStored: boolean }
  | { id: number; op: 'pageViews'; query: PageViewQuery }
  | { id: number; op: 'exportStart'; query: ExportQuery }
  | { id: number; op: 'exportNext'; exportId: number }
  | { id: number; op: 'exportCancel'; exportId: number }
  | { id: number; op: 'close' };

export type StoreReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type RequestBody = StoreRequest extends infer R ? (R extends StoreRequest ? Omit<R, 'id'> : never) : never;

/**
 * The store running on a worker thread (store-worker.ts), seen from the main thread through the
 * same `Store` interface. Requests and replies are matched by id; an export is pulled one chunk at
 * a time, so a slow client never makes the worker buffer the whole table.
 */
export async function openWorkerStore(data: StoreWorkerData): Promise<Store> {
  const worker = new Worker(new URL('./store-worker.js', import.meta.url), { workerData: data });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;

  const ready = new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject }));
  worker.on('message', (reply: StoreReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.error));
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the store worker exited (${code})`)));

  const call = (body: RequestBody): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id });
    });
  };

  const columns = (await ready) as string[];
  return {
    loadSegment: async (file, { skipStored }) => (await call({ op: 'loadSegment', file, skipStored })) as number,
    pageViews: async (query) => (await call({ op: 'pageViews', query })) as PageViewReport,
    exportColumns: () => columns,
    exportHits: (query) => pullExport(call, query),
    close: async () => {
      await call({ op: 'close' });
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

async function* pullExport(call: (body: RequestBody) => Promise<unknown>, query: ExportQuery): AsyncGenerator<ExportedHit[]> {
  const exportId = (await call({ op: 'exportStart', query })) as number;
  let finished = false;
  try {
    for (;;) {
      const chunk = (await call({ op: 'exportNext', exportId })) as ExportedHit[] | null;
      if (chunk === null) {
        finished = true;
        return;
      }
      yield chunk;
    }
  } finally {
    // A client that hung up mid-export: let the worker drop its cursor.
    if (!finished) await call({ op: 'exportCancel', exportId }).catch(() => undefined);
  }
}

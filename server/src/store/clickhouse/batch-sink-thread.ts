/**
 * The ClickHouse batch sink on a thread of its own. Parsing a batch's lines and building its
 * INSERTs is about a twelfth of a loaded collector's JavaScript thread (docs/capacity.md §4), the
 * thread that answers every request; here the collector hands the batch's bytes to a worker
 * (batch-sink-worker.ts), which runs the same sink (clickhouse-batch-sink.ts) and answers with
 * the rows it stored or the failure's one line. The loader's contract is unchanged: a batch is
 * stored once resolved, and a failed one is tried again.
 */
import { Worker } from 'node:worker_threads';
import type { RowBatch, RowBatchSink, SegmentKinds } from '../row-batch.js';
import { ClickHouseDrainError, type LeftOut } from './clickhouse-batch-sink.js';

/** What the worker needs to open its own connection and writer. */
export interface BatchSinkWorkerData {
  /** MESURA_STORE, as the main thread read it. */
  url: string;
  variables: readonly string[];
  collector: string;
  batchRows: number;
}

/** A batch as it crosses to the worker: its bytes moved, not copied twice. */
export interface BatchMessage {
  seq: number;
  id: string;
  kinds: Readonly<SegmentKinds>;
  lines: Uint8Array;
  skippedLines: number;
  skipStored: boolean;
}

export type WorkerAnswer = { type: 'stored'; seq: number; rows: number } | { type: 'failed'; seq: number; message: string } | { type: 'leftOut'; leftOut: LeftOut };

export interface ThreadedBatchSinkOptions {
  /** The compiled batch-sink-worker.js. */
  workerFile: URL;
  workerData: BatchSinkWorkerData;
  onLeftOut: (leftOut: LeftOut) => void;
  /**
   * The thread's Node flags; default the process's own, so that an operator's flags apply to it
   * too. A test runner's `--conditions` would have it load TypeScript sources: tests pass [].
   */
  execArgv?: string[];
}

interface Waiting {
  resolve: (rows: number) => void;
  reject: (error: Error) => void;
}

export function threadedBatchSink(options: ThreadedBatchSinkOptions): RowBatchSink & { close(): Promise<void> } {
  const waiting = new Map<number, Waiting>();
  let worker: Worker | undefined;
  let seq = 0;
  // A worker that died fails what it held; the loader tries those batches again on a new one.
  const lost = (why: string) => {
    worker = undefined;
    for (const [key, wait] of waiting) {
      waiting.delete(key);
      wait.reject(new ClickHouseDrainError(`the ClickHouse drain's thread stopped: ${why}`));
    }
  };
  const started = (): Worker => {
    const made = new Worker(options.workerFile, { workerData: options.workerData, ...(options.execArgv && { execArgv: options.execArgv }) });
    made.on('message', (answer: WorkerAnswer) => {
      if (answer.type === 'leftOut') return options.onLeftOut(answer.leftOut);
      const wait = waiting.get(answer.seq);
      waiting.delete(answer.seq);
      if (answer.type === 'stored') wait?.resolve(answer.rows);
      else wait?.reject(new ClickHouseDrainError(answer.message));
    });
    made.on('error', (error) => lost(error.message.split('\n', 1)[0] ?? ''));
    made.on('exit', (code) => worker === made && lost(`exit code ${code}`));
    return made;
  };
  return {
    batchRows: options.workerData.batchRows,
    storeBatch(batch: RowBatch, { skipStored }) {
      worker ??= started();
      seq += 1;
      // A copy of its own: the batch's bytes are a view of the whole segment's buffer.
      const lines = new Uint8Array(batch.lines);
      const message: BatchMessage = { seq, id: batch.id, kinds: batch.kinds, lines, skippedLines: batch.skippedLines, skipStored };
      const stored = new Promise<number>((resolve, reject) => waiting.set(message.seq, { resolve, reject }));
      worker.postMessage(message, [lines.buffer]);
      return stored;
    },
    async close() {
      const ending = worker;
      worker = undefined;
      if (ending) await ending.terminate();
    },
  };
}

/**
 * The ClickHouse drain's thread (batch-sink-thread.ts): its own transport and batch writer, the
 * same sink as in-thread (clickhouse-batch-sink.ts), one batch at a time as the loader sends them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { LogRecord, RowBatch } from '../row-batch.js';
import { NdjsonBatch } from '../ndjson-batch.js';
import type { BatchMessage, BatchSinkWorkerData, WorkerAnswer } from './batch-sink-thread.js';
import { clickHouseBatchSink } from './clickhouse-batch-sink.js';
import { createClickHouseTransport } from './clickhouse-transport.js';
import { parseClickHouseUrl } from './clickhouse-url.js';
import { eventTables } from './event-tables.js';
import { EventBatchWriter } from './event-batch-writer.js';

const port = parentPort;
if (port === null) throw new Error('batch-sink-worker.js runs as a worker thread (batch-sink-thread.ts)');
const data = workerData as BatchSinkWorkerData;
const location = parseClickHouseUrl(data.url);
const writer = new EventBatchWriter({
  transport: createClickHouseTransport(location),
  database: location.database,
  tables: eventTables({ variables: data.variables }),
  now: Date.now,
});
const answer = (message: WorkerAnswer) => port.postMessage(message);
const sink = clickHouseBatchSink({ writer, collector: data.collector, location, batchRows: data.batchRows, onLeftOut: (leftOut) => answer({ type: 'leftOut', leftOut }) });

/** The batch as the main thread named it; its lines parsed here, off the request path. */
function received(message: BatchMessage): RowBatch {
  const lines = Buffer.from(message.lines.buffer, message.lines.byteOffset, message.lines.byteLength);
  const parsed = new NdjsonBatch({ name: 'received', offset: 0, lines, skippedLines: message.skippedLines, kinds: message.kinds });
  return {
    id: message.id,
    kinds: message.kinds,
    lines,
    get skippedLines() {
      return parsed.skippedLines;
    },
    records: (): readonly LogRecord[] => parsed.records(),
  };
}

port.on('message', (message: BatchMessage) => {
  sink.storeBatch(received(message), { skipStored: message.skipStored }).then(
    (rows) => answer({ type: 'stored', seq: message.seq, rows }),
    (error: unknown) => answer({ type: 'failed', seq: message.seq, message: error instanceof Error ? error.message : String(error) }),
  );
});

import { performance } from 'node:perf_hooks';
import type { RefusalStore } from '../store/refusal-store.js';
import type { RowBatchSink } from '../store/row-batch.js';

/** The events sink with each batch's store timed (the metrics' store load durations); everything else passed through. */
export function timedSink(sink: RowBatchSink & RefusalStore, observe: (seconds: number) => void): RowBatchSink & RefusalStore {
  return {
    get batchRows() {
      return sink.batchRows;
    },
    async storeBatch(batch, options) {
      const startedMs = performance.now();
      const rows = await sink.storeBatch(batch, options);
      observe((performance.now() - startedMs) / 1000);
      return rows;
    },
    addRefusedHits: (rows) => sink.addRefusedHits(rows),
    refusedHits: (query) => sink.refusedHits(query),
  };
}

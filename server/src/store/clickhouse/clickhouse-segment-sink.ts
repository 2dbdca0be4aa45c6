import type { SegmentSink } from '../../ingest/store-loader.js';
import { describeClickHouse, type ClickHouseLocation } from './clickhouse-url.js';
import type { ClickHouseSegmentDrain, DrainResult } from './segment-drain.js';

/** A drain that failed; the message names the server and never its password. */
export class ClickHouseDrainError extends Error {
  readonly code = 'MESURA_ERR_CLICKHOUSE_DRAIN';
}

export interface ClickHouseSegmentSinkOptions {
  drain: Pick<ClickHouseSegmentDrain, 'drain'>;
  location: ClickHouseLocation;
  /** Rows the writer left out (no column can hold them) and torn lines skipped: log them. */
  onDrained: (file: string, result: DrainResult) => void;
}

/**
 * The ingest loader's way into ClickHouse (ingest/store-loader.ts SegmentSink): each sealed
 * segment goes through the segment drain, whose batches are stored once however often a segment is
 * drained, so `skipStored` needs no work here. A failure becomes one line for the log and /healthz.
 */
export function clickHouseSegmentSink(options: ClickHouseSegmentSinkOptions): SegmentSink {
  const server = describeClickHouse(options.location);
  const { password } = options.location;
  return {
    async loadSegment(file) {
      let result: DrainResult;
      try {
        result = await options.drain.drain(file);
      } catch (error) {
        const text = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
        const reason = password === '' ? text : text.replaceAll(password, '***');
        throw new ClickHouseDrainError(`draining the ingest log into ClickHouse at ${server} failed: ${reason}`);
      }
      if (result.refused.length > 0 || result.skippedLines > 0) options.onDrained(file, result);
      return result.rowsInserted;
    },
  };
}

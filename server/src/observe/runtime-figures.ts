/**
 * The process's own figures, read cheaply and at any time: resident and heap memory, the event
 * loop's delay (perf_hooks' histogram, reset by whoever reads it per period) and DuckDB's memory.
 * The metrics endpoint reads them at scrape time; the soak benchmark reads them once a minute.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { numberOf, type AnalyticsReader } from '../store/analytics-reader.js';
import { DUCKDB_MEMORY_QUERY } from '../store/duckdb/duckdb-memory-query.js';

/** The event-loop delay histogram's sampling step: fine enough for a p99 in ms, a timer of negligible cost. */
export const EVENT_LOOP_SAMPLE_MS = 20;

export interface RuntimeFigures {
  rssBytes: number;
  heapUsedBytes: number;
  /** The event loop's delay since the last reset: p99 and max in ms. */
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

export interface RuntimeFigureReader {
  /** Memory now and the loop's delay since the last `read(true)` (or since start). */
  read(reset?: boolean): RuntimeFigures;
  stop(): void;
}

/** Starts the loop-delay histogram; `stop` ends its timer. */
export function startRuntimeFigures(): RuntimeFigureReader {
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  delay.enable();
  return {
    read(reset = false) {
      const memory = process.memoryUsage();
      const figures = {
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        // The histogram counts in ns and is 0 (or NaN) before its first sample.
        eventLoopDelayP99Ms: finiteMs(delay.percentile(99)),
        eventLoopDelayMaxMs: finiteMs(delay.max),
      };
      if (reset) delay.reset();
      return figures;
    },
    stop: () => delay.disable(),
  };
}

/** DuckDB's memory in bytes, or undefined off DuckDB (ClickHouse has its own exporter) or when the read fails. */
export async function duckDbMemoryBytes(reader: AnalyticsReader | undefined): Promise<number | undefined> {
  if (!reader) return undefined;
  try {
    const [row] = await reader.read(DUCKDB_MEMORY_QUERY, {});
    return numberOf(row?.bytes) ?? undefined;
  } catch {
    return undefined;
  }
}

function finiteMs(ns: number): number {
  return Number.isFinite(ns) && ns > 0 ? ns / 1e6 : 0;
}

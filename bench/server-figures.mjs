// What a benchmark reads of a server's own figures: its Prometheus exposition on MESURA_METRICS_PORT
// (server/src/observe/metrics.ts), parsed for the few series a benchmark prints. A figure the server does not
// expose is undefined (printed "n/a").

/** The series read, by the name a benchmark gives the figure, with the factor to its unit. */
const SERIES = {
  heapMiB: { name: 'nodejs_heap_size_used_bytes', factor: 1 / 2 ** 20 },
  /** The heap V8 has taken from the system (used, garbage not yet collected, free pages kept): what RSS counts. */
  heapTotalMiB: { name: 'nodejs_heap_size_total_bytes', factor: 1 / 2 ** 20 },
  /** Memory of objects outside the heap that JavaScript holds (Buffers, ArrayBuffers), as V8 is told of it. */
  externalMiB: { name: 'nodejs_external_memory_bytes', factor: 1 / 2 ** 20 },
  loopP99Ms: { name: 'nodejs_eventloop_lag_p99_seconds', factor: 1000 },
  /** The longest the event loop was held since the last scrape: a stall of a second is one sample, below any p99. */
  loopMaxMs: { name: 'nodejs_eventloop_lag_max_seconds', factor: 1000 },
  duckdbMiB: { name: 'mesura_duckdb_memory_bytes', factor: 1 / 2 ** 20, sum: true },
  /** Running totals: a benchmark prints their change over its period (the mean load time). */
  storeLoadSeconds: { name: 'mesura_store_load_duration_seconds_sum', factor: 1 },
  storeLoads: { name: 'mesura_store_load_duration_seconds_count', factor: 1 },
  /** The collector's bounded caches, all together: how many entries they hold, and at most. */
  cacheEntries: { name: 'mesura_cache_entries', factor: 1, sum: true },
  cacheCapacity: { name: 'mesura_cache_capacity_entries', factor: 1, sum: true },
};

/** The figures of SERIES (`{heapMiB, heapTotalMiB, externalMiB, loopP99Ms, …}`) of the server whose metrics listen on `metricsPort`. */
export async function readServerFigures(metricsPort) {
  let text = '';
  try {
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    if (answer.ok) text = await answer.text();
  } catch {
    // No metrics listener: every figure is unknown.
  }
  const figures = {};
  for (const [figure, { name, factor, sum }] of Object.entries(SERIES)) {
    const samples = text
      .split('\n')
      .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
    if (samples.length > 0) figures[figure] = (sum ? samples.reduce((a, b) => a + b, 0) : samples[0]) * factor;
  }
  return figures;
}

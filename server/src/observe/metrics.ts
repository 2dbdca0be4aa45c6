/**
 * The Prometheus series the server exposes (prom-client, a registry per server, so that two
 * servers in one test process keep their counts apart; the process's own figures once per process). Counters are incremented on the request paths
 * through children bound once per label value (no label object per request); everything that is
 * a state (lag, undrained bytes, free disk, DuckDB's memory) is read at scrape time from
 * `MetricSources`, so a server that nobody scrapes pays nothing for it.
 * docs/operations.md "Health, readiness and metrics" lists the series and the alerts on them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { EVENT_LOOP_SAMPLE_MS } from './runtime-figures.js';
import type { CacheFill } from '../ingest/cache-fill.js';

/** What a collector counts: the three kinds of event it acknowledges or refuses. */
export type EventKind = 'beacon' | 'heartbeat' | 'decision';
export const EVENT_KINDS: readonly EventKind[] = ['beacon', 'heartbeat', 'decision'];

/** Seconds: a segment load takes tens of ms to a few s; a report a few ms to tens of s. */
const LOAD_BUCKETS_S = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const REPORT_BUCKETS_S = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The states read at scrape time; each may be absent in a role that has none. */
export interface MetricSources {
  /** The ingest log's rows waiting for a write, undrained bytes and oldest undrained age (ms). */
  ingest?: () => Promise<{ pendingEvents: number; undrainedLogBytes: number; lagMs: number }>;
  freeDiskBytes?: () => number | undefined;
  duckDbMemoryBytes?: () => Promise<number | undefined>;
  /** How full each of the collector's bounded caches is, by name. */
  caches?: () => Readonly<Record<string, CacheFill>>;
  /** 1 when /readyz would answer 200. */
  ready?: () => Promise<boolean>;
}

export interface ServerMetrics {
  readonly registry: Registry;
  acknowledged(kind: EventKind, count?: number): void;
  /** An event answered but not stored, or refused: `reason` is an error code or a refusal reason (a closed set). */
  refused(kind: EventKind, reason: string): void;
  /** A 4xx or 5xx answer: `route` is a route pattern, never a raw URL. */
  httpError(route: string, status: number): void;
  storeLoaded(seconds: number): void;
  reportAnswered(route: string, seconds: number): void;
  decided(type: string, count: number): void;
  /** Hits answered as stored but not stored (consent, visitor rate: ingest/refusals.ts), by its reason. */
  notStored(reason: string, hits: number): void;
  setSources(sources: MetricSources): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  const acknowledged = new Counter({ name: 'mesura_events_acknowledged_total', help: 'Events acknowledged (durable in the ingest log), by kind.', labelNames: ['kind'], registers });
  const refused = new Counter({ name: 'mesura_events_refused_total', help: 'Events refused or answered without being stored, by kind and reason.', labelNames: ['kind', 'reason'], registers });
  const httpErrors = new Counter({ name: 'mesura_http_errors_total', help: '4xx and 5xx answers, by route pattern and status.', labelNames: ['route', 'status'], registers });
  const loads = new Histogram({ name: 'mesura_store_load_duration_seconds', help: 'Time to load one ingest-log segment into the events store.', buckets: LOAD_BUCKETS_S, registers });
  const reports = new Histogram({
    name: 'mesura_report_duration_seconds',
    help: 'Time to answer a report or export request, by route pattern.',
    labelNames: ['route'],
    buckets: REPORT_BUCKETS_S,
    registers,
  });
  const notStored = new Counter({ name: 'mesura_events_not_stored_total', help: 'Hits answered as stored but kept out (consent, visitor rate), by reason.', labelNames: ['reason'], registers });
  const decisions = new Counter({ name: 'mesura_decisions_total', help: 'Personalisation impressions and conversions recorded.', labelNames: ['type'], registers });
  let sources: MetricSources = {};
  gauge(registers, 'mesura_ingest_pending_events', 'Events waiting for the ingest log write.', async () => (await sources.ingest?.())?.pendingEvents);
  gauge(registers, 'mesura_ingest_undrained_bytes', 'Bytes of ingest log not yet in the events store.', async () => (await sources.ingest?.())?.undrainedLogBytes);
  gauge(registers, 'mesura_ingest_lag_seconds', 'Age of the oldest event not yet in the events store.', async () => {
    const lagMs = (await sources.ingest?.())?.lagMs;
    return lagMs === undefined ? undefined : lagMs / 1000;
  });
  gauge(registers, 'mesura_disk_free_bytes', "Free bytes on the data folder's disk (last reading).", () => sources.freeDiskBytes?.());
  gauge(registers, 'mesura_duckdb_memory_bytes', 'Memory DuckDB holds (duckdb_memory()).', () => sources.duckDbMemoryBytes?.());
  cacheGauge(registers, 'mesura_cache_entries', 'Entries of a bounded cache (recent event ids, visitor rates), by cache.', () => sources.caches?.(), 'entries');
  cacheGauge(registers, 'mesura_cache_capacity_entries', 'Entries a bounded cache holds at most (MESURA_MEMORY_MIB), by cache.', () => sources.caches?.(), 'capacity');
  gauge(registers, 'mesura_ready', '1 when /readyz answers 200.', async () => (sources.ready ? Number(await sources.ready()) : undefined));
  const acknowledgedBy = new Map(EVENT_KINDS.map((kind) => [kind, acknowledged.labels(kind)]));
  const refusedBy = new Map<string, Counter.Internal>();
  return {
    registry,
    acknowledged: (kind, count = 1) => acknowledgedBy.get(kind)!.inc(count),
    refused(kind, reason) {
      const key = `${kind} ${reason}`;
      let child = refusedBy.get(key);
      if (!child) refusedBy.set(key, (child = refused.labels(kind, reason)));
      child.inc();
    },
    httpError: (route, status) => httpErrors.labels(route, String(status)).inc(),
    storeLoaded: (seconds) => loads.observe(seconds),
    reportAnswered: (route, seconds) => reports.labels(route).observe(seconds),
    decided: (type, count) => decisions.labels(type).inc(count),
    notStored: (reason, hits) => notStored.labels(reason).inc(hits),
    setSources(next) {
      sources = next;
    },
    async scrape() {
      const merged = Registry.merge([processRegistry(), registry]);
      return { contentType: registry.contentType, text: await merged.metrics() };
    },
  };
}

let processMetrics: Registry | undefined;

/**
 * prom-client's default metrics (memory, event-loop delay, GC, handles) belong to the process,
 * not to one server: made once, so that the servers a test process starts do not each add their
 * own GC observer and loop-delay timer. Merged into each server's registry at scrape time.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  }
  return processMetrics;
}

/** A gauge set from `read` at each scrape; a role without the figure leaves it out (no sample). */
/** A gauge with one series per cache, read at scrape time. */
function cacheGauge(registers: Registry[], name: string, help: string, read: () => Readonly<Record<string, CacheFill>> | undefined, field: 'entries' | 'capacity'): void {
  new Gauge({
    name,
    help,
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const [cache, fill] of Object.entries(read() ?? {})) this.labels(cache).set(fill[field]);
    },
  });
}

function gauge(registers: Registry[], name: string, help: string, read: () => number | undefined | Promise<number | undefined>): void {
  new Gauge({
    name,
    help,
    registers,
    async collect() {
      const value = await read();
      if (value === undefined) this.reset();
      else this.set(value);
    },
  });
}

import path from 'node:path';
import { decodeBeacon, decodeHeartbeatQuery, storedUserAgent, type VariableMap } from '@mesura/protocol';
import type { MemoryBudget } from '../memory-budget.js';
import type { DecisionEventRow } from '../store/decision-row.js';
import type { HeartbeatRow } from '../store/heartbeat-row.js';
import type { HitRow } from '../store/hit-row.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { localDayIn } from '../local-day.js';
import { Batcher, BatcherClosedError } from './batcher.js';
import { createHeartbeatPipeline, heartbeatSuites, type HeartbeatFacts } from './heartbeat-pipeline.js';
import { IngestLog, type LogRecord } from './ingest-log.js';
import type { ConsentPolicy } from './consent-check.js';
import { createConsentChecker } from './consent-checker.js';
import { createPipeline } from './pipeline.js';
import { RecentEventIds } from './recent-event-ids.js';
import { RECENT_EVENT_IDS } from '../memory-budget.js';
import { createRefusalCounts, type RefusalCounts } from './refusals.js';
import { acceptReportSuites } from './accepted-report-suites.js';
import { createVisitorRate, type VisitorRateLimits } from './visitor-rate.js';
import type { RefusalStore } from '../store/refusal-store.js';
import type { RowBatchSink } from '../store/row-batch.js';
import { StoreLoader } from './store-loader.js';
import type { DrainRetry } from '../store/drain-retry.js';
import { MAX_UNDRAINED_LOG_BYTES_DEFAULT, checkLogBound, collectorHealth, type CollectorHealth } from './collector-health.js';
import { trackLogWrites, type LogWriteFailure } from './log-write-failures.js';
import type { CacheFill, CacheName } from './cache-fill.js';
import type { Geolocator } from './steps/geolocate.js';

/** Largest batch written to the log in one write and one fdatasync. */
export const MAX_BATCH_ROWS = 5000;
/**
 * Log writes whose fdatasync may be under way at once. With one, every request that arrived during
 * a sync waited for it to end before its own write began, and the collector's core sat idle for
 * about a sixth of a loaded run (a CPU profile under bench:cluster's mix); with a few, the next
 * batch's write and sync start at once. Each sync covers every write before it (ingest-log.ts).
 */
export const LOG_SYNCS_IN_FLIGHT = 4;
/**
 * Least time between the starts of two log writes (Batcher's minIntervalMs). Each write costs an
 * fdatasync, about 400 µs of the machine in all on the benchmarks' virtual machine: under load,
 * what arrives within these 2 ms goes in one write rather than several. With it the collector
 * spent 6–20 µs less CPU an event of the cluster mix at fixed rates of 5,000 and 6,000/s, and held
 * 4 % more on average saturated, at the same p50 and p99 (docs/capacity.md §4). A lone event after
 * a quiet spell is written at once, as without it.
 */
export const LOG_WRITE_MIN_INTERVAL_MS = 2;
export const INGEST_LOG_DIR = 'ingest-log';

/** A beacon as the HTTP layer received it. The raw address goes no further than the pipeline. */
export interface RawBeacon {
  path: string;
  /** Query string (GET) or body (POST). */
  params: string;
  ip: string | undefined;
  userAgent: string | undefined;
  receivedAtMs: number;
}

/** A media heartbeat as the HTTP layer received it: its query string and the request's facts. */
export interface RawHeartbeat extends HeartbeatFacts {
  query: string;
}

/**
 * Everything between an HTTP request and the store: decode and validate, enrich, write to the
 * ingest log (durable: the request is answered then), and load the log into the store.
 */
export interface Intake {
  /** Resolves once the beacon's rows are durable; rejects with an HttpError saying why not. */
  collect(beacon: RawBeacon): Promise<void>;
  /** The same for a media heartbeat (wire-formats §2). */
  collectHeartbeat(heartbeat: RawHeartbeat): Promise<void>;
  /**
   * Impressions and conversions of activities (decide/): the same log, batches and fsyncs as
   * beacons, so they are as durable. Resolves once on disk; no de-duplication (each has its own id).
   */
  recordDecisions(rows: readonly DecisionEventRow[]): Promise<void>;
  /** Loads every acknowledged row into the store now, so that reports include it. */
  catchUp(): Promise<void>;
  /**
   * The same for a reader that may lag `maxLagMs` (the console's reports: reports/report-catalogue-routes.ts): nothing to
   * wait for when a finished load began within it, the load under way when that one did (StoreLoader.freshness).
   */
  catchUpWithin(maxLagMs: number): Promise<void>;
  /** Hits answered but not stored (rate, consent), counted per day, suite and reason. */
  readonly refusals: RefusalCounts;
  /** Rows waiting to be written to the log. */
  pending(): Promise<number>;
  /** Rows a previous process left in the log, loaded at open (0 with `drainRetry`: they are drained first, in the background). */
  readonly recovered: number;
  /** How full each bounded cache is. */
  caches(): Record<CacheName, CacheFill>;
  /** The log's undrained bytes, lag, last drain failure (ingest/collector-health.ts) and last failed write. */
  health(): CollectorHealth & { lastLogWriteError: LogWriteFailure | null };
  close(): Promise<void>;
}

export interface IntakeOptions {
  dataDir: string;
  /** Where the batches of sealed log segments go, and refusal counts (store/open-events-store.ts). */
  store: RowBatchSink & RefusalStore;
  environment: string;
  variableMap: VariableMap;
  timeZone: string;
  /** The suite of a heartbeat that names none in `s:sc:rsid`. */
  reportSuite: string;
  onLoadError: (error: unknown) => void;
  /** MESURA_REPORT_SUITES: a beacon or heartbeat naming another suite is refused (400). */
  reportSuites: readonly string[];
  /** Beyond this rate a visitor id's hits are answered but not stored (ingest/visitor-rate.ts). */
  visitorRate: VisitorRateLimits;
  /** MESURA_MEMORY_MIB's shares (memory-budget.ts). Default each cache's named size. */
  caches?: Pick<MemoryBudget, 'recentEventIds' | 'tcDecodeEntries'>;
  /** MESURA_CONSENT_POLICY: what a hit or heartbeat without any TCF signal gets. */
  consentPolicy: ConsentPolicy;
  /** MESURA_KEEP_USER_AGENT: store the raw user agent besides its parts. */
  keepUserAgent: boolean;
  /** Places a hit's address (steps/geolocate.ts). Default none: no place is stored. */
  locate?: Geolocator;
  /** MESURA_MAX_UNDRAINED_LOG_BYTES: past it new events are answered 503 (collector-health.ts). Default MAX_UNDRAINED_LOG_BYTES_DEFAULT. */
  maxUndrainedLogBytes?: number;
  /**
   * For a store that can be down while the collector runs (ClickHouse): leftover segments are
   * drained first in the background rather than before the start, and failed drains back off.
   * Absent, leftovers load before the intake opens and every tick retries (the embedded store).
   */
  drainRetry?: DrainRetry;
  /** The clock of the log's health (epoch ms). Default Date.now. */
  now?: () => number;
  /** Throws the HttpError of a refusal before anything is decoded (observe/free-space.ts: a low disk). Default none. */
  admit?: () => void;
  /** Told of a failed log write (ENOSPC, EIO) and of the first write that succeeds after failures: the log of failures (observe/failure-log.ts). */
  onLogWrite?: { failed(error: unknown): void; recovered(): void };
  /** Told of hits answered but not stored (refusals.ts: consent, visitor rate), by reason: the metrics. Default none. */
  onNotStored?: (reason: string, hits: number) => void;
}

export async function openIntake(options: IntakeOptions): Promise<Intake> {
  const now = options.now ?? Date.now;
  const { log, leftover } = IngestLog.open(path.join(options.dataDir, INGEST_LOG_DIR), { now });
  const timers = { setInterval, clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout), now };
  const loader = new StoreLoader(log, options.store, options.onLoadError, timers, options.drainRetry);
  let recovered = 0;
  if (options.drainRetry) loader.adopt(leftover);
  else recovered = await loader.recover(leftover);
  const maxUndrainedLogBytes = options.maxUndrainedLogBytes ?? MAX_UNDRAINED_LOG_BYTES_DEFAULT;
  const admit = options.admit ?? (() => undefined);
  const catchUp = async () => {
    await loader.flush();
    await refusals.flush();
  };
  loader.start();
  const writes = trackLogWrites(options.onLogWrite, now);
  const batcher = new Batcher<LogRecord>({
    write: (rows) => writes.track(log.append(rows)),
    maxBatchSize: MAX_BATCH_ROWS,
    maxInFlight: LOG_SYNCS_IN_FLIGHT,
    minIntervalMs: LOG_WRITE_MIN_INTERVAL_MS,
  });
  const localDay = localDayIn(options.timeZone);
  const refusals = createRefusalCounts({ store: options.store, localDay, onFlushError: options.onLoadError, ...(options.onNotStored && { onCount: options.onNotStored }) });
  refusals.start();
  const accepted = acceptReportSuites(options.reportSuites);
  const visitorRate = createVisitorRate(options.visitorRate, refusals);
  const checkConsent = createConsentChecker({ policy: options.consentPolicy, refusals, decodeCacheEntries: options.caches?.tcDecodeEntries });
  const { keepUserAgent } = options;
  const pipeline = createPipeline({ environment: options.environment, variableMap: options.variableMap, localDay, checkConsent, keepUserAgent, locate: options.locate });
  const heartbeatPipeline = createHeartbeatPipeline({ environment: options.environment, localDay, checkConsent, keepUserAgent });
  // Apart, so that a burst of heartbeats does not push the beacons' ids out, nor the reverse.
  const recentEventIds = options.caches?.recentEventIds ?? RECENT_EVENT_IDS;
  const recent = new RecentEventIds(recentEventIds);
  const recentHeartbeats = new RecentEventIds(recentEventIds);
  return {
    recovered,
    refusals,
    health: () => ({ ...collectorHealth({ log, lastFailure: () => loader.lastFailure(), maxUndrainedLogBytes, now }), lastLogWriteError: writes.lastFailure() }),
    async collect(beacon) {
      admit();
      checkLogBound(log, maxUndrainedLogBytes);
      const decoded = decodeBeacon(beacon.path, beacon.params);
      if (!decoded.ok) throw new HttpError(ERRORS.badBeacon, decoded.reason);
      accepted.check(decoded.value.address.reportSuites);
      const rows = pipeline(decoded.value, {
        receivedAtMs: beacon.receivedAtMs,
        ip: beacon.ip,
        userAgent: storedUserAgent(beacon.userAgent),
        rawPath: beacon.path,
        rawParams: beacon.params,
      });
      if (visitorRate.admit(rows, beacon.receivedAtMs)) await storeOnce(rows, batcher, recent);
    },
    async collectHeartbeat(raw) {
      admit();
      checkLogBound(log, maxUndrainedLogBytes);
      const decoded = decodeHeartbeatQuery(raw.query);
      if (!decoded.ok) throw new HttpError(ERRORS.badHeartbeat, decoded.reason);
      const suites = heartbeatSuites(decoded.value, options.reportSuite);
      if (!suites.ok) throw new HttpError(ERRORS.badHeartbeat, suites.reason);
      accepted.check(suites.suites);
      const rows = heartbeatPipeline(decoded.value, suites.suites, { ...raw, userAgent: storedUserAgent(raw.userAgent) });
      if (visitorRate.admit(rows, raw.receivedAtMs)) await storeOnce(rows, batcher, recentHeartbeats);
    },
    async recordDecisions(rows) {
      admit();
      checkLogBound(log, maxUndrainedLogBytes);
      try {
        await Promise.all(rows.map((row) => batcher.add(row)));
      } catch (error) {
        if (error instanceof BatcherClosedError) throw new HttpError(ERRORS.shuttingDown, error.message);
        throw new HttpError(ERRORS.storeUnavailable, 'the event could not be stored; retry later');
      }
    },
    catchUp: () => catchUp(),
    catchUpWithin: (maxLagMs) => {
      const freshness = loader.freshness(maxLagMs);
      return freshness === 'fresh' ? Promise.resolve() : freshness === 'running' ? loader.settled() : catchUp();
    },
    pending: async () => batcher.pending,
    caches: () => ({
      recent_beacon_ids: { entries: recent.size, capacity: recent.capacity },
      recent_heartbeat_ids: { entries: recentHeartbeats.size, capacity: recentHeartbeats.capacity },
      visitor_rates: visitorRate.fill(),
    }),
    async close() {
      await batcher.close();
      if (options.drainRetry) {
        // A store that is down keeps what it has not taken in the log, for the next start.
        await loader.close().catch(options.onLoadError);
      } else await loader.close();
      await refusals.close();
      await log.close();
    },
  };
}

/** Rows of a retried beacon or heartbeat are not written again; the retry is answered with the first write's outcome. */
async function storeOnce(rows: (HitRow | HeartbeatRow)[], batcher: Batcher<LogRecord>, recent: RecentEventIds): Promise<void> {
  try {
    // One suite (the usual beacon) needs no Promise.all around its one write.
    if (rows.length === 1) await recent.writeOnce(recentKey(rows[0]!), () => batcher.add(rows[0]!));
    else await Promise.all(rows.map((row) => recent.writeOnce(recentKey(row), () => batcher.add(row))));
  } catch (error) {
    if (error instanceof BatcherClosedError) throw new HttpError(ERRORS.shuttingDown, error.message);
    throw new HttpError(ERRORS.storeUnavailable, 'the event could not be stored; retry later');
  }
}

function recentKey(row: HitRow | HeartbeatRow): string {
  return `${row.reportSuite}\u0000${'kind' in row ? row.heartbeatId : row.eventId}`;
}

import { ERRORS, HttpError } from '../http/errors.js';
import type { IngestLog } from './ingest-log.js';
import type { DrainFailure } from './store-loader.js';

/**
 * Default bound on the ingest log's undrained bytes (MESURA_MAX_UNDRAINED_LOG_BYTES): 8 GiB holds
 * about 10 minutes of a collector's full rate (~15 k events/s at ~700 bytes a line) while the
 * events store is down, and leaves most of a common disk free.
 */
export const MAX_UNDRAINED_LOG_BYTES_DEFAULT = 8 * 1024 ** 3;
/**
 * What a refused client is told to wait (Retry-After, seconds): about two drain rounds
 * (store-loader.ts LOAD_INTERVAL_MS), time for the log to fall back below its bound once the
 * store answers again.
 */
export const LOG_FULL_RETRY_AFTER_S = 10;

/** What /healthz shows of a collector's way to the events store. */
export interface CollectorHealth {
  /** Bytes of ingest-log segments on disk whose rows the events store does not hold yet. */
  undrainedLogBytes: number;
  /** MESURA_MAX_UNDRAINED_LOG_BYTES: past it new events are refused with 503. */
  maxUndrainedLogBytes: number;
  /** Age of the oldest row not yet in the events store (ms); 0 when every row is there. */
  lagMs: number;
  /** Whether new events are refused now (the log is past its bound). */
  refusing: boolean;
  /** The last drain round's failure, one line, until a round succeeds; null when the last one did. */
  lastDrainError: { message: string; atMs: number; failures: number } | null;
}

/**
 * The one word of /healthz a monitor alerts on: `refusing` (new events answered 503: the log is
 * past its bound), `degraded` (acknowledging, but the last drain failed, so events wait on this
 * disk; or a server it started without, named in `waitingFor`, has not answered yet), or `ok`.
 */
export type CollectorStatus = 'ok' | 'degraded' | 'refusing';

export function collectorStatus(health: Pick<CollectorHealth, 'refusing' | 'lastDrainError'>, waitingFor: readonly string[] = []): CollectorStatus {
  if (health.refusing) return 'refusing';
  return health.lastDrainError === null && waitingFor.length === 0 ? 'ok' : 'degraded';
}

export interface CollectorHealthSource {
  log: Pick<IngestLog, 'undrainedBytes' | 'oldestUndrainedMs'>;
  lastFailure: () => DrainFailure | undefined;
  maxUndrainedLogBytes: number;
  now: () => number;
}

export function collectorHealth(source: CollectorHealthSource): CollectorHealth {
  const oldest = source.log.oldestUndrainedMs();
  const undrainedLogBytes = source.log.undrainedBytes;
  return {
    undrainedLogBytes,
    maxUndrainedLogBytes: source.maxUndrainedLogBytes,
    lagMs: oldest === undefined ? 0 : Math.max(0, source.now() - oldest),
    refusing: undrainedLogBytes > source.maxUndrainedLogBytes,
    lastDrainError: source.lastFailure() ?? null,
  };
}

/**
 * Refuses new events while the log holds more than `maxUndrainedLogBytes` not yet drained: past
 * the bound a collector answers 503 with Retry-After (clients keep the event and retry) rather
 * than fill its disk or lose an acknowledged event. It accepts again as soon as a drain brings
 * the log back under the bound.
 */
export function checkLogBound(log: Pick<IngestLog, 'undrainedBytes'>, maxUndrainedLogBytes: number): void {
  if (log.undrainedBytes <= maxUndrainedLogBytes) return;
  throw new HttpError(ERRORS.ingestLogFull, `the collector holds ${maxUndrainedLogBytes} bytes not yet stored; retry in ${LOG_FULL_RETRY_AFTER_S} s`, {
    'Retry-After': String(LOG_FULL_RETRY_AFTER_S),
  });
}

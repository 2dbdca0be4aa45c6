import { LOAD_INTERVAL_MS, type DrainRetry } from '../store/drain-retry.js';
export { LOAD_INTERVAL_MS };
import type { RowBatchSink } from '../store/row-batch.js';
import type { IngestLog, SealedSegment } from './ingest-log.js';
import { storeSegment } from './segment-batches.js';

/** The last failed round, for /healthz: one line, as the sink worded it. */
export interface DrainFailure {
  message: string;
  atMs: number;
  /** Rounds that failed in a row. */
  failures: number;
}

export interface LoaderTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  /** The clock a load's start is read on (ms). */
  now?: () => number;
}

/**
 * Moves the ingest log into the store: every LOAD_INTERVAL_MS it seals the current segment, hands
 * its rows to the sink in batches of the sink's size (the embedded store takes a segment whole, the
 * ClickHouse sink DRAIN_BATCH_ROWS at a time) and deletes the segment once every batch is stored.
 * A segment the store refused, or any of its batches, stays on disk and is tried again first on
 * the next round, so nothing acknowledged is dropped.
 */
export class StoreLoader {
  private unloaded: SealedSegment[] = [];
  private readonly attempted = new Set<string>();
  private running: Promise<void> = Promise.resolve();
  private timer: unknown;
  /** When the latest load began: everything acknowledged before then is in the store once it ends. */
  private lastLoadStartedMs = Number.NEGATIVE_INFINITY;
  /** When the latest load that finished every segment began: it holds what was acknowledged before. */
  private lastLoadFinishedFromMs = Number.NEGATIVE_INFINITY;
  /** Set after a failed round when `retry` is given: no round starts on a tick before it. */
  private retryAtMs = Number.NEGATIVE_INFINITY;
  private failure: DrainFailure | undefined;

  constructor(
    private readonly log: IngestLog,
    private readonly sink: RowBatchSink,
    private readonly onError: (error: unknown) => void,
    private readonly timers: LoaderTimers = { setInterval, clearInterval: (h) => clearInterval(h as NodeJS.Timeout) },
    /** Back off after failures (a collector on ClickHouse); without it every tick tries again. */
    private readonly retry?: DrainRetry,
  ) {}

  /** Loads what a previous process left in the log, skipping rows the store already holds. */
  async recover(leftover: SealedSegment[]): Promise<number> {
    let rows = 0;
    for (const segment of leftover) {
      rows += await storeSegment(this.sink, segment, { skipStored: true });
      await this.log.discard(segment);
    }
    return rows;
  }

  /**
   * Queues what a previous process left ahead of every new segment, as retries, instead of loading
   * it before the start: a collector starts and acknowledges even while its store is down.
   */
  adopt(leftover: SealedSegment[]): void {
    for (const segment of leftover) this.attempted.add(segment.file);
    this.unloaded.unshift(...leftover);
  }

  /** The last round's failure, until a round succeeds. */
  lastFailure(): DrainFailure | undefined {
    return this.failure;
  }

  start(): void {
    const tick = () => {
      if (this.clock() < this.retryAtMs) return;
      void this.flush().catch(this.onError);
    };
    const handle = this.timers.setInterval(tick, LOAD_INTERVAL_MS);
    (handle as { unref?: () => void }).unref?.();
    this.timer = handle;
  }

  /** Loads everything acknowledged so far; reports call it to read their own writes. */
  flush(): Promise<void> {
    const next = this.running
      .then(() => this.loadOnce())
      .then(
        () => this.succeeded(),
        (error: unknown) => this.failed(error),
      );
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * What a reader that may lag `maxLagMs` behind the collector must wait for, as a decision:
   * `fresh` when a load that began within it has finished (it took in everything acknowledged
   * before it began), so the reader waits for nothing; `running` when the load under way began
   * within it (the reader waits for that load only); `stale` when none did (the reader loads).
   * Waiting on the load under way whenever one ran made every report wait for a whole load while
   * ingest went on, one to several seconds, though the previous load left the store fresh enough.
   */
  freshness(maxLagMs: number): 'fresh' | 'running' | 'stale' {
    const now = this.clock();
    // Strictly within: a lag of 0 always loads, so that a reader holds what was acknowledged in its own millisecond.
    if (now - this.lastLoadFinishedFromMs < maxLagMs) return 'fresh';
    return now - this.lastLoadStartedMs < maxLagMs ? 'running' : 'stale';
  }

  /** Waits for the load under way, if any. */
  settled(): Promise<void> {
    return this.running;
  }

  async close(): Promise<void> {
    if (this.timer !== undefined) this.timers.clearInterval(this.timer);
    await this.flush();
  }

  private clock(): number {
    return (this.timers.now ?? Date.now)();
  }

  private succeeded(): void {
    this.failure = undefined;
    this.retryAtMs = Number.NEGATIVE_INFINITY;
  }

  /** Records the failure and, with `retry`, when the next tick may try again; rethrows it. */
  private failed(error: unknown): never {
    const failures = (this.failure?.failures ?? 0) + 1;
    const atMs = this.clock();
    this.failure = { message: oneLine(error), atMs, failures };
    if (this.retry) this.retryAtMs = atMs + Math.min(this.retry.firstMs * 2 ** (failures - 1), this.retry.maxMs);
    throw error;
  }

  private async loadOnce(): Promise<void> {
    const startedMs = this.clock();
    this.lastLoadStartedMs = startedMs;
    const sealed = await this.log.seal();
    if (sealed) this.unloaded.push(sealed);
    while (this.unloaded.length > 0) {
      const segment = this.unloaded[0]!;
      // A retried segment may be stored in part (the batches before one that failed) or whole (an answer lost).
      const retry = this.attempted.has(segment.file);
      this.attempted.add(segment.file);
      await storeSegment(this.sink, segment, { skipStored: retry });
      this.unloaded.shift();
      this.attempted.delete(segment.file);
      await this.log.discard(segment);
    }
    this.lastLoadFinishedFromMs = startedMs;
  }
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n', 1)[0] ?? '';
}

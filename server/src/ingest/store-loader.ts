import type { Store } from '../store/store.js';
import type { IngestLog, SealedSegment } from './ingest-log.js';

/** How often sealed log segments are moved into the store: the delay before reports see an event. */
export const LOAD_INTERVAL_MS = 5000;

export interface LoaderTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  /** The clock a load's start is read on (ms). */
  now?: () => number;
}

/**
 * Moves the ingest log into the store: every LOAD_INTERVAL_MS it seals the current segment, appends
 * its rows in one batch and deletes the segment. A segment the store refused stays on disk and is
 * tried again first on the next round, so nothing acknowledged is dropped.
 */
export class StoreLoader {
  private unloaded: SealedSegment[] = [];
  private readonly attempted = new Set<string>();
  private running: Promise<void> = Promise.resolve();
  private timer: unknown;
  /** When the latest load began: everything acknowledged before then is in the store once it ends. */
  private lastLoadStartedMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly log: IngestLog,
    private readonly store: Store,
    private readonly onError: (error: unknown) => void,
    private readonly timers: LoaderTimers = { setInterval, clearInterval: (h) => clearInterval(h as NodeJS.Timeout) },
  ) {}

  /** Loads what a previous process left in the log, skipping rows the store already holds. */
  async recover(leftover: SealedSegment[]): Promise<number> {
    let rows = 0;
    for (const segment of leftover) {
      rows += await this.store.loadSegment(segment.file, { skipStored: true });
      await this.log.discard(segment);
    }
    return rows;
  }

  start(): void {
    const handle = this.timers.setInterval(() => void this.flush().catch(this.onError), LOAD_INTERVAL_MS);
    (handle as { unref?: () => void }).unref?.();
    this.timer = handle;
  }

  /** Loads everything acknowledged so far; reports call it to read their own writes. */
  flush(): Promise<void> {
    const next = this.running.then(() => this.loadOnce());
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * Loads now only when the latest load began more than `maxLagMs` ago; otherwise waits for the
   * load under way, if any. A reader then holds every event acknowledged `maxLagMs` before it asked.
   */
  flushIfOlderThan(maxLagMs: number): Promise<void> {
    return this.olderThan(maxLagMs) ? this.flush() : this.running;
  }

  /** Whether the latest load began more than `maxLagMs` ago (or none has run). */
  olderThan(maxLagMs: number): boolean {
    return (this.timers.now ?? Date.now)() - this.lastLoadStartedMs > maxLagMs;
  }

  async close(): Promise<void> {
    if (this.timer !== undefined) this.timers.clearInterval(this.timer);
    await this.flush();
  }

  private async loadOnce(): Promise<void> {
    this.lastLoadStartedMs = (this.timers.now ?? Date.now)();
    const sealed = await this.log.seal();
    if (sealed) this.unloaded.push(sealed);
    while (this.unloaded.length > 0) {
      const segment = this.unloaded[0]!;
      // A retried segment may have been committed by an attempt whose answer was lost.
      const retry = this.attempted.has(segment.file);
      this.attempted.add(segment.file);
      await this.store.loadSegment(segment.file, { skipStored: retry, kinds: segment.kinds });
      this.unloaded.shift();
      this.attempted.delete(segment.file);
      await this.log.discard(segment);
    }
  }
}

/**
 * Group commit: items wait until the write that carries them is durable. Up to `maxInFlight`
 * writes run at once (a log write can start while the previous one is still being synced); what
 * arrives meanwhile forms the next batch, so batches grow with load and a lone item is written at
 * once. Callers answer their client only when `add` resolves.
 */
export interface BatcherOptions<T> {
  write: (items: T[]) => Promise<void>;
  /** Largest batch handed to `write`. */
  maxBatchSize: number;
  /** Writes that may be under way at once. Default 1. */
  maxInFlight?: number;
  /**
   * Least time between the starts of two writes. Default 0. An item that comes sooner after the
   * last start waits for the rest of it, with whatever else comes meanwhile: under load the same
   * items take fewer, larger writes; an item arriving after a quiet spell still goes at once.
   */
  minIntervalMs?: number;
  /** The clock and the timer of `minIntervalMs`. Default performance.now and setTimeout. */
  timers?: BatcherTimers;
}

export interface BatcherTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): void;
}

const SYSTEM_TIMERS: BatcherTimers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => void setTimeout(run, ms),
};

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class BatcherClosedError extends Error {
  constructor() {
    super('the collector is shutting down');
  }
}

export class Batcher<T> {
  private queue: Waiting<T>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private closed = false;
  private idle: (() => void)[] = [];
  private lastStartMs = -Infinity;
  private readonly timers: BatcherTimers;

  constructor(private readonly options: BatcherOptions<T>) {
    this.timers = options.timers ?? SYSTEM_TIMERS;
  }

  /** Resolves once the item is durable; rejects if its batch could not be written. */
  add(item: T): Promise<void> {
    if (this.closed) return Promise.reject(new BatcherClosedError());
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting or being written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Refuses new items and resolves when everything accepted so far is written. */
  close(): Promise<void> {
    this.closed = true;
    if (this.queue.length === 0 && this.inFlight === 0 && !this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= (this.options.maxInFlight ?? 1)) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.writeNext();
    };
    const waitMs = this.lastStartMs + (this.options.minIntervalMs ?? 0) - this.timers.now();
    // Else wait for the end of the event loop's I/O phase, so every request that arrived
    // meanwhile joins this batch.
    if (waitMs > 0) this.timers.setTimeout(go, waitMs);
    else setImmediate(go);
  }

  private writeNext(): void {
    if (this.queue.length === 0) return this.settleIdle();
    const batch = this.queue.splice(0, this.options.maxBatchSize);
    this.inFlight += 1;
    this.lastStartMs = this.timers.now();
    this.options
      .write(batch.map((w) => w.item))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.schedule();
        else this.settleIdle();
      });
    if (this.queue.length > 0) this.schedule();
  }

  private settleIdle(): void {
    if (this.queue.length > 0 || this.inFlight > 0 || this.scheduled) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

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
}

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

  constructor(private readonly options: BatcherOptions<T>) {}

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
    // Wait for the end of the event loop's I/O phase, so every request that arrived meanwhile
    // joins this batch.
    setImmediate(() => {
      this.scheduled = false;
      this.writeNext();
    });
  }

  private writeNext(): void {
    if (this.queue.length === 0) return this.settleIdle();
    const batch = this.queue.splice(0, this.options.maxBatchSize);
    this.inFlight += 1;
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

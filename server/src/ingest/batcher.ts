/**
 * Group commit: items wait until the write that carries them is durable. At most one write is in
 * flight; whatever arrives meanwhile forms the next batch, so batches grow with load and a lone
 * item is written at once. Callers answer their client only when `add` resolves.
 */
export interface BatcherOptions<T> {
  write: (items: T[]) => Promise<void>;
  /** Largest batch handed to `write`. */
  maxBatchSize: number;
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
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: BatcherOptions<T>) {}

  /** Resolves once the item is durable; rejects if its batch could not be written. */
  add(item: T): Promise<void> {
    if (this.closed) return Promise.reject(new BatcherClosedError());
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) this.writing = this.drain();
    });
  }

  /** Items waiting or being written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Refuses new items and resolves when everything accepted so far is written. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    // Let the items of the current turn of the event loop join the first batch.
    await Promise.resolve();
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatchSize);
      try {
        await this.options.write(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.writing = undefined;
  }
}

import type { DrainFailure } from './store-loader.js';

/** The last failed write of the ingest log, for the health answers: one line, until a write succeeds. */
export type LogWriteFailure = DrainFailure;

export interface LogWriteTracker {
  /** Passes a write's outcome through, noting its failure or the success that ends a run of them. */
  track(write: Promise<void>): Promise<void>;
  lastFailure(): LogWriteFailure | null;
}

/**
 * A log write that fails (ENOSPC, EIO) answers its batch 503 (intake.ts storeOnce); without a
 * note of it the health answered "ok" through a full disk while every beacon was refused.
 */
export function trackLogWrites(observer: { failed(error: unknown): void; recovered(): void } | undefined, now: () => number): LogWriteTracker {
  let failure: LogWriteFailure | null = null;
  return {
    track: (write) =>
      write.then(
        () => {
          if (failure === null) return;
          failure = null;
          observer?.recovered();
        },
        (error: unknown) => {
          const message = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
          failure = { message, atMs: now(), failures: (failure?.failures ?? 0) + 1 };
          observer?.failed(error);
          throw error;
        },
      ),
    lastFailure: () => failure,
  };
}

/**
 * Group commit of consent choices, as the collector's batcher does for hits (ingest/batcher.ts):
 * a choice is acknowledged (204) only once the write that holds it has committed, and every choice
 * that arrives while a write runs goes into the next one, added up per (day, suite, choice). So a
 * burst of answers costs a few writes, and a crash loses no acknowledged choice: it can only lose
 * the choices of the write in flight, none of which has been answered yet.
 */
import type { ConsentChoice } from '../shared/consent-choice.js';
import type { ConsentChoiceCount } from '../store/consent-choice-table.js';

export interface ConsentChoiceCounter {
  /** Counts one choice; resolves once it is stored, rejects when the write failed (nothing acknowledged). */
  record(choice: { day: string; reportSuite: string; choice: ConsentChoice }): Promise<void>;
  /** Writes what is pending and waits for it. */
  close(): Promise<void>;
}

interface Pending {
  counts: Map<string, ConsentChoiceCount>;
  settled: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const KEY_SEPARATOR = '\u0000';

export function createConsentChoiceCounter(write: (counts: readonly ConsentChoiceCount[]) => Promise<void>): ConsentChoiceCounter {
  let pending: Pending | undefined;
  let writing: Promise<void> = Promise.resolve();

  const nextBatch = (): Pending => {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const settled = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // Its waiters see a failure; this keeps it from also counting as an unhandled rejection.
    settled.catch(() => undefined);
    return { counts: new Map(), settled, resolve, reject };
  };

  /** Takes the pending batch as it is when the previous write ends, and writes it. */
  const schedule = (batch: Pending): void => {
    writing = writing.then(async () => {
      if (pending === batch) pending = undefined;
      try {
        await write([...batch.counts.values()]);
        batch.resolve();
      } catch (error) {
        batch.reject(error);
      }
    });
  };

  return {
    record({ day, reportSuite, choice }) {
      if (pending === undefined) {
        pending = nextBatch();
        schedule(pending);
      }
      const key = [day, reportSuite, choice].join(KEY_SEPARATOR);
      const held = pending.counts.get(key);
      pending.counts.set(key, { day, reportSuite, choice, choices: (held?.choices ?? 0) + 1 });
      return pending.settled;
    },
    // Every batch is queued on `writing` when it is made, so this waits for all of them. A failed
    // write is not thrown here: its choices were answered with an error, none was acknowledged.
    async close() {
      await writing;
    },
  };
}

/**
 * The log of failures that repeat: a full disk fails every load round (every 5 s) and every
 * beacon, and a stack per round hid everything else in the log while saying nothing new. Each
 * distinct failure (its source and first line) is logged once, as one line without a stack; its
 * repeats are counted and written as one line ("…; 37 more since …") at most every
 * FAILURE_SUMMARY_INTERVAL_MS, when another failure of the same source takes its place, or when
 * the source reports that it works again.
 */

/** Least time between two lines counting the repeats of one failure. */
export const FAILURE_SUMMARY_INTERVAL_MS = 60_000;
/** Longest message written for a failure: the first line of an error, cut. */
export const FAILURE_MESSAGE_MAX_CHARS = 300;

export interface FailureLogSink {
  error(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

export interface FailureLog {
  /** A failure of `source` (a short sentence naming what failed, e.g. "loading the ingest log into the store failed"). */
  failed(source: string, error: unknown): void;
  /** `source` worked again: its repeats still uncounted are written with a line saying so. */
  recovered(source: string): void;
}

interface Held {
  message: string;
  code: string | undefined;
  /** Repeats not written yet. */
  repeats: number;
  /** Repeats since the failure was first logged. */
  total: number;
  firstAtMs: number;
  lastLineAtMs: number;
}

export function createFailureLog(sink: FailureLogSink, now: () => number = Date.now): FailureLog {
  const held = new Map<string, Held>();
  const summarise = (source: string, failure: Held, atMs: number) => {
    if (failure.repeats === 0) return;
    sink.error(
      { failure: failure.message, code: failure.code, repeats: failure.repeats, since: new Date(failure.firstAtMs).toISOString() },
      `${source}: ${failure.message}; ${failure.repeats} more since ${new Date(failure.lastLineAtMs).toISOString()}`,
    );
    failure.repeats = 0;
    failure.lastLineAtMs = atMs;
  };
  return {
    failed(source, error) {
      const atMs = now();
      const { message, code } = describe(error);
      const known = held.get(source);
      if (known && known.message === message) {
        known.repeats += 1;
        known.total += 1;
        if (atMs - known.lastLineAtMs >= FAILURE_SUMMARY_INTERVAL_MS) summarise(source, known, atMs);
        return;
      }
      if (known) summarise(source, known, atMs);
      held.set(source, { message, code, repeats: 0, total: 1, firstAtMs: atMs, lastLineAtMs: atMs });
      sink.error({ failure: message, code }, `${source}: ${message}`);
    },
    recovered(source) {
      const known = held.get(source);
      if (!known) return;
      held.delete(source);
      if (known.repeats > 0) summarise(source, known, now());
      sink.info({ failures: known.total }, `${source}: works again after ${known.total} failure${known.total === 1 ? '' : 's'}`);
    },
  };
}

/** The first line of an error's message (cut) and its code (ENOSPC, MESURA_ERR_…), never its stack. */
export function describe(error: unknown): { message: string; code: string | undefined } {
  const text = error instanceof Error ? error.message : String(error);
  const message = (text.split('\n', 1)[0] ?? '').slice(0, FAILURE_MESSAGE_MAX_CHARS);
  // A system error's code (ENOSPC), or the catalogue's of an HttpError (http/errors.ts).
  const { code, kind } = (error ?? {}) as { code?: unknown; kind?: { code?: unknown } };
  const named = typeof code === 'string' ? code : typeof kind?.code === 'string' ? kind.code : undefined;
  return { message, code: named };
}

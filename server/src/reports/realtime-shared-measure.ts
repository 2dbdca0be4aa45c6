/**
 * One measurement for every open stream: a snapshot measured less than `reuseMs` ago (or still
 * being measured) is given to the streams that ask meanwhile, so the store runs the real-time
 * queries at most once per `reuseMs` however many consoles are open. A failed measurement is not
 * reused: the next ask tries again.
 */
import type { RealtimeSnapshot } from '@mesura/protocol';

export function sharedMeasure(measure: (nowMs: number) => Promise<RealtimeSnapshot>, now: () => number, reuseMs: number): () => Promise<RealtimeSnapshot> {
  let last: { atMs: number; result: Promise<RealtimeSnapshot> } | undefined;
  return () => {
    const nowMs = now();
    if (last !== undefined && nowMs - last.atMs < reuseMs) return last.result;
    const result = measure(nowMs);
    const taken = { atMs: nowMs, result };
    last = taken;
    result.catch(() => {
      if (last === taken) last = undefined;
    });
    return result;
  };
}

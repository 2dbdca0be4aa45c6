import { setImmediate } from 'node:timers';
import type { Send, SendInit } from '../../src/index.js';

export interface FakeClock {
  nowMs: number;
}

/** Lets every pending promise chain run (a macrotask turn; no time passes). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

export interface FakeTimers {
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Runs the timers due within `ms`, in time order, letting promises settle after each. */
  advance(ms: number): Promise<void>;
  pending(): number;
}

export function fakeTimers(clock: FakeClock): FakeTimers {
  const timers = new Map<number, { run: () => void; atMs: number }>();
  let ids = 0;
  const nextDue = (untilMs: number) => {
    let due: [number, { run: () => void; atMs: number }] | undefined;
    for (const entry of timers) if (entry[1].atMs <= untilMs && (!due || entry[1].atMs < due[1].atMs)) due = entry;
    return due;
  };
  return {
    setTimer: (run, ms) => {
      ids += 1;
      timers.set(ids, { run, atMs: clock.nowMs + Math.max(0, ms) });
      return ids;
    },
    clearTimer: (timer) => void timers.delete(timer as number),
    async advance(ms) {
      const untilMs = clock.nowMs + ms;
      await flush();
      for (let due = nextDue(untilMs); due; due = nextDue(untilMs)) {
        timers.delete(due[0]);
        clock.nowMs = due[1].atMs;
        due[1].run();
        await flush();
      }
      clock.nowMs = untilMs;
      await flush();
    },
    pending: () => timers.size,
  };
}

// The one fake cookie jar of the repository's tests (Max-Age on the fake clock, blocking), @mesura/test-utils'.
export { fakeCookieJar, type FakeJar } from '@mesura/test-utils';

/** How the recording transport answers one call. */
export interface Reply {
  status?: number;
  /** An object is sent as JSON; a string as it is. Default: an answer with no offers. */
  body?: unknown;
  /** Answer after this much fake time. */
  delayMs?: number;
  /** Reject as `fetch` does when the network fails. */
  networkError?: boolean;
  /** Never answer. */
  hang?: boolean;
}

export interface RecordedCall {
  url: string;
  init: SendInit;
}

export interface RecordingTransport {
  send: Send;
  calls: RecordedCall[];
  /** How to answer the following calls. */
  answer(reply: Reply | ((call: RecordedCall) => Reply)): void;
  /** The parameters of call `index` (query of a GET, body of a POST). */
  params(index?: number): URLSearchParams;
}

export function deliveryAnswer(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { sessionId: 'server-session', tntId: 'tnt-1', offers: [], ...fields };
}

export function recordingTransport(timers: FakeTimers): RecordingTransport {
  const calls: RecordedCall[] = [];
  let replyTo: (call: RecordedCall) => Reply = () => ({});
  return {
    calls,
    answer(reply) {
      replyTo = typeof reply === 'function' ? reply : () => reply;
    },
    params(index = 0) {
      const call = calls[index];
      if (!call) throw new Error(`no call ${index}`);
      return new URLSearchParams(call.init.method === 'GET' ? call.url.split('?')[1] : call.init.body);
    },
    send(url, init) {
      const call = { url, init };
      calls.push(call);
      const reply = replyTo(call);
      return new Promise((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        const body = reply.body === undefined ? deliveryAnswer() : reply.body;
        const deliver = () =>
          reply.networkError ? reject(new TypeError('Failed to fetch')) : resolve({ status: reply.status ?? 200, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) });
        if (reply.hang) return;
        if (reply.delayMs) timers.setTimer(deliver, reply.delayMs);
        else deliver();
      });
    },
  };
}

/**
 * One real-time stream's life, apart from HTTP: a `snapshot` event at once and then every
 * `intervalMs`, a `failure` event when a measurement fails (the stream goes on and tries again at
 * the next tick), and nothing more once stopped. A tick that comes while the previous measurement
 * still runs is skipped, so a slow store never piles up queries. Timers are injected (tests run
 * on fake time).
 */
import type { RealtimeSnapshot } from '@mesura/protocol';

export interface RealtimeTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const SYSTEM_TIMERS: RealtimeTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface RealtimeStreamOptions {
  measure: () => Promise<RealtimeSnapshot>;
  /** Writes one chunk of the event stream. */
  write: (chunk: string) => void;
  intervalMs: number;
  timers: RealtimeTimers;
  onError: (error: unknown) => void;
}

export interface RealtimeStream {
  stop(): void;
}

/** The stream's first chunk: how long the browser's EventSource waits before it reconnects. */
export function retryChunk(intervalMs: number): string {
  return `retry: ${intervalMs}\n\n`;
}

export function eventChunk(event: 'snapshot' | 'failure', data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What a failed measurement tells the console: no detail of the store leaves the server. */
export const MEASUREMENT_FAILED = { error: 'the live figures could not be read; the next update tries again' };

export function openRealtimeStream(options: RealtimeStreamOptions): RealtimeStream {
  const { measure, write, timers } = options;
  let stopped = false;
  let measuring = false;
  const push = async () => {
    if (stopped || measuring) return;
    measuring = true;
    try {
      const snapshot = await measure();
      if (!stopped) write(eventChunk('snapshot', snapshot));
    } catch (error) {
      options.onError(error);
      if (!stopped) write(eventChunk('failure', MEASUREMENT_FAILED));
    } finally {
      measuring = false;
    }
  };
  write(retryChunk(options.intervalMs));
  void push();
  const handle = timers.setInterval(() => void push(), options.intervalMs);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      timers.clearInterval(handle);
    },
  };
}

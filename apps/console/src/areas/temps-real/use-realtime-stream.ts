/**
 * The live connection's adapter: opens the event stream, feeds its events to `nextStatus`, and
 * closes it when the view goes. The browser's EventSource reconnects by itself after a dropped
 * connection (after the `retry` delay the server sets); when it gives up, `restart` opens a new one.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { parseRealtimeSnapshot } from './realtime-snapshot';
import { INITIAL_STATUS, nextStatus, type RealtimeStatus } from './realtime-status';

export const REALTIME_STREAM_PATH = '/api/reports/realtime/stream';

/** What the hook needs of an EventSource (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: 'snapshot' | 'failure', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser will not reconnect. */
const CLOSED = 2;

export const openBrowserEventSource: OpenEventSource = (url) => new EventSource(url) as unknown as EventSourceLike;

export function useRealtimeStream(open: OpenEventSource): { status: RealtimeStatus; restart: () => void } {
  const [status, dispatch] = useReducer(nextStatus, INITIAL_STATUS);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): `restart` counts up `attempt` to open a new stream; the effect has no use for the number itself.
  useEffect(() => {
    const source = open(REALTIME_STREAM_PATH);
    source.addEventListener('snapshot', (event) => {
      const snapshot = parseRealtimeSnapshot(event.data);
      dispatch(snapshot ? { type: 'snapshot', snapshot } : { type: 'failure' });
    });
    source.addEventListener('failure', () => dispatch({ type: 'failure' }));
    source.onerror = () => dispatch({ type: 'error', retrying: source.readyState !== CLOSED });
    return () => source.close();
  }, [open, attempt]);

  const restart = useCallback(() => {
    dispatch({ type: 'restart' });
    setAttempt((n) => n + 1);
  }, []);
  return { status, restart };
}

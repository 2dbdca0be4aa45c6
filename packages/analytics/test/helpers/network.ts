/**
 * A scripted browser for the transport: each way of sending answers as the test says and records
 * that it was asked, storage is a map (or one that refuses), and window events fire on demand.
 */
import { memoryStore, type FetchAnswer, type KeyValueStore, type Network } from '../../src/index.js';

export interface NetworkScript {
  /** What sendBeacon returns; undefined: the browser has no sendBeacon. */
  sendBeacon?: boolean | undefined;
  /** A status fetch answers, 'reject' for a network error, undefined: no fetch. */
  fetch?: number | 'reject' | undefined;
  /** Whether the image loads. */
  image?: boolean;
  online?: boolean;
  hidden?: boolean;
  storage?: KeyValueStore | undefined;
}

export interface Call {
  way: 'sendBeacon' | 'fetch' | 'image';
  url: string;
  body?: string | undefined;
  init?: RequestInit;
}

export function fakeNetwork(initial: NetworkScript = {}) {
  const script: NetworkScript = { sendBeacon: true, fetch: 204, image: true, online: true, hidden: false, ...initial };
  const calls: Call[] = [];
  const listeners = new Map<string, Set<() => void>>();
  const storage = 'storage' in initial ? initial.storage : memoryStore();
  const network: Network = {
    sendBeacon: (url, body) => {
      calls.push({ way: 'sendBeacon', url, body });
      return script.sendBeacon === true;
    },
    fetch: (url, init) => {
      calls.push({ way: 'fetch', url, body: init.body as string, init });
      const answer = script.fetch;
      if (answer === 'reject' || answer === undefined) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve<FetchAnswer>({ ok: answer >= 200 && answer < 300, status: answer });
    },
    loadImage: (url) => {
      calls.push({ way: 'image', url });
      return Promise.resolve(script.image === true);
    },
    storage,
    isOnline: () => script.online !== false,
    isHidden: () => script.hidden === true,
    listen(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  if (initial.sendBeacon === undefined && 'sendBeacon' in initial) network.sendBeacon = undefined;
  if (initial.fetch === undefined && 'fetch' in initial) network.fetch = undefined;
  return {
    network,
    script,
    calls,
    ways: () => calls.map((call) => call.way),
    fire: (type: 'online' | 'pagehide') => listeners.get(type)?.forEach((listener) => listener()),
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    queue: (): string[] => JSON.parse(storage?.getItem('mesura_queue') ?? '[]') as string[],
  };
}

/** A store the browser refuses to write to (quota exceeded, storage disabled). */
export function refusingStore(): KeyValueStore {
  return {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
    removeItem: () => undefined,
  };
}

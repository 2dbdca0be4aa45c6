/**
 * The browser's side of MediaDeps, for what the page did not inject. The only file of the tracker
 * that touches fetch, timers, localStorage and Date.now.
 */
import type { Clock, FetchText, KeyValueStorage, MediaDeps, PrivacySource, Timers, Transport } from './deps.js';

export type ResolvedDeps = Required<Omit<MediaDeps, 'log' | 'visitor' | 'analytics'>>;

/** The deps with the browser's defaults filled in; undefined when this platform has no fetch or timers. */
export function resolveDeps(deps: MediaDeps): ResolvedDeps | undefined {
  const hasFetch = typeof globalThis.fetch === 'function';
  const hasTimers = typeof globalThis.setTimeout === 'function';
  const timers = deps.timers ?? (hasTimers ? browserTimers() : undefined);
  const transport = deps.transport ?? (hasFetch ? fetchTransport() : undefined);
  const fetchText = deps.fetchText ?? (hasFetch ? fetchTextOf() : undefined);
  if (timers === undefined || transport === undefined || fetchText === undefined) return undefined;
  return {
    clock: deps.clock ?? systemClock(),
    timers,
    transport,
    fetchText,
    storage: deps.storage ?? localStorageOr(NO_STORAGE),
    privacy: deps.privacy ?? ALWAYS_OPTED_IN,
    random: deps.random ?? Math.random,
  };
}

/** Where localStorage is blocked, a remote disabling is only remembered for this page. */
const NO_STORAGE: KeyValueStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** A page that passes no privacy source has taken its consent decision already. */
const ALWAYS_OPTED_IN: PrivacySource = { status: () => 'opted-in', subscribe: () => () => {} };

function systemClock(): Clock {
  return { now: () => Date.now() };
}

function browserTimers(): Timers {
  return { setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };
}

/**
 * GET without CORS (the collector's answer is not read) and with keepalive, so that the `end` of
 * a closing page still leaves. A network error is a failed send.
 */
function fetchTransport(): Transport {
  return {
    send: (url) =>
      fetch(url, { mode: 'no-cors', credentials: 'include', keepalive: true }).then(
        () => true,
        () => false,
      ),
  };
}

function fetchTextOf(): FetchText {
  return (url) => fetch(url, { credentials: 'omit' }).then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(`HTTP ${answer.status}`))));
}

function localStorageOr(fallback: KeyValueStorage): KeyValueStorage {
  try {
    return typeof localStorage === 'undefined' ? fallback : localStorage;
  } catch {
    // Reading `localStorage` throws where storage is blocked.
    return fallback;
  }
}

/**
 * What the tracker needs from the world, injected ("deps injects clock, timers,
 * transport and storage"), so that tests and the replay run it on fake time with a recording
 * transport. browser-deps.ts gives the browser's; the visitor and analytics sources have no
 * default, since only the page knows them (§5 setup checks).
 */
import type { TcfSignal } from '@mesura/protocol';
import type { MediaAnalytics } from './media-analytics.js';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export type TimerHandle = unknown;

export interface Timers {
  setTimer(run: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** Sends one GET request. `false`, or a rejection, is a failed send: logged, and the queue moves on. */
export interface Transport {
  send(url: string): Promise<boolean> | boolean | undefined;
}

/** The Web Storage subset the tracker uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** GET a text document (the settings file); rejects on a network error or a non-2xx answer. */
export type FetchText = (url: string) => Promise<string>;

/**
 * §4 "Privacy status: unknown, then opt-in (reporting begins) or opt-out (session ends)".
 * @mesura/consent's ConsentState has this shape.
 */
export type PrivacyStatus = 'unknown' | 'opted-in' | 'opted-out';

export interface PrivacySource {
  status(): PrivacyStatus;
  /** Calls `listener` when the status may have changed; returns the removal. */
  subscribe(listener: () => void): () => void;
  /** The visitor's TCF signal, sent with every heartbeat (`gdpr`, `gdpr_consent`) so that the collector checks it again. */
  signal?(): TcfSignal | undefined;
}

/** §3 customer ids: authState unknown 0, authenticated 1, logged out 2. */
export interface CustomerId {
  id: string;
  authState?: 0 | 1 | 2;
  hashType?: string;
}

export type CustomerIds = Readonly<Record<string, CustomerId>>;

/** The visitor (§5 "a visitor with organization ID"); @mesura/identity's Identity and CustomerIdStore fit. */
export interface VisitorSource {
  /** `s:user:mid`; undefined while not known. */
  visitorId(): string | undefined;
  /** Sent on `start` heartbeats; entries with an empty code or id are skipped. */
  customerIds?(): CustomerIds;
}

export type LogLevel = 'error' | 'warn' | 'info';

export interface LogEntry {
  level: LogLevel;
  message: string;
}

export interface MediaDeps {
  /** Default Date.now. */
  clock?: Clock;
  /** Default setTimeout / clearTimeout. */
  timers?: Timers;
  /** Heartbeats and analytics start hits. Default: fetch, no-cors, keepalive. */
  transport?: Transport;
  /** The settings file. Default: fetch. */
  fetchText?: FetchText;
  /** Remembers a remote disabling across pages. Default localStorage, else memory. */
  storage?: KeyValueStorage;
  /** Default: always opted in. The SDK passes its consent state. */
  privacy?: PrivacySource;
  /** Required. */
  visitor?: VisitorSource;
  /** Required: the measurement (analytics) source of the start hits (createMediaAnalytics). */
  analytics?: MediaAnalytics;
  /** Every log entry. Default: the console, when config.debug is true. */
  log?: (entry: LogEntry) => void;
  /** Random digits of session ids. Default Math.random (ids are not secrets). */
  random?: () => number;
}

/**
 * Backfill: measurements that happened earlier, sent now through the real ingest path (`npm run
 * demo` fills the last 30 days this way). A request may name when it was received with
 * RECEIVED_AT_HEADER only if it also carries BACKFILL_KEY_HEADER equal to the key kept in the data
 * folder. Whoever can read the data folder already holds every event Mesura has: that is the trust
 * boundary, so the key is a file there (0600), never a setting that travels. Without the key the
 * header is ignored: a visitor's browser cannot move its hits in time. With the key, a request may
 * also name the address its visitor had (CLIENT_ADDRESS_HEADER), which only ingest's geolocation
 * and anonymisation see, as they would the real one. The key file is made as every data-folder key is (data-key-file.ts).
 *
 * A backfilled request is exempt from the per-address request rate (all of a backfill comes from
 * one address), not from validation, consent checks or the per-visitor rate.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ensureDataKeyFile } from '../data-key-file.js';
import { secretsEqual } from '../digest-equal.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { clientAddress } from '../http/client-address.js';

export const BACKFILL_KEY_FILE = 'backfill.key';
export const BACKFILL_KEY_HEADER = 'x-mesura-backfill';
export const RECEIVED_AT_HEADER = 'x-mesura-received-at';
export const CLIENT_ADDRESS_HEADER = 'x-mesura-client-address';
const DAY_MS = 86_400_000;

/** The data folder's backfill key, made once (random, 0600) and kept across restarts. */
export function ensureBackfillKey(dataDir: string): string {
  return ensureDataKeyFile(dataDir, BACKFILL_KEY_FILE);
}

export interface Backfill {
  /** Whether the request carries the data folder's key. */
  trusted(headers: IncomingHttpHeaders): boolean;
  /**
   * When the request counts as received: its RECEIVED_AT_HEADER when it carries the key, else
   * `nowMs`. A keyed time in the future or past the retention period is refused (400): a backfill
   * that lands elsewhere than asked would mislead whoever runs it.
   */
  receivedAt(headers: IncomingHttpHeaders, nowMs: number): number;
  /** The visitor's address: its CLIENT_ADDRESS_HEADER when it carries the key, else `peer`. A keyed value that is no address is refused (400). */
  clientAddress(headers: IncomingHttpHeaders, peer: string | undefined): string | undefined;
}

/** `retentionDays`: how far back a backfill may go (older rows would be deleted at once). */
export function createBackfill(key: string, retentionDays: number): Backfill {
  const maxAgeMs = retentionDays * DAY_MS;
  const trusted = (headers: IncomingHttpHeaders): boolean => {
    const given = headers[BACKFILL_KEY_HEADER];
    return typeof given === 'string' && secretsEqual(given, key);
  };
  return {
    trusted,
    receivedAt(headers, nowMs) {
      const asked = headers[RECEIVED_AT_HEADER];
      // The hot path pays for one header lookup unless a backfill is under way.
      if (typeof asked !== 'string' || !trusted(headers)) return nowMs;
      const atMs = /^\d{1,15}$/.test(asked) ? Number(asked) : Number.NaN;
      if (atMs <= nowMs && atMs >= nowMs - maxAgeMs) return atMs;
      throw new HttpError(ERRORS.badQuery, `${RECEIVED_AT_HEADER} must be epoch milliseconds, not in the future and within the retention period`);
    },
    clientAddress(headers, peer) {
      const named = headers[CLIENT_ADDRESS_HEADER];
      if (typeof named !== 'string' || !trusted(headers)) return peer;
      if (isIP(named) !== 0) return named;
      throw new HttpError(ERRORS.badQuery, `${CLIENT_ADDRESS_HEADER} must be an IPv4 or IPv6 address`);
    },
  };
}

/** A handler's receive time of `request`: the backfill's when there is one, else the clock's. */
export function receivedAtOf(request: { headers: IncomingHttpHeaders }, deps: { now: () => number; backfill?: Backfill }): number {
  return deps.backfill ? deps.backfill.receivedAt(request.headers, deps.now()) : deps.now();
}

/** A handler's client address of `request`: the backfill's when there is one, else the connection's or its trusted proxies'. */
export function clientAddressOf(request: IncomingMessage, deps: { trustProxy: number; backfill?: Backfill }): string | undefined {
  const peer = clientAddress(request, deps.trustProxy);
  return deps.backfill ? deps.backfill.clientAddress(request.headers, peer) : peer;
}

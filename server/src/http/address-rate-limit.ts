import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from './client-address.js';
import { connectionAddressKey } from './connection-guard.js';
import { ADDRESS_BURST_SECONDS } from './edge-limits.js';
import { MAX_TRACKED_ADDRESSES } from '../memory-budget.js';
import { ERRORS, HttpError } from './errors.js';
import { TokenBuckets } from './token-buckets.js';

export interface AddressRateLimitOptions {
  maxRequestsPerS: number;
  /** Trusted proxy hops (http/client-address.ts). */
  trustProxy: Parameters<typeof clientAddress>[1];
  now: () => number;
  /** Default MAX_TRACKED_ADDRESSES. */
  maxTrackedAddresses?: number;
  /** How long a 429 is held before it is sent (edge-limits.ts REFUSAL_HOLD_MS); 0 sends it at once. */
  holdMs: number;
  /** 429s held at once at most; past it they are sent at once. */
  maxHeld: number;
  /** The timer of the hold. Default setTimeout, not keeping the process alive. */
  schedule?: (send: () => void, ms: number) => void;
}

const unrefTimeout = (send: () => void, ms: number) => void setTimeout(send, ms).unref();

/** Answers 429 and returns true when the request's address is over its rate; false lets it through. */
export type AddressRateLimit = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Requests per second per client address, high by default: a whole city can sit behind one
 * carrier address, so this only stops a single machine's flood; automated visitors are told apart
 * by their visitor id (ingest/visitor-rate.ts), which does not punish their neighbours. Over the
 * rate: 429 with Retry-After, before any body is read, held `holdMs` so that a flooding client's
 * next request on the connection waits for it.
 */
export function createAddressRateLimit(options: AddressRateLimitOptions): AddressRateLimit {
  const buckets = new TokenBuckets({
    ratePerS: options.maxRequestsPerS,
    burst: options.maxRequestsPerS * ADDRESS_BURST_SECONDS,
    maxEntries: options.maxTrackedAddresses ?? MAX_TRACKED_ADDRESSES,
  });
  const schedule = options.schedule ?? unrefTimeout;
  let held = 0;
  return (request, response) => {
    const key = connectionAddressKey(clientAddress(request, options.trustProxy));
    if (buckets.take(key, options.now())) return false;
    request.resume();
    const retryAfterS = buckets.secondsUntilToken(key);
    if (options.holdMs === 0 || held >= options.maxHeld) {
      refuse(response, retryAfterS);
      return true;
    }
    held += 1;
    schedule(() => {
      held -= 1;
      // A client that gave up (or a server closing) has no socket left to answer on.
      if (!response.destroyed) refuse(response, retryAfterS);
    }, options.holdMs);
    return true;
  };
}

const REFUSAL = new HttpError(ERRORS.tooManyRequests, 'too many requests from this address; retry later');
const REFUSAL_BODY = JSON.stringify(REFUSAL.body());

function refuse(response: ServerResponse, retryAfterS: number): void {
  response.writeHead(REFUSAL.kind.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(REFUSAL_BODY)),
    'Retry-After': String(retryAfterS),
  });
  response.end(REFUSAL_BODY);
}

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
}

/** Answers 429 and returns true when the request's address is over its rate; false lets it through. */
export type AddressRateLimit = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Requests per second per client address, high by default: a whole city can sit behind one
 * carrier address, so this only stops a single machine's flood; automated visitors are told apart
 * by their visitor id (ingest/visitor-rate.ts), which does not punish their neighbours. Over the
 * rate: 429 with Retry-After, before any body is read.
 */
export function createAddressRateLimit(options: AddressRateLimitOptions): AddressRateLimit {
  const buckets = new TokenBuckets({
    ratePerS: options.maxRequestsPerS,
    burst: options.maxRequestsPerS * ADDRESS_BURST_SECONDS,
    maxEntries: options.maxTrackedAddresses ?? MAX_TRACKED_ADDRESSES,
  });
  return (request, response) => {
    const key = connectionAddressKey(clientAddress(request, options.trustProxy));
    if (buckets.take(key, options.now())) return false;
    const error = new HttpError(ERRORS.tooManyRequests, 'too many requests from this address; retry later');
    const body = JSON.stringify(error.body());
    request.resume();
    response.writeHead(error.kind.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Retry-After': String(buckets.secondsUntilToken(key)),
    });
    response.end(body);
    return true;
  };
}

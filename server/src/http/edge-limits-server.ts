import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createAddressRateLimit, type AddressRateLimitOptions } from './address-rate-limit.js';
import { guardConnections } from './connection-guard.js';
import { httpServerOptions, openFilesNeeded, type EdgeLimits } from './edge-limits.js';
import { fitToOpenFiles, softOpenFileLimit } from './edge-limits-open-files.js';
import { failSafe } from './request-failure.js';

export interface EdgeServerOptions {
  limits: EdgeLimits;
  /** Trusted proxy hops (http/client-address.ts). */
  trustProxy: AddressRateLimitOptions['trustProxy'];
  now: () => number;
  /** Requests the per-address rate does not apply to (the operator's backfill, ingest/backfill-key.ts). */
  exempt?: (request: IncomingMessage) => boolean;
  /** Told of an error no handler answered (a defect): the request itself gets a 500 (http/request-failure.ts). */
  onDefect: (error: unknown) => void;
}

/**
 * The node:http server every request goes through, with the edge's limits: timeouts, the
 * connection caps, and the per-address request rate checked before `listener` sees a request;
 * whatever the handling throws is answered, never left to end the process.
 */
export function createEdgeServer(options: EdgeServerOptions, listener: RequestListener): Server {
  const overRate = createAddressRateLimit({
    maxRequestsPerS: options.limits.addressMaxRequestsPerS,
    trustProxy: options.trustProxy,
    now: options.now,
    maxTrackedAddresses: options.limits.maxTrackedAddresses,
    holdMs: options.limits.refusalHoldMs,
    // One held answer per open connection at most, but for pipelined requests.
    maxHeld: options.limits.maxConnections,
  });
  const handle = failSafe((request, response) => {
    if (!options.exempt?.(request) && overRate(request, response)) return;
    return listener(request, response);
  }, options.onDefect);
  const server = createServer(httpServerOptions(options.limits), handle);
  const openFileLimit = softOpenFileLimit();
  const limits = fitToOpenFiles(options.limits, openFileLimit);
  guardConnections(server, limits, { ms: options.limits.refusalHoldMs, max: spareDescriptors(limits, openFileLimit) });
  return server;
}

/**
 * Descriptors the open-file limit leaves beyond what the connection cap needs (openFilesNeeded):
 * refused connections may be held open with those, never with the cap's own. None where the limit
 * is unknown; at most the cap itself.
 */
export function spareDescriptors(limits: EdgeLimits, openFileLimit: number | undefined): number {
  if (openFileLimit === undefined) return 0;
  return Math.max(0, Math.min(limits.maxConnections, openFileLimit - openFilesNeeded(limits)));
}

/**
 * Limits of the public edge: how long a client may take to send a request, how long an idle
 * keep-alive connection stays open, how many connections are open at once (in all and per client
 * address), and how many requests one address may make per second. Each has a default here and an
 * environment variable (docs/configuration.md, "Limits at the edge"); config.ts reads them and `checkEdgeLimits` refuses
 * combinations Node would refuse or that would defeat the limit.
 */
import type { ServerOptions } from 'node:http';

/** MESURA_HEADER_TIMEOUT_MS: a client that has not sent its whole request head by then is cut off. */
export const HEADER_TIMEOUT_MS = 10_000;
/** MESURA_REQUEST_TIMEOUT_MS: the same for the whole request, body included. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** MESURA_KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this long. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * MESURA_MAX_CONNECTIONS: open connections in all; further ones are closed at once. With
 * OPEN_FILE_HEADROOM this sets the open-file limit the process needs (docs/configuration.md, "Open files").
 */
export const MAX_CONNECTIONS = 4_096;
/**
 * MESURA_MAX_CONNECTIONS_PER_ADDRESS: open connections from one socket address (IPv6: one /64).
 * A browser opens about six; a carrier-grade NAT puts many visitors behind one address, hence
 * the margin. Behind a reverse proxy every socket is the proxy's: set it above the proxy's pool.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;
/** MESURA_ADDRESS_MAX_REQUESTS_PER_S: requests per second from one client address before 429. */
export const ADDRESS_MAX_REQUESTS_PER_S = 1_000;
/**
 * MESURA_REFUSAL_HOLD_MS: how long a 429 of the per-address rate is held before it is sent. A
 * client waits for its answer before its next request on that connection, so a flood on kept-alive
 * connections slows to one request per connection and hold: under bench:abuse's one-address flood
 * (16 connections, 13,700 requests/s, 92 % of them over the rate) normal beacons' p99 was 1.5–2.9×
 * quiet with the 429s answered at once, and 1.6–1.9× with them held (the flood down to 1,100/s). A browser's beacon loses nothing by it: its answer is never
 * read. Behind a reverse proxy each held answer holds one of its upstream connections that long.
 */
export const REFUSAL_HOLD_MS = 1_000;
/** Burst an address may send above its rate: two seconds' worth. */
export const ADDRESS_BURST_SECONDS = 2;
/** File descriptors the process needs besides its connections: the store, the ingest log, static files. */
export const OPEN_FILE_HEADROOM = 512;
/**
 * Node checks the header and request timeouts only this often (its default, 30 s, would let a
 * slow client hold a socket for up to 40 s): at most a second, and a quarter of the header timeout.
 */
export const MAX_CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

export interface EdgeLimits {
  headerTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  addressMaxRequestsPerS: number;
  /** 0: 429s are sent at once. */
  refusalHoldMs: number;
  /** Addresses whose rate is remembered at once (MESURA_MEMORY_MIB's share, memory-budget.ts). Default MAX_TRACKED_ADDRESSES. */
  maxTrackedAddresses?: number;
}

export const DEFAULT_EDGE_LIMITS: EdgeLimits = {
  headerTimeoutMs: HEADER_TIMEOUT_MS,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
  maxConnections: MAX_CONNECTIONS,
  maxConnectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
  addressMaxRequestsPerS: ADDRESS_MAX_REQUESTS_PER_S,
  refusalHoldMs: REFUSAL_HOLD_MS,
};

/** The limits as read, or a one-line Error naming the variable that breaks a rule. */
export function checkEdgeLimits(limits: EdgeLimits): EdgeLimits {
  if (limits.headerTimeoutMs > HEADER_TIMEOUT_MS) {
    throw new Error(`MESURA_HEADER_TIMEOUT_MS must be at most ${HEADER_TIMEOUT_MS}, got '${limits.headerTimeoutMs}'`);
  }
  if (limits.requestTimeoutMs > REQUEST_TIMEOUT_MS) {
    throw new Error(`MESURA_REQUEST_TIMEOUT_MS must be at most ${REQUEST_TIMEOUT_MS}, got '${limits.requestTimeoutMs}'`);
  }
  if (limits.headerTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(`MESURA_HEADER_TIMEOUT_MS (${limits.headerTimeoutMs}) must not exceed MESURA_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`);
  }
  if (limits.refusalHoldMs > REFUSAL_HOLD_MS) {
    throw new Error(`MESURA_REFUSAL_HOLD_MS must be at most ${REFUSAL_HOLD_MS}, got '${limits.refusalHoldMs}'`);
  }
  if (limits.maxConnectionsPerAddress > limits.maxConnections) {
    throw new Error(`MESURA_MAX_CONNECTIONS_PER_ADDRESS (${limits.maxConnectionsPerAddress}) must not exceed MESURA_MAX_CONNECTIONS (${limits.maxConnections})`);
  }
  return limits;
}

/** The node:http options that carry the timeouts. */
export function httpServerOptions(limits: EdgeLimits): ServerOptions {
  return {
    headersTimeout: limits.headerTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(MAX_CONNECTIONS_CHECK_INTERVAL_MS, Math.ceil(limits.headerTimeoutMs / 4)),
  };
}

/**
 * Connections the kernel may hold waiting to be accepted: as many as may be open at once. With
 * Node's 511, an attacker's burst of reconnections (bench:abuse: 1,700 each second from one
 * address, each closed at once over the per-address cap) filled the queue, and a visitor's new
 * connection waited for its SYN to be sent again a second later: normal beacons' p99 went from
 * 7 to 138 ms; with this it was 14 ms. Linux caps it at net.core.somaxconn (4096 since 5.4).
 */
export function listenBacklog(limits: EdgeLimits): number {
  return limits.maxConnections;
}

/** The open-file limit (`ulimit -n`) the process needs for these limits. */
export function openFilesNeeded(limits: EdgeLimits): number {
  return limits.maxConnections + OPEN_FILE_HEADROOM;
}

// Where a benchmark's traffic comes from: many loopback addresses (the whole 127.0.0.0/8 range is
// this machine's), as real visitors arrive from many, so that the server's per-address limits
// (request rate, connections per address) apply as they do in production instead of being lifted.
// And the line each benchmark prints to say which limits it ran under.
import { DEFAULT_EDGE_LIMITS } from '@mesura/server/tooling';

/** Addresses a load benchmark spreads its connections over: 127.0.1.1 … 127.0.1.200. */
export const SOURCE_ADDRESS_COUNT = 200;
const ADDRESSES_PER_BLOCK = 250;

/** The `n`th source address (wraps around after SOURCE_ADDRESS_COUNT). */
export function sourceAddress(n) {
  const index = n % SOURCE_ADDRESS_COUNT;
  return `127.0.${1 + Math.floor(index / ADDRESSES_PER_BLOCK)}.${1 + (index % ADDRESSES_PER_BLOCK)}`;
}

/** The limits the server ran under: its edge defaults, with what `env` set instead. */
export function describeLimits(env = {}) {
  const names = {
    headerTimeoutMs: 'MESURA_HEADER_TIMEOUT_MS',
    requestTimeoutMs: 'MESURA_REQUEST_TIMEOUT_MS',
    keepAliveTimeoutMs: 'MESURA_KEEP_ALIVE_TIMEOUT_MS',
    maxConnections: 'MESURA_MAX_CONNECTIONS',
    maxConnectionsPerAddress: 'MESURA_MAX_CONNECTIONS_PER_ADDRESS',
    addressMaxRequestsPerS: 'MESURA_ADDRESS_MAX_REQUESTS_PER_S',
  };
  const edge = Object.entries(names).map(([key, name]) => `${name}=${env[name] ?? DEFAULT_EDGE_LIMITS[key]}${env[name] === undefined ? '' : ' (set)'}`);
  const other = Object.entries(env).filter(([name]) => name.startsWith('MESURA_') && !Object.values(names).includes(name) && !/PASSWORD|EMAIL|DATA_DIR|HOST/.test(name));
  return [...edge, ...other.map(([name, value]) => `${name}=${value} (set)`)].join(', ');
}

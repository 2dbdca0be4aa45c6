/**
 * Node's codes for a connection to a server that may come back: nothing listens, nothing answers,
 * the name does not resolve yet. A TLS certificate refused or a bad setting is none of them.
 */
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * Whether a client's error says the server could not be reached (yet): one of Node's network
 * codes, or a message of the client's own timeouts (`timeoutMessage`). What a collector's start
 * waits out for both its servers (clickhouse/open-clickhouse-events.ts, postgres/postgres-pool.ts).
 */
export function isNetworkFailure(error: unknown, timeoutMessage: RegExp): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  return typeof message === 'string' && timeoutMessage.test(message);
}

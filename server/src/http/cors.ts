/**
 * CORS for the site's origins. Beacons sent with fetch(keepalive, credentials: 'include') need the
 * exact origin echoed with credentials allowed; image beacons carry no Origin and need nothing.
 */
export interface Cors {
  /** True when the request carries no Origin or an allowed one. */
  allows(origin: string | undefined): boolean;
  /** Headers for a response to a request from `origin`. */
  headers(origin: string | undefined): Record<string, string>;
  /** Headers for the answer to a preflight from `origin`. */
  preflightHeaders(origin: string | undefined): Record<string, string>;
}

const PREFLIGHT_MAX_AGE_S = 86_400;

export function createCors(allowedOrigins: readonly string[]): Cors {
  const allowed = new Set(allowedOrigins);
  const headers = (origin: string | undefined): Record<string, string> =>
    origin !== undefined && allowed.has(origin) ? { Vary: 'Origin', 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' } : { Vary: 'Origin' };
  return {
    allows: (origin) => origin === undefined || allowed.has(origin),
    headers,
    preflightHeaders: (origin) =>
      origin !== undefined && allowed.has(origin)
        ? {
            ...headers(origin),
            'Access-Control-Allow-Methods': 'GET, POST',
            'Access-Control-Allow-Headers': 'Content-Type',
            'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
          }
        : headers(origin),
  };
}

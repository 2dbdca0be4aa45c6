import { IDENTIFIER_MAX_CHARS, IDENTIFIER_PATTERN } from './sql-literal.js';

/** Where the events go: `MESURA_STORE=clickhouse://user:password@host:port/database`. */
export interface ClickHouseLocation {
  /** The HTTP interface, without credentials: `http://host:port`. */
  endpoint: string;
  username: string;
  /** Never logged: describeClickHouse leaves it out. */
  password: string;
  /** Created on first start when absent (ensure-schema.ts); a name checked against IDENTIFIER_PATTERN. */
  database: string;
}

/** A value of MESURA_STORE that names no usable ClickHouse; the message never repeats the password. */
export class ClickHouseUrlError extends Error {
  readonly code = 'MESURA_ERR_BAD_CLICKHOUSE_URL';
}

/** ClickHouse's HTTP ports: 8123 for http, 8443 for https. */
export const CLICKHOUSE_HTTP_PORT_DEFAULT = 8123;
export const CLICKHOUSE_HTTPS_PORT_DEFAULT = 8443;
/** `default` is the user every ClickHouse ships with. */
export const CLICKHOUSE_USER_DEFAULT = 'default';

/** The schemes, each with the HTTP protocol it speaks: `clickhouses` for TLS. */
const SCHEMES: Record<string, { protocol: 'http' | 'https'; port: number }> = {
  'clickhouse:': { protocol: 'http', port: CLICKHOUSE_HTTP_PORT_DEFAULT },
  'clickhouses:': { protocol: 'https', port: CLICKHOUSE_HTTPS_PORT_DEFAULT },
};

const EXAMPLE = 'clickhouse://user:password@host:8123/database';

/**
 * Reads `clickhouse://user:password@host:port/database` (user, password and port optional; user and
 * password percent-encoded). Throws a ClickHouseUrlError of one line naming `variable` and what to fix.
 */
export function parseClickHouseUrl(text: string, variable = 'MESURA_STORE'): ClickHouseLocation {
  const fail = (what: string): never => {
    throw new ClickHouseUrlError(`${variable}: ${what}; write it as ${EXAMPLE}`);
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('is not a URL');
  }
  const scheme = SCHEMES[url.protocol];
  if (scheme === undefined) return fail(`the scheme must be clickhouse: or clickhouses:, not ${url.protocol.slice(0, 20)}`);
  if (url.hostname === '') fail('names no host');
  if (url.search !== '' || url.hash !== '') fail('takes no query or fragment');
  const database = decodePart(url.pathname.replace(/^\//, ''), fail);
  if (database === '') fail('names no database after the host');
  if (database.length > IDENTIFIER_MAX_CHARS || !IDENTIFIER_PATTERN.test(database)) {
    fail(`the database must be letters, digits and _ (at most ${IDENTIFIER_MAX_CHARS}), not starting with a digit`);
  }
  const port = url.port === '' ? scheme.port : Number(url.port);
  if (port === 0) fail('port 0 is not a port');
  return {
    endpoint: `${scheme.protocol}://${url.hostname}:${port}`,
    username: decodePart(url.username, fail) || CLICKHOUSE_USER_DEFAULT,
    password: decodePart(url.password, fail),
    database,
  };
}

/** The location as a log line may show it: no password. */
export function describeClickHouse(location: ClickHouseLocation): string {
  return `clickhouse://${location.username}@${location.endpoint.replace(/^https?:\/\//, '')}/${location.database}`;
}

function decodePart(part: string, fail: (what: string) => never): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return fail('holds a malformed %-escape');
  }
}

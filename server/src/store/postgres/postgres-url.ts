/**
 * MESURA_METADATA: the PostgreSQL address of the scaled-out deployment's metadata, checked once at
 * start. A refusal is one line that never repeats the password (it would land in the log).
 */
import { parseServiceUrl } from '../../service-url.js';

/** A checked postgres:// address and the same address with its password masked, for logs. */
export interface PostgresUrl {
  /** The address as given, for the client only. */
  connectionString: string;
  /** user@host:port/database, with no password: the one form that may be logged. */
  display: string;
}

const SCHEMES = new Set(['postgres:', 'postgresql:']);

export function parsePostgresUrl(name: string, value: string): PostgresUrl {
  const example = `${name} must be a postgres://user:password@host:port/database address`;
  const url = parseServiceUrl(value, SCHEMES, example);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/')) throw new Error(`${example}; it names no database (the path after the host)`);
  const user = url.username === '' ? '' : `${decodeURIComponent(url.username)}@`;
  return { connectionString: value, display: `${user}${url.host}/${database}` };
}

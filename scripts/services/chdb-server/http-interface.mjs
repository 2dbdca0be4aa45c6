// The part of ClickHouse's HTTP interface that @clickhouse/client uses (command, query, ping), in
// front of chDB sessions: the statement in the `query` parameter and/or the body, `query_id`,
// `database`, `default_format`, the user, and every other parameter as a setting of the statement.

import { createServer } from 'node:http';
import { ADAPTER_CODES, adapterError, ClickHouseError } from './clickhouse-errors.mjs';

/** Bodies past this are refused: the store's largest statements (10,000-row inserts) are about 10 MB. */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;
/** A server's keep_alive_timeout in scripts/services/clickhouse.sh: idle kept-alive connections close after it. */
export const KEEP_ALIVE_TIMEOUT_MS = 3_000;

/** Parameters that are the HTTP interface's own, not settings of the statement. */
const REQUEST_PARAMETERS = new Set(['query', 'query_id', 'database', 'default_format', 'user', 'password', 'quota_key']);
/**
 * Settings that only shape the HTTP answer (compression, progress headers, buffering): the adapter
 * answers uncompressed, at once, so it leaves them out rather than setting them on the engine.
 */
const HTTP_ONLY_SETTINGS = new Set([
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'enable_http_compression',
  'http_zlib_compression_level',
  'http_response_buffer_size',
  'http_native_compression_disable_checksumming_on_decompress',
  'buffer_size',
  'compress',
  'decompress',
]);

/**
 * The HTTP server (not yet listening).
 * @param {{ sessions: import('./chdb-sessions.mjs').ChdbSessions, version: string }} options
 */
export function createHttpInterface({ sessions, version }) {
  const server = createServer((request, response) => {
    answer(request, response, sessions).catch((error) => {
      const failure = error instanceof ClickHouseError ? error : adapterError(ADAPTER_CODES.STD_EXCEPTION, String(error));
      if (response.headersSent) return void response.destroy();
      response.writeHead(500, {
        'Content-Type': 'text/plain; charset=UTF-8',
        'X-ClickHouse-Exception-Code': String(failure.code),
      });
      response.end(`${failure.message} (version ${version})\n`);
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}

/** `/` and `/ping` answer `Ok.`, as a server's do; `/` with a statement runs it. */
async function answer(request, response, sessions) {
  const url = new URL(request.url ?? '/', 'http://adapter');
  if (url.pathname === '/ping' || (url.pathname === '/' && request.method === 'GET' && !url.searchParams.has('query'))) {
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8' });
    return void response.end('Ok.\n');
  }
  if (url.pathname !== '/') {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=UTF-8' });
    return void response.end(`There is no handle ${url.pathname}\n\nUse / or /ping for health checks.\n`);
  }
  checkUser(request, url.searchParams);
  const statement = statementOf(url.searchParams, await readBody(request));
  const { queryId, body } = await sessions.run(statement);
  response.writeHead(200, {
    'Content-Type': 'text/plain; charset=UTF-8',
    'X-ClickHouse-Query-Id': queryId,
    'X-ClickHouse-Timezone': 'UTC',
  });
  response.end(body);
}

/**
 * The statement of a request: as a server does, the `query` parameter and the body are one text,
 * the parameter first, then a line break, then the body (an INSERT's rows).
 * @param {URLSearchParams} params
 * @param {string} body
 */
function statementOf(params, body) {
  const query = params.get('query') ?? '';
  const sql = query === '' ? body : body === '' ? query : `${query}\n${body}`;
  if (sql.trim() === '') throw new ClickHouseError(62, 'Code: 62. DB::Exception: Empty query. (SYNTAX_ERROR)');
  /** @type {Record<string, string>} */
  const settings = {};
  for (const [name, value] of params) {
    if (REQUEST_PARAMETERS.has(name) || HTTP_ONLY_SETTINGS.has(name)) continue;
    if (name.startsWith('param_') || name === 'session_id') {
      // Query parameters and HTTP sessions: the store uses neither (18.16 has no query parameters).
      throw adapterError(ADAPTER_CODES.NOT_IMPLEMENTED, `the chDB adapter does not take '${name}' (query parameters and HTTP sessions are not emulated)`);
    }
    settings[name] = value;
  }
  return {
    sql,
    database: params.get('database') ?? undefined,
    queryId: params.get('query_id') ?? undefined,
    format: params.get('default_format') ?? 'TabSeparated',
    settings,
  };
}

/**
 * The one user scripts/services/clickhouse.sh's server has: `default`, without a password. Anyone
 * else is refused as a server refuses them, so that a wrong test URL fails here as it would there.
 */
function checkUser(request, params) {
  let user = request.headers['x-clickhouse-user'] ?? params.get('user') ?? 'default';
  let password = request.headers['x-clickhouse-key'] ?? params.get('password') ?? '';
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    [user, password] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  }
  if (user !== 'default' || password !== '') {
    throw adapterError(ADAPTER_CODES.AUTHENTICATION_FAILED, `${String(user).slice(0, 60)}: Authentication failed: password is incorrect, or there is no user with such name`);
  }
}

/** The request's body as text; compressed bodies are not emulated (the store sends none). */
async function readBody(request) {
  if (request.headers['content-encoding']) {
    throw adapterError(ADAPTER_CODES.NOT_IMPLEMENTED, 'the chDB adapter takes uncompressed request bodies only');
  }
  const chunks = [];
  let bytes = 0;
  for await (const chunk of request) {
    bytes += chunk.length;
    if (bytes > MAX_BODY_BYTES) throw adapterError(ADAPTER_CODES.BAD_ARGUMENTS, `the request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

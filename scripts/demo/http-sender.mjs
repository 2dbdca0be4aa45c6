// The one place the demo talks HTTP: every request goes to the server's real routes on one
// keep-alive agent, at most `concurrency` at once, carrying the data folder's backfill key and the
// time it stands for (server/src/ingest/backfill-key.ts). Counts what it sent per kind.
import http from 'node:http';

const BACKFILL_KEY_HEADER = 'x-mesura-backfill';
const RECEIVED_AT_HEADER = 'x-mesura-received-at';
const CLIENT_ADDRESS_HEADER = 'x-mesura-client-address';
/** A desktop Chrome's user agent, for requests whose visitor has none of their own. */
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';
/** Answers worth a new attempt: the store or the server was busy for a moment. */
const RETRY_STATUSES = new Set([429, 503]);
const MAX_ATTEMPTS = 5;
const RETRY_WAIT_MS = 200;
const REQUEST_TIMEOUT_MS = 30_000;

/** An answer the demo cannot go on after: a request the server refused as malformed is the demo's own bug. */
export class DemoRequestError extends Error {
  name = 'DemoRequestError';
}

/**
 * `request({kind, method, path, body?, atMs, userAgent?, clientAddress?, contentType?})` resolves with `{status, body}`
 * once answered 2xx; throws DemoRequestError on any other answer. `counts` holds the requests sent per kind.
 */
export function createSender({ port, key, concurrency }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const counts = new Map();
  let active = 0;
  const waiting = [];
  const slot = () => (active < concurrency ? (active++, Promise.resolve()) : new Promise((resolve) => waiting.push(resolve)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  async function request(spec) {
    await slot();
    try {
      for (let attempt = 1; ; attempt++) {
        const answer = await once(agent, port, key, spec).catch((error) => {
          if (!closedWhileIdle(error) || attempt === MAX_ATTEMPTS) throw error;
          return undefined;
        });
        if (answer === undefined) continue;
        if (answer.status >= 200 && answer.status < 300) {
          counts.set(spec.kind, (counts.get(spec.kind) ?? 0) + 1);
          return answer;
        }
        if (!RETRY_STATUSES.has(answer.status) || attempt === MAX_ATTEMPTS) {
          throw new DemoRequestError(`${spec.method} ${spec.path.slice(0, 120)} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS * attempt));
      }
    } finally {
      release();
    }
  }
  return { request, counts, close: () => agent.destroy() };
}

/**
 * The server closed a kept-alive connection as its idle time ran out while the agent sent a new
 * request on it: the request never reached the server, so it is sent again on a new connection
 * (a loaded machine can stretch the agent's margin past the server's keep-alive timeout).
 */
const closedWhileIdle = (error) => error?.code === 'ECONNRESET' && error.reusedSocket === true;

function once(agent, port, key, { method, path, body, atMs, userAgent, clientAddress, contentType }) {
  const headers = { 'user-agent': userAgent ?? DEFAULT_USER_AGENT, [BACKFILL_KEY_HEADER]: key, [RECEIVED_AT_HEADER]: String(atMs) };
  if (clientAddress) headers[CLIENT_ADDRESS_HEADER] = clientAddress;
  if (body !== undefined) Object.assign(headers, { 'content-type': contentType ?? 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new DemoRequestError(`${method} ${path.slice(0, 80)} timed out after ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

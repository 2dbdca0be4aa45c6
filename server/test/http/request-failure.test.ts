/**
 * No request ends the process: whatever a handler throws or rejects with is answered with the
 * usual `{error, code}` (http/request-failure.ts), and the server goes on serving.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS, HttpError } from '../../src/http/errors.js';
import { failSafe } from '../../src/http/request-failure.js';
import { BACKFILL_KEY_FILE, BACKFILL_KEY_HEADER } from '../../src/ingest/backfill-key.js';
import { sendRaw } from '../fuzz/raw-request.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const ANSWER_TIMEOUT_MS = 5_000;

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('a failing request handler', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers a throw with 500 and the catalogue body, tells of the defect once, and serves the next request', async () => {
    const defects: unknown[] = [];
    let calls = 0;
    server = createServer(
      failSafe(
        () => {
          calls += 1;
          if (calls === 1) throw new RangeError('boom');
          throw new HttpError(ERRORS.badQuery, 'bad');
        },
        (error) => defects.push(error),
      ),
    );
    const port = await listening(server);
    const first = await sendRaw(port, { method: 'GET', target: '/', headers: [] }, ANSWER_TIMEOUT_MS);
    expect(first).toMatchObject({ kind: 'answered', status: 500, body: JSON.stringify({ error: 'internal error', code: 'MESURA_ERR_INTERNAL' }) });
    expect(defects).toHaveLength(1);
    const second = await sendRaw(port, { method: 'GET', target: '/', headers: [] }, ANSWER_TIMEOUT_MS);
    expect(second).toMatchObject({ kind: 'answered', status: 400, body: JSON.stringify({ error: 'bad', code: 'MESURA_ERR_BAD_QUERY' }) });
    expect(defects).toHaveLength(1);
  });

  it('answers a rejected promise the same way', async () => {
    server = createServer(
      failSafe(
        async () => Promise.reject(new TypeError('late')),
        () => undefined,
      ),
    );
    const port = await listening(server);
    expect(await sendRaw(port, { method: 'POST', target: '/x', headers: [], body: Buffer.from('{}') }, ANSWER_TIMEOUT_MS)).toMatchObject({ kind: 'answered', status: 500 });
  });

  it('cuts an answer short when its head was already sent, and serves the next request', async () => {
    let calls = 0;
    server = createServer(
      failSafe(
        (_request, response) => {
          calls += 1;
          response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '8' });
          response.write('part');
          if (calls === 1) throw new Error('half way');
          response.end('done');
        },
        () => undefined,
      ),
    );
    const port = await listening(server);
    const cut = await sendRaw(port, { method: 'GET', target: '/', headers: [] }, ANSWER_TIMEOUT_MS);
    // Never a whole answer: the client sees the connection close.
    expect(cut.kind === 'answered' ? cut.body : '').not.toBe('partdone');
    expect(await sendRaw(port, { method: 'GET', target: '/', headers: [] }, ANSWER_TIMEOUT_MS)).toMatchObject({ kind: 'answered', status: 200 });
  });
});

describe('the edge', () => {
  let t: TestServer;
  afterEach(() => t.dispose());

  it('answers a backfill key of the right length in characters but not in bytes, on any URL, and keeps serving', async () => {
    t = await startTestServer();
    await t.server.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.server.app.server.address() as AddressInfo).port;
    const key = readFileSync(path.join(t.dataDir, BACKFILL_KEY_FILE), 'utf8');
    // Node reads header bytes as latin1: one byte past ASCII is one character, two UTF-8 bytes.
    const forged = `\u00e9${key.slice(1)}`;
    for (const target of ['/healthz', '/b/ss/mesuradev/1/X/s1?AQB=1&AQE=1', '/']) {
      const answer = await sendRaw(port, { method: 'GET', target, headers: [[BACKFILL_KEY_HEADER, forged]] }, ANSWER_TIMEOUT_MS);
      expect(answer.kind, target).toBe('answered');
    }
    expect(await sendRaw(port, { method: 'GET', target: '/healthz', headers: [] }, ANSWER_TIMEOUT_MS)).toMatchObject({ kind: 'answered', status: 200 });
  });

  it("answers a request the parser refuses with the catalogue's body: a control byte in a header, a head too large", async () => {
    t = await startTestServer();
    await t.server.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.server.app.server.address() as AddressInfo).port;
    const control = await sendRaw(port, { method: 'GET', target: '/healthz', headers: [['x-note', 'a\u0001b']] }, ANSWER_TIMEOUT_MS);
    expect(control).toMatchObject({ kind: 'answered', status: 400, body: JSON.stringify({ error: 'the request is not valid HTTP/1.1', code: 'MESURA_ERR_MALFORMED_REQUEST' }) });
    const huge = await sendRaw(port, { method: 'GET', target: '/healthz', headers: [['x-note', 'a'.repeat(20_000)]] }, ANSWER_TIMEOUT_MS);
    expect(huge).toMatchObject({ kind: 'answered', status: 431 });
    expect(huge.kind === 'answered' && JSON.parse(huge.body)).toMatchObject({ code: 'MESURA_ERR_HEADERS_TOO_LARGE' });
  });
});

import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionAddressKey } from '../../src/http/connection-guard.js';
import { DEFAULT_EDGE_LIMITS, HEADER_TIMEOUT_MS, OPEN_FILE_HEADROOM, REQUEST_TIMEOUT_MS, checkEdgeLimits, httpServerOptions } from '../../src/http/edge-limits.js';
import { fitToOpenFiles, openFileWarning, softOpenFileLimit } from '../../src/http/edge-limits-open-files.js';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** Small limits, so that the real server shows each rule within a second. */
const SMALL_LIMITS = {
  MESURA_HEADER_TIMEOUT_MS: '300',
  MESURA_REQUEST_TIMEOUT_MS: '600',
  MESURA_KEEP_ALIVE_TIMEOUT_MS: '200',
  MESURA_MAX_CONNECTIONS_PER_ADDRESS: '3',
};
/** A held 429's hold in the tests (REFUSAL_HOLD_MS is a second). */
const HOLD_MS = 300;
/** Upper bound on any wait below: a rule that does not hold fails the test instead of hanging it. */
const WAIT_LIMIT_MS = 3000;

let t: TestServer | undefined;

afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

async function listening(env: Record<string, string>, now?: () => number): Promise<number> {
  t = await startTestServer(env, now);
  await t.server.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.server.app.server.address() as AddressInfo).port;
}

/** One GET /healthz on a new connection from `localAddress`: its status and how long its answer took. */
function timedStatus(port: number, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false }, (response) => {
        response.resume().on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      })
      .on('error', reject);
  });
}

interface OpenSocket {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection (or WAIT_LIMIT_MS passed: 'open'). */
  closed: Promise<string>;
}

function connect(port: number, localAddress = '127.0.0.1'): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<string>((done) => {
      const timer = setTimeout(() => done('open'), WAIT_LIMIT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        done(received);
      });
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** The first bytes of the answer, or '' when the server closes the connection without one. */
function get(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (chunk) => resolve(chunk.toString()));
    socket.once('close', () => resolve(''));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

describe('edge limits on the listening server', () => {
  it('cuts off a client that does not finish its request head within the header timeout', async () => {
    const port = await listening(SMALL_LIMITS);
    const slow = await connect(port);
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const started = Date.now();
    const answer = await slow.closed;
    expect(answer).not.toBe('open');
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
    expect(Date.now() - started).toBeLessThan(WAIT_LIMIT_MS);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = await listening(SMALL_LIMITS);
    const client = await connect(port);
    expect(await get(client.socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    expect(await client.closed).not.toBe('open');
  });

  it('closes connections over the per-address cap unread after MESURA_REFUSAL_HOLD_MS, and answers other addresses meanwhile', async () => {
    // A small cap leaves spare descriptors to hold with under any open-file limit (edge-limits-server.ts spareDescriptors).
    const port = await listening({ ...SMALL_LIMITS, MESURA_HEADER_TIMEOUT_MS: '2000', MESURA_REQUEST_TIMEOUT_MS: '2000', MESURA_REFUSAL_HOLD_MS: String(HOLD_MS), MESURA_MAX_CONNECTIONS: '16' });
    const held = await Promise.all([1, 2, 3].map(() => connect(port)));
    for (const { socket } of held) socket.write('GET /healthz HTTP/1.1\r\n');
    const overAt = performance.now();
    const over = await connect(port);
    // Its request is never read: it gets no answer, only the close.
    over.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const other = await connect(port, '127.0.0.2');
    expect(await get(other.socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    expect(await over.closed).toBe('');
    expect(performance.now() - overAt).toBeGreaterThanOrEqual(HOLD_MS - 1);
    other.socket.destroy();
    // A slot freed by a closed connection is available again (once the server has seen it close).
    held[0]!.socket.destroy();
    await held[0]!.closed;
    let answer = '';
    for (let attempt = 0; attempt < 20 && answer === ''; attempt += 1) {
      const again = await connect(port);
      answer = await get(again.socket, '/healthz');
      again.socket.destroy();
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of held) socket.destroy();
  });

  it('at the connection cap, closes the connection waiting longest for its request head to answer a new one from another address', async () => {
    const port = await listening({ ...SMALL_LIMITS, MESURA_HEADER_TIMEOUT_MS: '2000', MESURA_REQUEST_TIMEOUT_MS: '2000', MESURA_MAX_CONNECTIONS: '6' });
    // Six slow-header connections from two addresses fill the cap, each under its address's cap.
    const slow: OpenSocket[] = [];
    for (const address of ['127.0.0.2', '127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3', '127.0.0.3']) {
      const opened = await connect(port, address);
      opened.socket.write('GET /healthz HTTP/1.1\r\n');
      slow.push(opened);
    }
    const visitor = await connect(port, '127.0.0.4');
    expect(await get(visitor.socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    // The oldest went; the others still wait.
    expect(await slow[0]!.closed).toBe('');
    visitor.socket.destroy();
    for (const { socket } of slow) socket.destroy();
  });

  it('at the connection cap, never cuts a request in progress: a new connection is refused then', async () => {
    const port = await listening({ ...SMALL_LIMITS, MESURA_HEADER_TIMEOUT_MS: '2000', MESURA_REQUEST_TIMEOUT_MS: '2000', MESURA_MAX_CONNECTIONS: '3' });
    // Three requests whose heads are in and whose bodies are still coming.
    const uploading = await Promise.all([1, 2, 3].map(() => connect(port, '127.0.0.2')));
    for (const { socket } of uploading) socket.write('POST /api/consent/choices HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const visitor = await connect(port, '127.0.0.4');
    expect(await visitor.closed).toBe('');
    for (const { socket } of uploading) expect(socket.destroyed).toBe(false);
    for (const { socket } of uploading) socket.destroy();
  });

  it('answers 429 with Retry-After once an address is over its request rate, and lets it through once time has passed', async () => {
    let clock = Date.UTC(2026, 10, 23, 9, 0);
    const port = await listening({ MESURA_ADDRESS_MAX_REQUESTS_PER_S: '2', MESURA_REFUSAL_HOLD_MS: '0' }, () => clock);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await fetch(`http://127.0.0.1:${port}/healthz`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: 'too many requests from this address; retry later', code: 'MESURA_ERR_TOO_MANY_REQUESTS' });
    clock += 1000;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('holds a 429 for MESURA_REFUSAL_HOLD_MS, while another address is answered at once', async () => {
    const port = await listening({ MESURA_ADDRESS_MAX_REQUESTS_PER_S: '1', MESURA_REFUSAL_HOLD_MS: String(HOLD_MS) }, () => Date.UTC(2026, 10, 23, 9, 0));
    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await timedStatus(port, '127.0.0.1')).status);
    expect(statuses).toEqual([200, 200]);
    const [refused, other] = await Promise.all([timedStatus(port, '127.0.0.1'), timedStatus(port, '127.0.0.2')]);
    expect(refused.status).toBe(429);
    expect(refused.ms).toBeGreaterThanOrEqual(HOLD_MS - 1);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(HOLD_MS);
  });
});

describe('edge limit rules', () => {
  it('counts IPv4 (also mapped into IPv6) by address and IPv6 by its /64', () => {
    expect(connectionAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(connectionAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(connectionAddressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(connectionAddressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(connectionAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('defaults to a header timeout of at most 10 s and a request timeout of at most 30 s, checked every second', () => {
    const options = httpServerOptions(DEFAULT_EDGE_LIMITS);
    expect(options.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(options.requestTimeout).toBeLessThanOrEqual(30_000);
    expect(options.keepAliveTimeout).toBeGreaterThan(0);
    expect(options.connectionsCheckingInterval).toBe(1000);
    expect(httpServerOptions({ ...DEFAULT_EDGE_LIMITS, headerTimeoutMs: 300 }).connectionsCheckingInterval).toBe(75);
  });

  it('refuses limits above the ceilings, and inconsistent ones, naming the variable', () => {
    expect(() => checkEdgeLimits({ ...DEFAULT_EDGE_LIMITS, headerTimeoutMs: HEADER_TIMEOUT_MS + 1 })).toThrow(/MESURA_HEADER_TIMEOUT_MS/);
    expect(() => checkEdgeLimits({ ...DEFAULT_EDGE_LIMITS, requestTimeoutMs: REQUEST_TIMEOUT_MS + 1 })).toThrow(/MESURA_REQUEST_TIMEOUT_MS/);
    expect(() => checkEdgeLimits({ ...DEFAULT_EDGE_LIMITS, maxConnectionsPerAddress: DEFAULT_EDGE_LIMITS.maxConnections + 1 })).toThrow(/MESURA_MAX_CONNECTIONS_PER_ADDRESS/);
    expect(() => loadConfig({ MESURA_REFUSAL_HOLD_MS: '1001' }, '/')).toThrow(/MESURA_REFUSAL_HOLD_MS must be at most 1000/);
    expect(() => loadConfig({ MESURA_KEEP_ALIVE_TIMEOUT_MS: '-5' }, '/')).toThrow(/MESURA_KEEP_ALIVE_TIMEOUT_MS must be a positive integer/);
  });
});

describe('the open-file limit', () => {
  const limits = { ...DEFAULT_EDGE_LIMITS, maxConnections: 4096, maxConnectionsPerAddress: 256 };

  it('reads the soft limit from /proc/self/limits', () => {
    const proc = 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n';
    expect(softOpenFileLimit(() => proc)).toBe(1024);
    expect(softOpenFileLimit(() => proc.replace('1024  ', 'unlimited'))).toBe(Number.POSITIVE_INFINITY);
    expect(
      softOpenFileLimit(() => {
        throw new Error('no /proc');
      }),
    ).toBeUndefined();
  });

  it(`lowers the connection cap to the limit less ${OPEN_FILE_HEADROOM} descriptors, and says so, when the limit is too low`, () => {
    expect(fitToOpenFiles(limits, 1024)).toMatchObject({ maxConnections: 1024 - OPEN_FILE_HEADROOM, maxConnectionsPerAddress: 256 });
    expect(openFileWarning(limits, 1024)).toBe(
      `the open-file limit is 1024 but MESURA_MAX_CONNECTIONS=4096 needs ${4096 + OPEN_FILE_HEADROOM}: at most ${1024 - OPEN_FILE_HEADROOM} connections are accepted; raise the limit (ulimit -n, LimitNOFILE) to keep 4096`,
    );
    expect(fitToOpenFiles(limits, 65536)).toBe(limits);
    expect(openFileWarning(limits, 65536)).toBeUndefined();
    expect(fitToOpenFiles(limits, undefined)).toBe(limits);
  });
});

import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guardConnections, type ConnectionGuard } from '../../src/http/connection-guard.js';
import { spareDescriptors } from '../../src/http/edge-limits-server.js';
import { DEFAULT_EDGE_LIMITS, OPEN_FILE_HEADROOM } from '../../src/http/edge-limits.js';

/** Holds on a fake timer: the test ends each hold itself. */
function fakeHolds() {
  const due: (() => void)[] = [];
  return {
    schedule: (close: () => void) => void due.push(close),
    endAll: () => due.splice(0).forEach((close) => close()),
    get pending() {
      return due.length;
    },
  };
}

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function guarded(limits: { maxConnections: number; maxConnectionsPerAddress: number }, hold: Parameters<typeof guardConnections>[2]): Promise<{ port: number; guard: ConnectionGuard }> {
  // Answers once the body is in: a request whose body is still coming stays in progress.
  const server = http.createServer((request, response) => request.resume().on('end', () => response.end('ok')));
  servers.push(server);
  const guard = guardConnections(server, limits, hold);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { port: (server.address() as AddressInfo).port, guard };
}

/** A connection from `localAddress`, and a promise of its close. */
async function open(port: number, localAddress = '127.0.0.1'): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  sockets.push(socket);
  socket.on('error', () => undefined);
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  await new Promise((done) => socket.once('connect', done));
  return { socket, closed };
}

/** Waits until `check` holds, on the event loop (the server sees a connection a turn after the client). */
async function until(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !check(); turn += 1) await new Promise((done) => setTimeout(done, 5));
  expect(check()).toBe(true);
}

describe('guardConnections: refused connections held (RefusalHold)', () => {
  it('holds a connection over its address cap open and unread until the hold ends, then closes it', async () => {
    const holds = fakeHolds();
    const { port, guard } = await guarded({ maxConnections: 10, maxConnectionsPerAddress: 1 }, { ms: 1000, max: 5, schedule: holds.schedule });
    await open(port);
    const over = await open(port);
    let closed = false;
    void over.closed.then(() => (closed = true));
    await until(() => guard.held === 1);
    expect(guard.refused).toBe(1);
    await new Promise((done) => setTimeout(done, 50));
    expect(closed).toBe(false);
    holds.endAll();
    await over.closed;
    expect(guard.held).toBe(0);
  });

  it('closes at once past the most it may hold, and never holds for the global cap', async () => {
    const holds = fakeHolds();
    const { port, guard } = await guarded({ maxConnections: 3, maxConnectionsPerAddress: 1 }, { ms: 1000, max: 1, schedule: holds.schedule });
    /** A connection whose request is in progress (its body still coming): the cap never sheds it. */
    const uploading = async (address: string) => {
      const opened = await open(port, address);
      opened.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{');
      return opened;
    };
    await uploading('127.0.0.1');
    await open(port);
    await until(() => guard.held === 1);
    await (await open(port)).closed;
    expect(guard.held).toBe(1);
    // The global cap (3) filled by requests in progress, each under its address's cap: closed at once, not held.
    await uploading('127.0.0.2');
    await uploading('127.0.0.3');
    await new Promise((done) => setTimeout(done, 50));
    await (await open(port, '127.0.0.4')).closed;
    expect(guard.held).toBe(1);
    expect(guard.refused).toBe(3);
    holds.endAll();
  });

  it('closes at once with a hold of 0', async () => {
    const { port, guard } = await guarded({ maxConnections: 10, maxConnectionsPerAddress: 1 }, { ms: 0, max: 5 });
    await open(port);
    await (await open(port)).closed;
    expect(guard.held).toBe(0);
  });
});

describe('spareDescriptors', () => {
  const limits = { ...DEFAULT_EDGE_LIMITS, maxConnections: 4096 };
  it('holds with what the open-file limit leaves beyond the cap and its headroom, at most the cap, none when unknown', () => {
    expect(spareDescriptors(limits, 8192)).toBe(8192 - 4096 - OPEN_FILE_HEADROOM);
    expect(spareDescriptors(limits, 65536)).toBe(4096);
    expect(spareDescriptors(limits, Number.POSITIVE_INFINITY)).toBe(4096);
    expect(spareDescriptors(limits, 4096 + OPEN_FILE_HEADROOM)).toBe(0);
    expect(spareDescriptors(limits, 1024)).toBe(0);
    expect(spareDescriptors(limits, undefined)).toBe(0);
  });
});

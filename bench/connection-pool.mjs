// Keep-alive HTTP/1.1 GETs on raw sockets for the load benchmarks (bench:media, bench:ingest),
// each socket from the next of many loopback addresses (source-addresses.mjs), as clients come
// from many.
import { connect } from 'node:net';
import { sourceAddress } from './source-addresses.mjs';

/** Below the server's keep-alive timeout (MESURA_KEEP_ALIVE_TIMEOUT_MS, 5 s by default). */
const MAX_IDLE_MS = 4000;
/** A desktop browser's: the collector flags other agents as bots. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/**
 * Keep-alive HTTP/1.1 GETs on raw sockets, one request at a time per socket, each socket from the
 * next of many loopback addresses (source-addresses.mjs), as viewers come from many. The load generator
 * shares the machine's cores with the server: node:http's client costs more CPU per request than
 * the server's answer does, so it would measure itself.
 */
export class ConnectionPool {
  constructor(port) {
    this.port = port;
    this.free = [];
    this.all = new Set();
    /** Connections opened so far: each comes from the next source address. */
    this.opened = 0;
  }

  /** Resolves with the answer's status, or 0 when the connection failed. */
  async get(path) {
    const connection = this.reusable() ?? this.open();
    const status = await connection.get(path);
    connection.idleSince = performance.now();
    if (status !== 0) this.free.push(connection);
    return status;
  }

  /**
   * A free connection the server has not closed: node:http closes one idle for 5 s, and a request
   * written as it does would be lost in transit, so connections idle for 4 s are given up first.
   */
  reusable() {
    for (let connection = this.free.pop(); connection; connection = this.free.pop()) {
      if (!connection.closed && performance.now() - connection.idleSince < MAX_IDLE_MS) return connection;
      connection.socket.destroy();
    }
    return undefined;
  }

  open() {
    const connection = new Connection(this.port, sourceAddress(this.opened), () => this.all.delete(connection));
    this.opened += 1;
    this.all.add(connection);
    return connection;
  }

  async prewarm(count) {
    const opened = Array.from({ length: count }, () => this.open());
    await Promise.all(opened.map((c) => new Promise((resolve) => c.socket.once('connect', resolve).once('error', resolve))));
    for (const connection of opened) connection.idleSince = performance.now();
    this.free.push(...opened.filter((c) => !c.closed));
  }

  close() {
    for (const connection of this.all) connection.socket.destroy();
  }
}

class Connection {
  constructor(port, localAddress, onClose) {
    this.socket = connect({ port, host: '127.0.0.1', localAddress });
    this.socket.setNoDelay(true);
    this.buffer = Buffer.alloc(0);
    this.pending = undefined;
    this.closed = false;
    this.idleSince = performance.now();
    this.socket.on('data', (chunk) => this.read(chunk));
    const fail = () => {
      this.closed = true;
      onClose();
      this.settle(0);
    };
    this.socket.on('error', fail);
    this.socket.on('close', fail);
  }

  get(path) {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${BROWSER_UA}\r\n\r\n`);
    });
  }

  /** One whole answer: the head, then Content-Length bytes of body. */
  read(chunk) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return;
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    this.settle(Number(head.slice(9, 12)));
  }

  settle(status) {
    const resolve = this.pending;
    this.pending = undefined;
    resolve?.(status);
  }
}

/**
 * `connections` senders to 127.0.0.1:`port` for `seconds`, each sending its next request (`next()`:
 * `{ path }` and whatever `onAnswer` needs) once the last is answered. Resolves with the count of
 * 2xx, other statuses and failed connections, and every answer's time.
 */
export async function closedLoop(port, { connections, seconds, next, onAnswer = () => undefined }) {
  const pool = new ConnectionPool(port);
  await pool.prewarm(connections);
  const result = { '2xx': 0, non2xx: 0, errors: 0, latenciesMs: [] };
  const deadline = performance.now() + seconds * 1000;
  const sender = async () => {
    while (performance.now() < deadline) {
      const request = next();
      const started = performance.now();
      const status = await pool.get(request.path);
      result.latenciesMs.push(performance.now() - started);
      if (status >= 200 && status < 300) result['2xx'] += 1;
      else if (status === 0) result.errors += 1;
      else result.non2xx += 1;
      onAnswer(status, request);
    }
  };
  await Promise.all(Array.from({ length: connections }, sender));
  pool.close();
  return result;
}

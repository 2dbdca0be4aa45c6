// bench:abuse's attackers, each in a process of its own (forked by abuse.mjs) so that their work
// does not delay the timing of the normal beacons. Each reports its counts by IPC and exits.
//   node abuse-attackers.mjs slow <port> <sourceAddress> <connections> <seconds> hold|reconnect
//   node abuse-attackers.mjs flood <port> <sourceAddress> <seconds>
import http from 'node:http';
import net from 'node:net';
import { BENCH_USER_AGENT, FLOOD_PAGE_NAME, beaconPath, timedGet, visitorId } from './abuse-beacon.mjs';

/** A slow client sends one more byte of its unfinished header this often. */
const SLOW_BYTE_INTERVAL_MS = 1_000;
/** With `reconnect`, a slow connection the server closed is opened again after this long, for as long as the attack lasts. */
const SLOW_RECONNECT_DELAY_MS = 1_000;
/** Requests the flooding visitor keeps in flight at once, on as many kept-alive connections. */
const FLOOD_CONCURRENCY = 16;
const FLOOD_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Opens `target` connections that never finish their request head: each sends a request line and
 * the start of a header, then one byte a second. `hold`: those the server closes stay closed.
 * `reconnect`: each closed one is opened again after a pause, so the server meets `target` of them
 * throughout (and, once it closes them, a stream of new connections from one address).
 */
async function slow(port, localAddress, target, seconds, reconnect) {
  const counts = { opened: 0, closedByServer: 0, connectErrors: 0, open: 0, maxOpen: 0 };
  const sockets = new Set();
  let ending = false;
  const open = () => {
    if (ending) return;
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      counts.opened += 1;
      counts.open += 1;
      counts.maxOpen = Math.max(counts.maxOpen, counts.open);
      sockets.add(socket);
      socket.write(`GET /b/ss/mesuradev/1/slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${BENCH_USER_AGENT}\r\nX-Slow: `);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (connected) counts.open -= 1;
      if (ending) return;
      if (connected) counts.closedByServer += 1;
      else counts.connectErrors += 1;
      if (reconnect) setTimeout(open, SLOW_RECONNECT_DELAY_MS);
    });
  };
  for (let i = 0; i < target; i++) open();
  const drip = setInterval(() => {
    for (const socket of sockets) socket.write('a');
  }, SLOW_BYTE_INTERVAL_MS);
  // The parent starts measuring once the connections stand.
  await new Promise((resolve) => setTimeout(resolve, SLOW_BYTE_INTERVAL_MS));
  process.send({ type: 'ready', counts: { ...counts } });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  ending = true;
  clearInterval(drip);
  const openAtEnd = counts.open;
  for (const socket of sockets) socket.destroy();
  return { ...counts, openAtEnd };
}

/** One visitor id, as fast as FLOOD_CONCURRENCY kept-alive connections allow, for `seconds`. */
async function flood(port, localAddress, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONCURRENCY, localAddress });
  const visitor = visitorId('F100D', 1);
  const counts = { sent: 0, acknowledged: 0, tooMany: 0, otherStatus: 0, failed: 0 };
  const end = Date.now() + seconds * 1000;
  process.send({ type: 'ready', counts: { ...counts } });
  const loop = async () => {
    while (Date.now() < end) {
      counts.sent += 1;
      const { status } = await timedGet({ port, path: beaconPath(visitor, FLOOD_PAGE_NAME), localAddress, agent, timeoutMs: FLOOD_REQUEST_TIMEOUT_MS });
      if (status >= 200 && status < 300) counts.acknowledged += 1;
      else if (status === 429) counts.tooMany += 1;
      else if (status === 0) counts.failed += 1;
      else counts.otherStatus += 1;
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, loop));
  agent.destroy();
  return { ...counts, visitor, seconds };
}

const [role, port, localAddress, ...rest] = process.argv.slice(2);
const work = role === 'slow' ? slow(Number(port), localAddress, Number(rest[0]), Number(rest[1]), rest[2] === 'reconnect') : flood(Number(port), localAddress, Number(rest[0]));
work.then(
  (counts) => process.send({ type: 'done', counts }, () => process.exit(0)),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * Caps open connections per client address, at 'connection' time, before any byte is read: a
 * connection over the cap is closed unread (after a hold: RefusalHold), so that one address cannot use up the process's
 * file descriptors (slow-header attacks) and starve every other client. The address is the
 * socket's own: the cap is about sockets, and a forwarded header is not even read yet. Also
 * holds the server's global cap, itself rather than through Node's `maxConnections` (which closes
 * a new connection before anyone sees it), so that it can shed an idle one instead.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Groups of addresses one client controls: an IPv6 host usually holds a whole /64. */
const IPV6_PREFIX_GROUPS = 4;
const IPV4_MAPPED_PREFIX = '::ffff:';

/** The key a socket address is counted under: IPv4 as is (also when mapped into IPv6), IPv6 by its /64. */
export function connectionAddressKey(address: string | undefined): string {
  if (address === undefined) return '';
  const lower = address.toLowerCase();
  if (lower.startsWith(IPV4_MAPPED_PREFIX) && lower.includes('.')) return lower.slice(IPV4_MAPPED_PREFIX.length);
  if (!lower.includes(':')) return lower;
  return `${expandIpv6(lower).slice(0, IPV6_PREFIX_GROUPS).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded (zone id dropped). */
function expandIpv6(address: string): string[] {
  const [withoutZone = ''] = address.split('%');
  const [head = '', tail] = withoutZone.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailGroups.length);
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) => group.replace(/^0+(?=.)/, ''));
}

export interface ConnectionGuardLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
}

/**
 * How a connection over its address's cap is closed: held open unread for `ms` first (edge-limits.ts
 * REFUSAL_HOLD_MS), as a 429 is, so that a client reopening what the server closes comes back at
 * most once per hold rather than as fast as it can: closed at once, one address's 2,000 slow-header
 * connections came back about 1,700 times a second, each accepted and closed on the request
 * thread, and normal beacons' p99 doubled. At most `max` are held at once (the descriptors the
 * connection cap leaves under the open-file limit: edge-limits-server.ts); past it, closed at once.
 */
export interface RefusalHold {
  ms: number;
  max: number;
  /** The timer of the hold. Default setTimeout, not keeping the process alive. */
  schedule?: (close: () => void, ms: number) => void;
}

const NO_HOLD: RefusalHold = { ms: 0, max: 0 };
const unrefTimeout = (close: () => void, ms: number) => void setTimeout(close, ms).unref();
/** A held socket is never read; an error on it (the client resetting) only ends the hold early. */
const ignoreError = () => undefined;

export interface ConnectionGuard {
  /** Open connections per address key right now. */
  openFrom(address: string | undefined): number;
  /** Connections destroyed for being over the per-address cap, or over the cap with none to shed, since start. */
  readonly refused: number;
  /** Connections closed, waiting for a request head, to make room for a new one since start. */
  readonly shed: number;
  /** Refused connections held open unread right now (RefusalHold). */
  readonly held: number;
}

/**
 * Must be called on a server before anything else listens to its 'connection' event: the HTTP
 * server's own listeners (which set up a parser and timers per socket) are moved behind the check,
 * so that a refused connection costs only its accept and its close, however fast an attacker
 * reopens them.
 *
 * At the cap, a new connection is not refused while one that is waiting for a request head (just
 * opened, or idle between keep-alive requests) can be closed instead, the one waiting longest
 * first: many addresses holding slow-header connections would otherwise fill the cap and starve
 * every other client. A request in progress is never cut; a client whose idle connection was
 * closed opens another, as it does after the keep-alive timeout.
 */
export function guardConnections(server: Server, limits: ConnectionGuardLimits, hold: RefusalHold = NO_HOLD): ConnectionGuard {
  const open = new Map<string, number>();
  /** Counted connections, by socket, with their address key. */
  const counted = new Map<Socket, string>();
  /** Connections waiting for a request head, oldest first (a Set keeps insertion order). */
  const waiting = new Set<Socket>();
  let refused = 0;
  let shed = 0;
  let held = 0;
  const schedule = hold.schedule ?? unrefTimeout;
  /** Closes a refused connection: after the hold when one is free, else at once. */
  const refuse = (socket: Socket, overAddressCap: boolean) => {
    refused += 1;
    if (!overAddressCap || hold.ms === 0 || held >= hold.max) {
      socket.destroy();
      return;
    }
    held += 1;
    socket.pause();
    socket.on('error', ignoreError);
    schedule(() => {
      held -= 1;
      socket.destroy();
    }, hold.ms);
  };
  const uncount = (socket: Socket) => {
    const key = counted.get(socket);
    if (key === undefined) return;
    counted.delete(socket);
    waiting.delete(socket);
    const left = (open.get(key) ?? 1) - 1;
    if (left <= 0) open.delete(key);
    else open.set(key, left);
  };
  const shedOldestWaiting = (): boolean => {
    const oldest = waiting.values().next().value;
    if (oldest === undefined) return false;
    uncount(oldest);
    oldest.destroy();
    shed += 1;
    return true;
  };
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const key = connectionAddressKey(socket.remoteAddress);
    const fromAddress = (open.get(key) ?? 0) + 1;
    if (fromAddress > limits.maxConnectionsPerAddress) return refuse(socket, true);
    if (counted.size >= limits.maxConnections && !shedOldestWaiting()) return refuse(socket, false);
    open.set(key, fromAddress);
    counted.set(socket, key);
    waiting.add(socket);
    socket.once('close', () => uncount(socket));
    for (const listener of httpListeners) listener.call(server, socket);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    waiting.delete(socket);
    // Waiting again once answered, at the back: it is idle until its next request head.
    response.once('finish', () => {
      if (counted.has(socket) && !socket.destroyed) waiting.add(socket);
    });
  });
  return {
    openFrom: (address) => open.get(connectionAddressKey(address)) ?? 0,
    get refused() {
      return refused;
    },
    get shed() {
      return shed;
    },
    get held() {
      return held;
    },
  };
}

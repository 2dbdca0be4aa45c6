/**
 * Caps open connections per client address, at 'connection' time, before any byte is read: a
 * connection over the cap is destroyed at once, so that one address cannot use up the process's
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

export interface ConnectionGuard {
  /** Open connections per address key right now. */
  openFrom(address: string | undefined): number;
  /** Connections destroyed for being over the per-address cap, or over the cap with none to shed, since start. */
  readonly refused: number;
  /** Connections closed, waiting for a request head, to make room for a new one since start. */
  readonly shed: number;
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
export function guardConnections(server: Server, limits: ConnectionGuardLimits): ConnectionGuard {
  const open = new Map<string, number>();
  /** Counted connections, by socket, with their address key. */
  const counted = new Map<Socket, string>();
  /** Connections waiting for a request head, oldest first (a Set keeps insertion order). */
  const waiting = new Set<Socket>();
  let refused = 0;
  let shed = 0;
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
    if (fromAddress > limits.maxConnectionsPerAddress || (counted.size >= limits.maxConnections && !shedOldestWaiting())) {
      refused += 1;
      socket.destroy();
      return;
    }
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
  };
}

import type { IncomingMessage } from 'node:http';

/**
 * The client's address, handed straight to the anonymiser; never stored or logged as it is.
 *
 * `trustedProxyHops` is the number of reverse proxies in front of the server that it trusts
 * (MESURA_TRUSTED_PROXY_HOPS; Fastify's numeric `trustProxy` counts the same way). Each proxy
 * appends the address it received the request from to X-Forwarded-For, so with N trusted hops the
 * client is the N-th address from the right: everything to its left was written by the client
 * itself (or by an untrusted proxy) and may be anything. 0 hops: the socket's peer, whatever the
 * header says. A header shorter than the hops gives its left-most address, as Fastify does.
 */
export function clientAddress(request: IncomingMessage, trustedProxyHops: number): string | undefined {
  const peer = request.socket.remoteAddress;
  if (trustedProxyHops <= 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : header)?.split(',').map((entry) => entry.trim());
  if (!forwarded || forwarded.every((entry) => entry === '')) return peer;
  const chosen = forwarded[Math.max(0, forwarded.length - trustedProxyHops)];
  return chosen || peer;
}

/**
 * Fastify's `trustProxy` for the same hop count, so that `request.ip` agrees with clientAddress.
 * A function rather than the number: this Fastify release ignores a numeric hop count (it cannot
 * tell a proxy from a client). proxy-addr asks about each address from the socket's peer (hop 0)
 * leftwards; the first `trustedProxyHops` are the proxies.
 */
export function fastifyTrustProxy(trustedProxyHops: number): false | ((address: string, hop: number) => boolean) {
  return trustedProxyHops > 0 ? (_address, hop) => hop < trustedProxyHops : false;
}

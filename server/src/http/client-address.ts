import type { IncomingMessage } from 'node:http';

/**
 * The client's address: the socket's peer, or behind a trusted reverse proxy the first address of
 * X-Forwarded-For. Handed straight to the anonymiser; never stored or logged as it is.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return request.socket.remoteAddress;
}

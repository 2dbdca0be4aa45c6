import type { FastifyRequest } from 'fastify';

/**
 * Hosts browsers count as a secure context over plain http (the W3C's "potentially trustworthy"
 * origins: localhost, its subdomains, the loopback addresses). Chromium and Firefox keep Secure
 * cookies such a host sets, so a SameSite=None cookie works there as it does over https.
 */
const LOOPBACK_HOST = /^(?:localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether the collector's cookie may be SameSite=None; Secure: the request came over https (behind
 * a TLS proxy, only with MESURA_TRUST_PROXY), or to a loopback host, so that two local origins of
 * different sites (localhost and 127.0.0.1) share the collector's id as deployed domains do.
 */
export function servedOverSecureContext(request: FastifyRequest): boolean {
  return request.protocol === 'https' || LOOPBACK_HOST.test(request.hostname);
}

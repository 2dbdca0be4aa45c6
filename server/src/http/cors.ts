import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for the site's origins. Beacons sent with fetch(keepalive, credentials: 'include') need the
 * exact origin echoed with credentials allowed; image beacons carry no Origin and need nothing.
 */
export function createCors(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return {
    /** True when the request carries no Origin or an allowed one. */
    allows(request: FastifyRequest): boolean {
      const origin = request.headers.origin;
      return origin === undefined || allowed.has(origin);
    },
    decorate(request: FastifyRequest, reply: FastifyReply): void {
      const origin = request.headers.origin;
      reply.header('Vary', 'Origin');
      if (origin !== undefined && allowed.has(origin)) {
        reply.header('Access-Control-Allow-Origin', origin);
        reply.header('Access-Control-Allow-Credentials', 'true');
      }
    },
    preflight(request: FastifyRequest, reply: FastifyReply): void {
      this.decorate(request, reply);
      if (reply.hasHeader('Access-Control-Allow-Origin')) {
        reply.header('Access-Control-Allow-Methods', 'GET, POST');
        reply.header('Access-Control-Allow-Headers', 'Content-Type');
        reply.header('Access-Control-Max-Age', '86400');
      }
      reply.code(204).send();
    },
  };
}

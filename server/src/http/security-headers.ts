/**
 * The headers every response carries, whatever answers it (Fastify's routes and the node:http
 * collectors alike): they cost a few bytes and close whole classes of attacks.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A year: browsers remember to use https only for this long after the last visit. */
export const HSTS_MAX_AGE_S = 31_536_000;

export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * nosniff (a JSON or text answer is never run as a script or styled as CSS), a referrer that
 * leaves the site with its origin only, and HSTS when the public URL is https: announced over
 * plain http it would lock a localhost deployment out of itself.
 */
export function securityHeaders(publicUrl: URL | undefined): SecurityHeaders {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(publicUrl?.protocol === 'https:' && { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` }),
  };
}

/** Set on the raw response, so that they survive a handler that writes its own head. */
export function applySecurityHeaders(response: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}

/**
 * The same headers on every request Fastify sees, including app.inject's (which skips the
 * server's own request listener) and routes that hijack their reply.
 */
export function addSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', async (_request, reply) => {
    applySecurityHeaders(reply.raw, headers);
  });
}

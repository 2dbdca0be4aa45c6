/**
 * An address the router cannot decode (`/noticia/%ZZ/`, a cut UTF-8 sequence) is a client's
 * mistake like any unknown page: it is routed again with every `%` taken literally, so that a
 * page path reaches the site and its not-found page (404), and an API path its 404, instead of
 * Fastify's own 400 body, which is not the catalogue's `{error, code}`.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fromFrameworkError } from './errors.js';

/** Set on a request already routed again, so that a second failure cannot loop. */
const REROUTED = Symbol('mesura.rerouted');

/** `url` with each `%` written as `%25`: it decodes to itself, whatever followed the `%`. */
export function literalPercents(url: string): string {
  return url.replaceAll('%', '%25');
}

/** Marks `request` as routed again and rewrites its address; false when it already was (answer it some other way). */
function rerouteOnce(request: IncomingMessage): boolean {
  const marked = request as IncomingMessage & { [REROUTED]?: true };
  if (marked[REROUTED] || request.url === undefined) return false;
  marked[REROUTED] = true;
  const q = request.url.indexOf('?');
  // Only the path: the query is decoded by its own parser, which takes a bad `%` as it is.
  request.url = q < 0 ? literalPercents(request.url) : literalPercents(request.url.slice(0, q)) + request.url.slice(q);
  return true;
}

/** Fastify's `frameworkErrors`: an undecodable address routed again once, any other error before routing answered from the catalogue. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' && rerouteOnce(request.raw)) {
    reply.server.routing(request.raw, reply.raw);
    return;
  }
  const httpError = fromFrameworkError(error);
  void reply.code(httpError.kind.status).send(httpError.body());
}

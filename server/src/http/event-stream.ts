/**
 * Server-sent event streams (the real-time report, the TV pairing): their head, and the answer to
 * a HEAD request for one. Node sends a response's head with its first body write, and a HEAD
 * answer has no body: a stream opened for HEAD would send nothing and hold the connection for good.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Not buffered by a proxy (X-Accel-Buffering), never cached. */
export const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } as const;

/** For HEAD: the stream's head, ended at once (call before taking any resource for the stream); else undefined. */
export function answerHeadOfStream(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (request.method !== 'HEAD') return undefined;
  return reply.code(200).headers(EVENT_STREAM_HEADERS).send();
}

/**
 * Watch on TV over HTTP:
 *   POST /api/engagement/tv/pairings                    → 201 {code, receiverToken, expiresAt} (the /tv/ page)
 *   GET  /api/engagement/tv/pairings/:code/events?token= → an event stream: `cast` events with the media
 *   POST /api/engagement/tv/pairings/:code/cast {media}  → 200 {status: 'cast'} (the site's button)
 * The stream ends when the pairing expires; the receiver then asks for a new code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { TV_EVENTS_KEEPALIVE_MS } from './engagement-limits.js';
import type { AddressLimiter } from './request-guards.js';
import { parseTvMedia } from './tv-media.js';
import type { TvMedia } from '@mesura/protocol';
import { TV_CODE_FORMAT, type TvPairings } from './tv-pairings.js';
import { EVENT_STREAM_HEADERS, answerHeadOfStream } from '../http/event-stream.js';

const RECEIVER_TOKEN_FORMAT = /^[A-Za-z0-9_-]{24}$/;

export interface TvRouteDeps {
  pairings: TvPairings;
  guardChange: (request: FastifyRequest) => void;
  /** New pairings per address. */
  limit: AddressLimiter;
  /** Cast attempts per address: slower, so that codes cannot be guessed. */
  limitCasts: AddressLimiter;
  now: () => number;
}

function codeOf(request: FastifyRequest): string {
  const { code } = request.params as { code: string };
  if (!TV_CODE_FORMAT.test(code)) throw new HttpError(ERRORS.badQuery, 'the code is the 6 digits the TV shows');
  return code;
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export async function tvRoutes(app: FastifyInstance, deps: TvRouteDeps): Promise<void> {
  // Open streams end before the server stops, so that a TV left on never holds a shutdown.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.post('/api/engagement/tv/pairings', { config: { access: 'public' } }, async (request, reply) => {
    deps.guardChange(request);
    deps.limit(request);
    const created = deps.pairings.create();
    if (!created) throw new HttpError(ERRORS.storeUnavailable, 'too many TVs are waiting for a code; retry in a few minutes');
    reply.code(201).header('Cache-Control', 'no-store');
    return { code: created.code, receiverToken: created.receiverToken, expiresAt: new Date(created.expiresAtMs).toISOString() };
  });

  app.get('/api/engagement/tv/pairings/:code/events', { config: { access: 'public' } }, async (request, reply) => {
    const code = codeOf(request);
    const token = (request.query as Record<string, unknown>).token;
    if (typeof token !== 'string' || !RECEIVER_TOKEN_FORMAT.test(token)) throw new HttpError(ERRORS.badQuery, 'token must be the receiver token of the pairing');
    const head = answerHeadOfStream(request, reply);
    if (head) return head;
    const raw = reply.raw;
    const send = (media: TvMedia) => raw.write(sse('cast', media));
    const stopListening = deps.pairings.listen(code, token, send);
    if (!stopListening) throw new HttpError(ERRORS.notFound, 'no TV pairing has that code and token (it may have expired)');
    reply.hijack();
    raw.writeHead(200, EVENT_STREAM_HEADERS);
    raw.write(sse('paired', { code, expiresAt: new Date(deps.pairings.expiresAt(code) ?? deps.now()).toISOString() }));
    // A cast moves the expiry later, so the check repeats with each keep-alive.
    const keepAlive = setInterval(() => {
      if (deps.pairings.expiresAt(code) === undefined) {
        raw.end(sse('expired', { code }));
        return;
      }
      raw.write(': keep-alive\n\n');
    }, TV_EVENTS_KEEPALIVE_MS);
    const end = () => raw.end();
    streams.add(end);
    raw.on('close', () => {
      clearInterval(keepAlive);
      stopListening();
      streams.delete(end);
    });
  });

  app.post('/api/engagement/tv/pairings/:code/cast', { config: { access: 'public' } }, async (request) => {
    deps.guardChange(request);
    deps.limitCasts(request);
    const code = codeOf(request);
    const media = parseTvMedia(request.body);
    const outcome = deps.pairings.cast(code, media);
    if (outcome === 'unknown') throw new HttpError(ERRORS.notFound, 'no TV is waiting with that code');
    if (outcome === 'no-receiver') throw new HttpError(ERRORS.conflict, 'the TV with that code is not listening; reload its page');
    return { status: 'cast' };
  });
}

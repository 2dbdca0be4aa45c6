import type { FastifyInstance } from 'fastify';
import type { Cors } from '../http/cors.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { collectorCookie, collectorIdFrom, expiredCollectorCookie, newCollectorId } from './collector-id.js';
import { idSyncRoutes } from './id-sync-frame.js';
import { servedOverSecureContext } from './secure-context.js';

/** Spec §7 "Visitor identity: cross-origin GET with credentials and a timestamp parameter". */
export const IDENTITY_PATH = '/id';
export const TIMESTAMP_PARAM = 'd_ts';
/**
 * Erases the collector's cookie: the SDK posts here when the visitor withdraws consent or opts out
 * (@mesura/identity's COLLECTOR_FORGET_PATH, which browsers of visitors already call).
 */
export const FORGET_PATH = '/id/forget';
/** Milliseconds since the epoch as the browser writes them; 16 digits reach the year 318857. */
const TIMESTAMP_FORMAT = /^\d{1,16}$/;

export interface IdentityRouteDeps {
  /** The site origins that may read the answer (MESURA_SITE_ORIGINS). */
  cors: Cors;
  /** The same origins, which alone may frame the ID-sync frame (id-sync-frame.ts). */
  siteOrigins: readonly string[];
}

/**
 * `GET /id?d_ts={ms}` → `{ "visitorId": "…", "ts": d_ts }`: the visitor's id in the collector's
 * own cookie, set when absent. `ts` echoes `d_ts`, so the browser can tell its answer from one a
 * misbehaving cache kept for someone else; `Cache-Control: no-store` is the first defence.
 * A request from an origin not allowed is refused (403) before any cookie is set, so other sites
 * cannot plant collector cookies; one without an Origin (opened directly) is answered.
 */
export async function identityRoutes(app: FastifyInstance, deps: IdentityRouteDeps): Promise<void> {
  app.get(IDENTITY_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (!deps.cors.allows(origin)) {
      throw new HttpError(ERRORS.originNotAllowed, `origin ${origin} may not read visitor ids; add it to MESURA_SITE_ORIGINS`);
    }
    // Set before validating, so that the browser can read an error answer too.
    reply.headers({ ...deps.cors.headers(origin), 'Cache-Control': 'no-store' });
    const ts = (request.query as Record<string, unknown>)[TIMESTAMP_PARAM];
    if (typeof ts !== 'string' || !TIMESTAMP_FORMAT.test(ts)) {
      throw new HttpError(ERRORS.badQuery, `${TIMESTAMP_PARAM} must be the request time in milliseconds, e.g. ${IDENTITY_PATH}?${TIMESTAMP_PARAM}=1767225600000`);
    }
    let visitorId = collectorIdFrom(request.headers.cookie);
    if (visitorId === undefined) {
      visitorId = newCollectorId();
      reply.header('Set-Cookie', collectorCookie(visitorId, servedOverSecureContext(request)));
    }
    return { visitorId, ts: Number(ts) };
  });

  // `POST /id/forget`: the answer expires the cookie, whatever it held. A simple request (no body,
  // no header to preflight), so that the page's keepalive fetch needs one round trip. Nothing is
  // read from it but the Origin, and nothing is stored: the erasure is the whole effect. Other
  // origins are refused as for `GET /id`, so that no site can erase a visitor's id for them.
  app.post(FORGET_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (!deps.cors.allows(origin)) {
      throw new HttpError(ERRORS.originNotAllowed, `origin ${origin} may not erase visitor ids; add it to MESURA_SITE_ORIGINS`);
    }
    reply.headers({ ...deps.cors.headers(origin), 'Cache-Control': 'no-store', 'Set-Cookie': expiredCollectorCookie(servedOverSecureContext(request)) });
    return reply.code(204).send();
  });
  await idSyncRoutes(app, { siteOrigins: deps.siteOrigins });
}

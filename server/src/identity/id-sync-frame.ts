/**
 * The ID-sync frame (spec §7 "Visitor identity: messages posted to an ID-sync frame"; its wire is
 * @mesura/protocol's id-sync.ts, the page's side @mesura/identity's id-sync.ts). A page of one of the
 * broadcaster's domains loads `GET /id/sync` in a hidden frame; the frame answers the page's
 * `hello` with `ready`, and its `sync` (the page's visitor id) with the collector's id, which it
 * first takes from the page (`POST /id/sync`) when the collector has none. Thus the id a visitor has
 * on one domain is what `GET /id` answers on the others.
 *
 * The frame is locked down: no resource but its one inline script (allowed by hash), requests to
 * this origin only, framed only by the site origins (MESURA_SITE_ORIGINS), and it talks only to a
 * parent page of those origins. The collector's id is written into the page by the server (the
 * cookie is HttpOnly), in a data block that no script engine runs.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_SYNC_DATA_MAX_LENGTH, ID_SYNC_MESSAGES, ID_SYNC_PATH, isVisitorId } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import { collectorCookie, collectorIdFrom } from './collector-id.js';
import { servedOverSecureContext } from './secure-context.js';

/**
 * The frame's script. Plain ES5 in a string: it is the whole client, and its hash is the CSP's
 * only script source, so any change here changes the hash with it (FRAME_SCRIPT_HASH).
 */
export const FRAME_SCRIPT = `(function () {
  var read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  var origins = read('origins'), id = read('visitor'), M = ${JSON.stringify(ID_SYNC_MESSAGES)};
  addEventListener('message', function (event) {
    var message = event.data || {};
    if (event.source !== parent || origins.indexOf(event.origin) < 0) return;
    var answer = function (body) { parent.postMessage(body, event.origin); };
    if (message.type === M.hello) return answer({ type: M.ready });
    if (message.type !== M.sync || typeof message.data !== 'string' || message.data.length > ${ID_SYNC_DATA_MAX_LENGTH}) return;
    var known = id ? Promise.resolve(id) : fetch('${ID_SYNC_PATH}', { method: 'POST', body: message.data, headers: { 'content-type': 'text/plain' } })
      .then(function (response) { return response.ok ? response.json() : {}; })
      .then(function (body) { return (id = body.visitorId || ''); });
    known.then(function (visitorId) { if (visitorId) answer({ type: M.id, visitorId: visitorId }); }, function () {});
  });
})();`;

export const FRAME_SCRIPT_HASH = `sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}`;

/** JSON in a data block: `<` is escaped so that no value can close the element. */
const dataBlock = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;

export function frameHtml(siteOrigins: readonly string[], visitorId: string | undefined): string {
  return `<!doctype html><html lang="ca"><head><meta charset="utf-8"><title>mesura id sync</title></head><body>${dataBlock('origins', siteOrigins)}${dataBlock('visitor', visitorId ?? '')}<script>${FRAME_SCRIPT}</script></body></html>`;
}

/** The frame's policy: its script by hash, requests to this origin, framed by the site's origins only. */
export function framePolicy(siteOrigins: readonly string[]): string {
  const ancestors = siteOrigins.length > 0 ? siteOrigins.join(' ') : "'none'";
  return `default-src 'none'; script-src '${FRAME_SCRIPT_HASH}'; connect-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`;
}

/** This server's own origin as the browser names it: the only origin the frame posts from. */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export interface IdSyncRouteDeps {
  /** The site origins that may frame it and talk to it (MESURA_SITE_ORIGINS). */
  siteOrigins: readonly string[];
}

export async function idSyncRoutes(app: FastifyInstance, deps: IdSyncRouteDeps): Promise<void> {
  app.get(ID_SYNC_PATH, { config: { access: 'public' } }, async (request, reply) => {
    reply.headers({ 'Cache-Control': 'no-store', 'Content-Security-Policy': framePolicy(deps.siteOrigins) });
    return reply.type('text/html; charset=utf-8').send(frameHtml(deps.siteOrigins, collectorIdFrom(request.headers.cookie)));
  });

  // The frame links the page's id: only from the frame itself (this origin), only when the collector
  // has none, so no page can replace a visitor's collector id or plant one from another site.
  app.post(ID_SYNC_PATH, { config: { access: 'public' } }, async (request, reply) => {
    if (request.headers.origin !== ownOrigin(request)) {
      throw new HttpError(ERRORS.originNotAllowed, `only the ID-sync frame of this collector may post to ${ID_SYNC_PATH}`);
    }
    reply.header('Cache-Control', 'no-store');
    const known = collectorIdFrom(request.headers.cookie);
    if (known !== undefined) return { visitorId: known };
    const body = request.body;
    if (typeof body !== 'string' || body.length > ID_SYNC_DATA_MAX_LENGTH || !isVisitorId(body)) {
      throw new HttpError(ERRORS.badQuery, `the body must be the page's visitor id (16HEX-16HEX), at most ${ID_SYNC_DATA_MAX_LENGTH} characters`);
    }
    reply.header('Set-Cookie', collectorCookie(body, servedOverSecureContext(request)));
    return { visitorId: body };
  });
}

/**
 * The site's forms sent without JavaScript. Without the app, a browser posts a form that has no
 * address of its own to the page it is on, as application/x-www-form-urlencoded. This plugin takes
 * such a post on the pages that have forms, does what the app's JSON call would do by calling that
 * very route in-process (the same checks, limits, sessions and mails: nothing is done twice), and
 * answers 303 back to a page whose first view says what happened (?formulari=…&resultat=…).
 *
 * A cross-site post is refused before anything is called: a page of another site must not be able
 * to sign a visitor in, vote or subscribe on their behalf.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, HttpError } from './errors.js';
import { FORM_PARAM, OUTCOME_PARAM, REASON_PARAM, type ApiAnswer, type SiteForm } from './site-form.js';

/** A form of the site holds a few short fields: a name, an address, a password, a choice. */
export const MAX_SITE_FORM_BODY_BYTES = 16 * 1024;

const URLENCODED = 'application/x-www-form-urlencoded';
const PUBLIC = { config: { access: 'public' } } as const;

export interface SiteFormPostOptions {
  /** Every form the site's pages post, each on its page's path. */
  forms: readonly SiteForm[];
}

/**
 * The post comes from a page of this very site: its Origin names the host it was sent to, or the
 * browser says so (Sec-Fetch-Site). Anything else, no Origin and no Sec-Fetch-Site included, is refused.
 */
export function isSameOriginPost(headers: FastifyRequest['headers']): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      return new URL(origin).host === headers.host;
    } catch {
      return false;
    }
  }
  return headers['sec-fetch-site'] === 'same-origin';
}

/** The page's own query, without the result of an earlier post. */
function pageQuery(url: string): URLSearchParams {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  for (const name of [FORM_PARAM, OUTCOME_PARAM, REASON_PARAM]) query.delete(name);
  return query;
}

export async function siteFormPostRoutes(app: FastifyInstance, options: SiteFormPostOptions): Promise<void> {
  // Scoped to this plugin: no other route takes a urlencoded body.
  app.addContentTypeParser(URLENCODED, { parseAs: 'string', bodyLimit: MAX_SITE_FORM_BODY_BYTES }, (_request, body, done) => {
    done(null, new URLSearchParams(String(body)));
  });
  const pages = new Map<string, SiteForm[]>();
  for (const form of options.forms) pages.set(form.pagePath, [...(pages.get(form.pagePath) ?? []), form]);

  for (const [pagePath, forms] of pages) {
    app.post(pagePath, { ...PUBLIC, bodyLimit: MAX_SITE_FORM_BODY_BYTES }, async (request, reply) => {
      if (!isSameOriginPost(request.headers)) {
        throw new HttpError(ERRORS.originNotAllowed, 'Aquest formulari només es pot enviar des del mateix lloc. / This form must be sent from this site.');
      }
      if (!(request.body instanceof URLSearchParams)) throw new HttpError(ERRORS.badQuery, `a form is sent as ${URLENCODED}`);
      const fields = request.body;
      const form = forms.find((candidate) => candidate.name === fields.get(FORM_PARAM));
      if (form === undefined) throw new HttpError(ERRORS.badQuery, `unknown form: ${FORM_PARAM} must name one of ${forms.map((f) => f.name).join(', ')}`);
      const query = pageQuery(request.url);
      const answer = await callApi(app, request, reply, form.apiCall(fields, query));
      const requestPath = request.url.split('?', 1)[0] ?? pagePath;
      return reply.header('Cache-Control', 'no-store').redirect(form.landing(answer, fields, query, requestPath), 303);
    });
  }
}

/** The JSON route, called as the visitor's browser would have: their cookies, origin and address. */
async function callApi(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, call: ReturnType<SiteForm['apiCall']>): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  for (const name of ['cookie', 'origin', 'user-agent'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await app.inject({ method: call.method, url: call.url, headers, payload: JSON.stringify(call.body), remoteAddress: request.ip });
  const cookies = answer.headers['set-cookie'];
  if (cookies !== undefined) reply.header('Set-Cookie', cookies);
  let body: unknown;
  try {
    body = answer.body === '' ? undefined : JSON.parse(answer.body);
  } catch {
    body = undefined;
  }
  const read = (key: 'code' | 'error') => (typeof body === 'object' && body !== null && key in body ? String((body as Record<string, unknown>)[key]) : undefined);
  return { status: answer.statusCode, code: read('code'), error: read('error') };
}

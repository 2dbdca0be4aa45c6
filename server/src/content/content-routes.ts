/**
 * The public content read API (paths and answers: packages/content api.ts), read by the site in
 * the browser and by the server's first view in-process. Every slug, id and query is checked
 * before it reaches the catalog; unknown ones answer 404. Every answer is as of the server's clock
 * (`now`): an article or episode scheduled for later is in none, and its own id answers 404.
 */
import { CONTENT_API_PREFIX, SEARCH_QUERY_MAX_CHARS, SUGGEST_QUERY_MAX_CHARS, type SearchType } from '@mesura/content';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { ContentCatalog } from './content-catalog.js';

export interface ContentRouteOptions {
  catalog: ContentCatalog;
  now: () => number;
}

/** Slugs and ids: lower-case ASCII letters, digits and '-', as the seed makes them. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
const SEASON_PATTERN = /^[1-9][0-9]{0,2}$/;
const SEARCH_TYPES: readonly SearchType[] = ['article', 'programme', 'episode'];
/** Content changes seldom; the guides change with the programme on air. */
const CONTENT_MAX_AGE_S = 60;
const GUIDE_MAX_AGE_S = 15;
const PUBLIC = { config: { access: 'public' } } as const;

function key(value: string, what: string): string {
  if (!KEY_PATTERN.test(value)) throw new HttpError(ERRORS.badQuery, `${what} must be lower-case letters, digits and '-', at most 100 characters`);
  return value;
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new HttpError(ERRORS.notFound, `no ${what} has this id`);
  return value;
}

function send(reply: FastifyReply, body: unknown, maxAgeS = CONTENT_MAX_AGE_S): FastifyReply {
  return reply.header('Cache-Control', `public, max-age=${maxAgeS}`).send(body);
}

export async function contentRoutes(app: FastifyInstance, options: ContentRouteOptions): Promise<void> {
  const { catalog } = options;
  const now = () => new Date(options.now());
  const p = CONTENT_API_PREFIX;
  type Slug = { Params: { slug: string } };

  app.get(`${p}/home`, PUBLIC, async (_request, reply) => send(reply, catalog.home(now()), GUIDE_MAX_AGE_S));
  app.get(`${p}/media`, PUBLIC, async (_request, reply) => send(reply, catalog.media(now())));
  app.get(`${p}/sections`, PUBLIC, async (_request, reply) => send(reply, catalog.sections()));
  app.get<Slug>(`${p}/sections/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.section(key(request.params.slug, 'section'), undefined, now()), 'section')));
  app.get<{ Params: { slug: string; subsection: string } }>(`${p}/sections/:slug/:subsection`, PUBLIC, async (request, reply) =>
    send(reply, found(catalog.section(key(request.params.slug, 'section'), key(request.params.subsection, 'subsection'), now()), 'subsection')),
  );
  app.get<Slug>(`${p}/articles/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.article(key(request.params.slug, 'article id'), now()), 'article')));
  app.get<Slug>(`${p}/authors/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.author(key(request.params.slug, 'author'), now()), 'author')));
  app.get<Slug>(`${p}/themes/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.theme(key(request.params.slug, 'theme'), now()), 'theme')));
  app.get(`${p}/programmes`, PUBLIC, async (_request, reply) => send(reply, catalog.programmes(now())));
  app.get<Slug>(`${p}/programmes/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.programme(key(request.params.slug, 'programme'), undefined, now()), 'programme')));
  app.get<{ Params: { slug: string; season: string } }>(`${p}/programmes/:slug/seasons/:season`, PUBLIC, async (request, reply) => {
    const { slug, season } = request.params;
    if (!SEASON_PATTERN.test(season)) throw new HttpError(ERRORS.badQuery, 'season must be a whole number from 1');
    return send(reply, found(catalog.programme(key(slug, 'programme'), Number(season), now()), 'season'));
  });
  app.get<Slug>(`${p}/episodes/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.episode(key(request.params.slug, 'episode id'), now()), 'episode')));
  app.get(`${p}/channels`, PUBLIC, async (_request, reply) => send(reply, catalog.channels(now()), GUIDE_MAX_AGE_S));
  app.get<Slug>(`${p}/channels/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.channel(key(request.params.slug, 'channel'), now()), 'channel'), GUIDE_MAX_AGE_S));
  app.get(`${p}/stations`, PUBLIC, async (_request, reply) => send(reply, catalog.stations(now()), GUIDE_MAX_AGE_S));
  app.get<Slug>(`${p}/stations/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.station(key(request.params.slug, 'station'), now()), 'station'), GUIDE_MAX_AGE_S));
  app.get<{ Querystring: { q?: unknown; type?: unknown } }>(`${p}/search`, PUBLIC, async (request, reply) => {
    const { q, type } = request.query;
    if (typeof q !== 'string' || q.length > SEARCH_QUERY_MAX_CHARS) throw new HttpError(ERRORS.badQuery, `q must be one text of at most ${SEARCH_QUERY_MAX_CHARS} characters`);
    if (type !== undefined && !SEARCH_TYPES.includes(type as SearchType)) throw new HttpError(ERRORS.badQuery, `type must be one of ${SEARCH_TYPES.join(', ')}`);
    return send(reply, catalog.search(q, type as SearchType | undefined, now()));
  });
  // Asked at each pause in typing: bounded tighter than a search, and cached as long as one.
  app.get<{ Querystring: { q?: unknown } }>(`${p}/suggest`, PUBLIC, async (request, reply) => {
    const { q } = request.query;
    if (typeof q !== 'string' || q.length > SUGGEST_QUERY_MAX_CHARS) throw new HttpError(ERRORS.badQuery, `q must be one text of at most ${SUGGEST_QUERY_MAX_CHARS} characters`);
    return send(reply, catalog.suggest(q, now()));
  });
  app.get<{ Querystring: { q?: unknown } }>(`${p}/weather`, PUBLIC, async (request, reply) => {
    const { q } = request.query;
    if (q !== undefined && (typeof q !== 'string' || q.length > SEARCH_QUERY_MAX_CHARS)) throw new HttpError(ERRORS.badQuery, `q must be one text of at most ${SEARCH_QUERY_MAX_CHARS} characters`);
    return send(reply, catalog.places(q));
  });
  app.get<Slug>(`${p}/weather/:slug`, PUBLIC, async (request, reply) => send(reply, found(catalog.forecast(key(request.params.slug, 'place'), now()), 'place'), GUIDE_MAX_AGE_S));
}

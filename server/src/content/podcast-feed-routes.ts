/**
 * Each podcast programme's RSS 2.0 feed (podcast-feed.ts) at `/programes/{programa}/podcast.xml`
 * (packages/content sitePaths.podcastFeed): part of the public site, read by podcast apps. The
 * slug only picks a programme of the catalog; what the feed says comes from the content alone, its
 * addresses from the site's configured origin (never the request's Host). A programme that is not
 * a podcast, or none, answers 404; a malformed slug 400.
 */
import { createHash } from 'node:crypto';
import type { Episode } from '@mesura/content';
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { ContentCatalog } from './content-catalog.js';
import { podcastFeed } from './podcast-feed.js';

export interface PodcastFeedRouteOptions {
  catalog: ContentCatalog;
  /** The site's public origin, e.g. 'https://mesura.cat', without a trailing slash. */
  siteOrigin: string;
  now: () => number;
}

export const PODCAST_FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';
/** As the site's other public files: cached, revalidated each time with the ETag (a 304 is cheap). */
export const PODCAST_FEED_CACHE_CONTROL = 'public, max-age=0';
/** Programme slugs, as the content API checks them (content-routes.ts). */
const PROGRAMME_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const PUBLIC = { config: { access: 'public' } } as const;

export async function podcastFeedRoutes(app: FastifyInstance, options: PodcastFeedRouteOptions): Promise<void> {
  const { catalog, siteOrigin } = options;
  app.get<{ Params: { programa: string } }>('/programes/:programa/podcast.xml', PUBLIC, async (request, reply) => {
    const slug = request.params.programa;
    if (!PROGRAMME_SLUG.test(slug)) throw new HttpError(ERRORS.badQuery, "programme must be lower-case letters, digits and '-', at most 100 characters");
    const now = new Date(options.now());
    const answer = catalog.programme(slug, undefined, now);
    if (answer === undefined || answer.programme.kind !== 'audio') throw new HttpError(ERRORS.notFound, 'no podcast has this programme slug');
    const { programme } = answer;
    const episodes: Episode[] = programme.seasons.flatMap((season) => catalog.programme(slug, season.number, now)?.episodes ?? []);
    const body = podcastFeed({ programme, episodes, siteOrigin });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('Content-Type', PODCAST_FEED_CONTENT_TYPE).header('Cache-Control', PODCAST_FEED_CACHE_CONTROL).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  });
}

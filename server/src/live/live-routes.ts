/**
 * The live streams' playlists, made by the server (live-playlist.ts): GET /live/{slug}/index.m3u8,
 * the master (the looped folder's renditions), and GET /live/{slug}/{rendition}/index.m3u8, the
 * sliding window at the live edge. The segments are the site's static files. Public: the site's
 * players read them before any sign-in, and they hold nothing but the demo media.
 */
import { LIVE_DVR_WINDOW_S } from '@mesura/content';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { livePlaylist } from './live-playlist.js';
import { loopFilesIn, type LoopFiles } from './live-loop-files.js';
import { LIVE_EPOCH_MS, liveSourceDir } from './live-sources.js';

export interface LiveRouteOptions {
  /** The built site's folder, where the looped media are. */
  siteDir: string;
  now: () => number;
  /** Default: the files under siteDir. Tests pass their own. */
  files?: LoopFiles;
}

export const LIVE_PATH_PREFIX = '/live';
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** A live playlist changes every segment: players must always ask again. */
const LIVE_CACHE_CONTROL = 'no-cache';

export async function liveRoutes(app: FastifyInstance, options: LiveRouteOptions): Promise<void> {
  const files = options.files ?? loopFilesIn(options.siteDir);
  const PUBLIC = { config: { access: 'public' } } as const;

  app.get<{ Params: { slug: string } }>(`${LIVE_PATH_PREFIX}/:slug/index.m3u8`, PUBLIC, async (request, reply) => {
    const dir = sourceDir(request.params.slug);
    const master = await files.master(dir);
    if (!master) throw notAvailable(request.params.slug);
    return sendPlaylist(reply, master.text);
  });

  app.get<{ Params: { slug: string; rendition: string } }>(`${LIVE_PATH_PREFIX}/:slug/:rendition/index.m3u8`, PUBLIC, async (request, reply) => {
    const { slug, rendition } = request.params;
    const dir = sourceDir(slug);
    const master = await files.master(dir);
    if (!master?.renditions.includes(rendition)) throw new HttpError(ERRORS.notFound, `live stream ${slug} has no rendition ${rendition}`);
    const loop = await files.loop(dir, rendition);
    if (!loop) throw notAvailable(slug);
    return sendPlaylist(reply, livePlaylist(loop, options.now(), { epochMs: LIVE_EPOCH_MS, windowSeconds: LIVE_DVR_WINDOW_S /* the channels' dvrWindowSeconds */ }));
  });
}

function sourceDir(slug: string): string {
  const dir = liveSourceDir(slug);
  if (dir === undefined) throw new HttpError(ERRORS.notFound, 'no live channel or station has this slug');
  return dir;
}

function notAvailable(slug: string): HttpError {
  return new HttpError(ERRORS.notFound, `the media of live stream ${slug} are not built (npm run build)`);
}

function sendPlaylist(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(PLAYLIST_TYPE).header('Cache-Control', LIVE_CACHE_CONTROL).send(text);
}

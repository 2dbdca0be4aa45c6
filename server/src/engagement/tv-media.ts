/**
 * Validation of what a cast asks the TV to play. The receiver plays only the site's own media
 * (a path under /media/, one of the site's media types), so a guessed code can at worst start one
 * of the site's own clips, never an address of the sender's choosing.
 */
import { ERRORS, HttpError } from '../http/errors.js';
import { MAX_TV_MEDIA_SRC_CHARS, MAX_TV_MEDIA_TITLE_CHARS } from './engagement-limits.js';
import type { TvMedia } from '@mesura/protocol';

const MEDIA_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
const MEDIA_SRC = /^\/media\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/;
export const TV_MEDIA_TYPES = ['video/webm', 'audio/webm', 'video/mp4', 'audio/mpeg', 'application/vnd.apple.mpegurl', 'application/x-mpegurl'] as const;

function fail(message: string): never {
  throw new HttpError(ERRORS.badQuery, message);
}

export function parseTvMedia(body: unknown): TvMedia {
  if (typeof body !== 'object' || body === null) fail('send the media as JSON: {kind, id, title, src, type, delivery}');
  const { kind, id, title, src, type, delivery } = body as Record<string, unknown>;
  if (kind !== 'video' && kind !== 'audio') fail("kind must be 'video' or 'audio'");
  if (typeof id !== 'string' || !MEDIA_ID.test(id)) fail('id must be a media id (lowercase letters, digits and hyphens)');
  if (typeof title !== 'string' || title.trim() === '' || title.length > MAX_TV_MEDIA_TITLE_CHARS) fail(`title must be 1 to ${MAX_TV_MEDIA_TITLE_CHARS} characters`);
  if (typeof src !== 'string' || src.length > MAX_TV_MEDIA_SRC_CHARS || !MEDIA_SRC.test(src) || src.includes('..')) fail("src must be a path of the site's media, e.g. /media/clip-de-prova.webm");
  if (typeof type !== 'string' || !(TV_MEDIA_TYPES as readonly string[]).includes(type)) fail(`type must be one of ${TV_MEDIA_TYPES.join(', ')}`);
  if (delivery !== 'hls' && delivery !== 'file') fail("delivery must be 'hls' or 'file'");
  return { kind, id, title: title.trim(), src, type, delivery };
}

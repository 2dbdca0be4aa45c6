/**
 * What each live channel and station loops, and the live streams' fixed parameters. TV channels
 * loop a minute of their own picture, made at the site's build (apps/site/scripts/generate-episodes.mjs), radio stations an
 * audio-only loop of their own (apps/site/scripts/generate-live-audio.sh); both are folders of the
 * built site holding `master.m3u8` and one `{rendition}/index.m3u8` per rendition.
 */

/**
 * When every loop began (2026-01-01T00:00:00Z): the live streams' common origin, so that the media
 * sequence numbers grow with wall time and are the same for every visitor and every rendition.
 */
export const LIVE_EPOCH_MS = Date.UTC(2026, 0, 1);

/** Slug → the looped folder, relative to the built site's root (served there as static files). */
export const LIVE_SOURCES: Readonly<Record<string, string>> = {
  'mesura-tv': 'media/episodis/directes/mesura-tv',
  'mesura-24': 'media/episodis/directes/mesura-24',
  'mesura-esports': 'media/episodis/directes/mesura-esports',
  'mesura-radio': 'media/live-audio/mesura-radio',
  'mesura-musica': 'media/live-audio/mesura-musica',
  'mesura-classica': 'media/live-audio/mesura-classica',
};

/** Slugs and rendition names: lower-case ASCII, digits and '-', as the site's slugs are. */
const NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function isLiveName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

/** The looped folder of a live slug; undefined for anything else. */
export function liveSourceDir(slug: string): string | undefined {
  return isLiveName(slug) && Object.hasOwn(LIVE_SOURCES, slug) ? LIVE_SOURCES[slug] : undefined;
}

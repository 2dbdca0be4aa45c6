/**
 * What the site casts to a paired TV (POST /api/engagement/tv/pairings/:code/cast) and what the
 * TV's receiver is told to play: server/src/engagement/tv-media.ts checks it, tv-pairings.ts hands
 * it over.
 */
export interface TvMedia {
  kind: 'video' | 'audio';
  id: string;
  title: string;
  /** A path of the site's media; the server accepts no other. */
  src: string;
  type: string;
  delivery: 'hls' | 'file';
}

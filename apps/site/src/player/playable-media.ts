/**
 * What the player plays, whichever content gave it: the sample items of `/video/` and `/audio/`
 * (content/media-items.ts) and the programmes' episodes of the content API (@mesura/content's
 * Episode) both map onto it, so that the player, its ads, subtitles and chapters are one code.
 */
import { imagePath, type AdBreak, type Chapter, type Episode, type Programme } from '@mesura/content';
import type { MediaItem } from '../content/media-items';

export interface PlayableMedia {
  /** Editorial id: the data layer's `idSessioVideo`. */
  id: string;
  kind: 'video' | 'audio';
  title: string;
  /** 'hls': a master playlist played with hls.js; 'file': one file the element plays. */
  delivery: 'hls' | 'file';
  src: string;
  /** MIME type of `src`. */
  type: string;
  /** Whole seconds. */
  lengthSeconds: number;
  chapters: readonly Chapter[];
  /** Ad breaks by offset; the one at 0 s is the preroll. */
  adBreaks: readonly AdBreak[];
  /** Catalan WebVTT subtitles, when it has them. */
  subtitles?: string;
  /** The picture shown before playback (a pool image), so the page's largest paint need not wait for the media. */
  poster?: string;
  /** The programme's name and its code (`codiPrograma`), for the caption and the direct calls. */
  programme: string;
  programmeCode: string;
}

/** A sample item: its preroll files are the break at 0 s, followed by its midrolls. */
export function fromMediaItem(item: MediaItem): PlayableMedia {
  const preroll = item.prerollVast.length > 0 ? [{ offsetSeconds: 0, vast: [...item.prerollVast] }] : [];
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    delivery: item.delivery,
    src: item.src,
    type: item.type,
    lengthSeconds: item.lengthSeconds,
    chapters: item.chapters,
    adBreaks: [...preroll, ...(item.midrolls ?? [])],
    ...(item.subtitles === undefined ? {} : { subtitles: item.subtitles }),
    programme: item.programme,
    programmeCode: item.programmeCode,
  };
}

/** An episode of the content API, with the programme it belongs to (its title and code). */
/** The poster's width: the player is at most this wide on the page. */
const POSTER_WIDTH_PX = 640;

export function fromEpisode(episode: Episode, programme: Pick<Programme, 'title' | 'code'>): PlayableMedia {
  return {
    id: episode.id,
    kind: episode.kind,
    title: episode.title,
    delivery: episode.delivery,
    src: episode.src,
    type: episode.type,
    lengthSeconds: episode.lengthSeconds,
    chapters: episode.chapters,
    adBreaks: episode.adBreaks,
    ...(episode.subtitles === undefined ? {} : { subtitles: episode.subtitles }),
    ...(episode.kind === 'video' && { poster: imagePath(episode.image.id, POSTER_WIDTH_PX) }),
    programme: programme.title,
    programmeCode: programme.code,
  };
}

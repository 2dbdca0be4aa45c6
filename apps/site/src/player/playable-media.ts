/**
 * What the player plays: an episode of the content API (@mesura/content's Episode) with its
 * programme's name and code, as the player, its ads, subtitles and chapters read it.
 */
import { imagePath, type AdBreak, type Chapter, type Episode, type Programme } from '@mesura/content';

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

/** The poster's width: the player is at most this wide on the page. */
const POSTER_WIDTH_PX = 640;

/** An episode of the content API, with the programme it belongs to (its title and code). */
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

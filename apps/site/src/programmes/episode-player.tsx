import type { Episode, Programme } from '@mesura/content';
import { MediaPlayer } from '../components/media-player';
import type { MediaItem } from '../content/media-items';

/**
 * The player of an episode page. The one place that adapts an episode to the player's input, so
 * that the page does not depend on how the player takes its media.
 */
export function EpisodePlayer({ episode, programme }: { episode: Episode; programme: Programme }) {
  const preroll = episode.adBreaks.find((adBreak) => adBreak.offsetSeconds === 0);
  const item: MediaItem = {
    id: episode.id,
    kind: episode.kind,
    title: episode.title,
    summary: episode.summary,
    programme: programme.title,
    programmeCode: programme.code,
    delivery: episode.delivery,
    src: episode.src,
    type: episode.type,
    lengthSeconds: episode.lengthSeconds,
    prerollVast: preroll?.vast ?? [],
    chapters: episode.chapters,
    publishedAt: episode.publishedAt,
  };
  return <MediaPlayer key={episode.id} item={item} />;
}

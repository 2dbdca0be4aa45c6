import type { Episode, Programme } from '@mesura/content';
import { MediaPlayer } from '../components/media-player';
import { fromEpisode } from '../player/playable-media';

/**
 * The player of an episode page. The one place that adapts an episode to the player's input, so
 * that the page does not depend on how the player takes its media.
 */
export function EpisodePlayer({ episode, programme }: { episode: Episode; programme: Programme }) {
  return <MediaPlayer key={episode.id} media={fromEpisode(episode, programme)} />;
}

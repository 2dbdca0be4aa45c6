import { createSeedContent } from '@mesura/content';
import { fromEpisode, type PlayableMedia } from '../../src/player/playable-media';

/** A seeded episode as the player plays it (e.g. 'clip-de-prova': two preroll ads, two chapters). */
export function seededMedia(id: string): PlayableMedia {
  const { episodes, programmes } = createSeedContent();
  const episode = episodes.find((each) => each.id === id);
  const programme = programmes.find((each) => each.slug === episode?.programme);
  if (episode === undefined || programme === undefined) throw new Error(`No seeded episode ${id}.`);
  return fromEpisode(episode, programme);
}

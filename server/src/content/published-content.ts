/**
 * The content as published at a time (packages/content publication.ts). The catalog's answers
 * (content-catalog.ts) read only these lists, never the content set's own, so that an article or
 * episode scheduled for later is in no answer, and appears by itself once its time has come.
 */
import { isPublished, type Article, type ContentSet, type Episode, type Programme } from '@mesura/content';

export interface PublishedContent {
  /** Published articles, newest first. */
  articles: Article[];
  /** Published episodes, newest first; the test clips (numbered 0) too, so that their addresses play. */
  episodes: Episode[];
  /** Published episodes that lists show: the test clips are playable by their address, not promoted. */
  promoted: Episode[];
  article(id: string): Article | undefined;
  episode(id: string): Episode | undefined;
  /** The programme with only published episodes in its seasons, and no season that has none yet. */
  programme(programme: Programme): Programme;
}

const newest = <T extends { publishedAt: string }>(items: readonly T[]) => [...items].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));

/** Sorts the content once; the function it answers filters it for each time asked. */
export function publication(content: ContentSet): (now: Date) => PublishedContent {
  const allArticles = newest(content.articles);
  const allEpisodes = newest(content.episodes);
  return (now) => {
    const articles = allArticles.filter((article) => isPublished(article, now));
    const episodes = allEpisodes.filter((episode) => isPublished(episode, now));
    const episodeIds = new Set(episodes.map((episode) => episode.id));
    return {
      articles,
      episodes,
      promoted: episodes.filter((episode) => episode.number > 0),
      article: (id) => articles.find((article) => article.id === id),
      episode: (id) => episodes.find((episode) => episode.id === id),
      programme: (programme) => ({
        ...programme,
        seasons: programme.seasons.map((season) => ({ ...season, episodes: season.episodes.filter((id) => episodeIds.has(id)) })).filter((season) => season.episodes.length > 0),
      }),
    };
  };
}

/**
 * The content API's answers, built from the content set: pure functions of the content and, for
 * the guides and the weather, the time. Undefined means an unknown slug or id (404).
 */
import {
  PLACES,
  buildSearchIndex,
  findPlace,
  forecastFor,
  guideFor,
  madridDate,
  nowAndNext,
  searchContent,
  searchWords,
  sitePaths,
  type Article,
  type ArticleResponse,
  type AuthorResponse,
  type ChannelResponse,
  type ChannelsResponse,
  type ContentSet,
  type Episode,
  type EpisodeResponse,
  type ForecastResponse,
  type HomeResponse,
  type PlacesResponse,
  type Programme,
  type ProgrammeResponse,
  type SearchIndex,
  type SearchResponse,
  type SearchType,
  type SectionFrontResponse,
  type StationResponse,
  type StationsResponse,
  type Teaser,
  type ThemeResponse,
} from '@mesura/content';

/** Teasers in a section rail of the home page, and on a front. */
export const HOME_RAIL_TEASERS = 6;
export const HOME_MEDIA_TEASERS = 8;
export const FRONT_TEASERS = 30;
export const LATEST_EPISODES = 6;

const newest = <T extends { publishedAt: string }>(items: readonly T[]) => [...items].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));

export interface ContentCatalog {
  home(now: Date): HomeResponse;
  sections(): { sections: ContentSet['sections'] };
  section(section: string, subsection?: string): SectionFrontResponse | undefined;
  article(id: string): ArticleResponse | undefined;
  author(slug: string): AuthorResponse | undefined;
  theme(slug: string): ThemeResponse | undefined;
  programmes(): { programmes: Programme[] };
  programme(slug: string, season?: number): ProgrammeResponse | undefined;
  episode(id: string): EpisodeResponse | undefined;
  channels(now: Date): ChannelsResponse;
  channel(slug: string, now: Date): ChannelResponse | undefined;
  stations(now: Date): StationsResponse;
  station(slug: string, now: Date): StationResponse | undefined;
  search(query: string, type?: SearchType): SearchResponse;
  places(query?: string): PlacesResponse;
  forecast(slug: string, now: Date): ForecastResponse | undefined;
}

export function createContentCatalog(content: ContentSet): ContentCatalog {
  const sectionName = (slug: string) => content.sections.find((s) => s.slug === slug)?.name ?? slug;
  const programmeOf = (slug: string) => content.programmes.find((p) => p.slug === slug);
  const articleTeaser = (a: Article): Teaser => ({ type: 'article', id: a.id, title: a.title, summary: a.summary, path: sitePaths.article(a), image: a.image, publishedAt: a.publishedAt, label: sectionName(a.section) });
  const episodeTeaser = (e: Episode): Teaser => ({ type: 'episode', id: e.id, title: e.title, summary: e.summary, path: sitePaths.episode(e), image: e.image, publishedAt: e.publishedAt, label: programmeOf(e.programme)?.title ?? '' });
  const programmeTeaser = (p: Programme): Teaser => ({ type: 'programme', id: p.slug, title: p.title, summary: p.summary, path: sitePaths.programme(p.slug), image: p.image, label: p.genre });
  const articles = newest(content.articles);
  // Episodes numbered 0 are the original test clips: playable by their address, not promoted.
  const episodes = newest(content.episodes).filter((e) => e.number > 0);
  const teaserOf = (id: string): Teaser | undefined => {
    const article = content.articles.find((a) => a.id === id);
    if (article) return articleTeaser(article);
    const episode = content.episodes.find((e) => e.id === id);
    return episode && episodeTeaser(episode);
  };
  const index: SearchIndex = buildSearchIndex(
    [
      ...content.articles.map((a) => ({ type: 'article' as const, teaser: articleTeaser(a), text: [a.summary, ...a.paragraphs, ...a.topicAreas, content.authors.find((au) => au.slug === a.author)?.name ?? ''].join(' ') })),
      ...content.programmes.map((p) => ({ type: 'programme' as const, teaser: programmeTeaser(p), text: `${p.summary} ${p.genre}` })),
      ...episodes.map((e) => ({ type: 'episode' as const, teaser: episodeTeaser(e), text: `${e.summary} ${programmeOf(e.programme)?.title ?? ''}` })),
    ],
    [...content.themes.map((t) => t.name), ...content.programmes.map((p) => p.title)],
  );
  const onAir = (now: Date) => content.channels.map((channel) => ({ channel, ...nowAndNext(channel.slug, now) }));

  return {
    home: (now) => ({
      lead: articleTeaser(articles[0]!),
      rails: content.sections.map((section) => ({ section, teasers: articles.filter((a) => a.section === section.slug).slice(0, HOME_RAIL_TEASERS).map(articleTeaser) })),
      media: episodes.slice(0, HOME_MEDIA_TEASERS).map(episodeTeaser),
      onAir: onAir(now),
    }),
    sections: () => ({ sections: content.sections }),
    section: (slug, subsection) => {
      const section = content.sections.find((s) => s.slug === slug);
      const sub = subsection === undefined ? undefined : section?.subsections.find((s) => s.slug === subsection);
      if (section === undefined || (subsection !== undefined && sub === undefined)) return undefined;
      const teasers = articles.filter((a) => a.section === slug && (sub === undefined || a.subsection === sub.slug)).slice(0, FRONT_TEASERS).map(articleTeaser);
      return { section, ...(sub && { subsection: sub }), teasers };
    },
    article: (id) => {
      const article = content.articles.find((a) => a.id === id);
      const section = article && content.sections.find((s) => s.slug === article.section);
      const author = article && content.authors.find((a) => a.slug === article.author);
      if (!article || !section || !author) return undefined;
      const themes = article.themes.flatMap((slug) => content.themes.filter((t) => t.slug === slug));
      return { article, section, author, themes, related: article.related.flatMap((id) => teaserOf(id) ?? []) };
    },
    author: (slug) => {
      const author = content.authors.find((a) => a.slug === slug);
      return author && { author, teasers: articles.filter((a) => a.author === slug).slice(0, FRONT_TEASERS).map(articleTeaser) };
    },
    theme: (slug) => {
      const theme = content.themes.find((t) => t.slug === slug);
      return theme && { theme, teasers: articles.filter((a) => a.themes.includes(slug)).slice(0, FRONT_TEASERS).map(articleTeaser) };
    },
    programmes: () => ({ programmes: content.programmes }),
    programme: (slug, seasonNumber) => {
      const programme = programmeOf(slug);
      if (programme === undefined) return undefined;
      if (seasonNumber === undefined) {
        return { programme, episodes: episodes.filter((e) => e.programme === slug).slice(0, LATEST_EPISODES) };
      }
      const season = programme.seasons.find((s) => s.number === seasonNumber);
      if (season === undefined) return undefined;
      return { programme, season, episodes: season.episodes.flatMap((id) => content.episodes.filter((e) => e.id === id)) };
    },
    episode: (id) => {
      const episode = content.episodes.find((e) => e.id === id);
      const programme = episode && programmeOf(episode.programme);
      if (!episode || !programme) return undefined;
      const season = programme.seasons.find((s) => s.number === episode.season);
      const more = (season?.episodes ?? []).filter((other) => other !== id).flatMap((other) => content.episodes.filter((e) => e.id === other && e.number > 0)).map(episodeTeaser);
      return { episode, programme, more };
    },
    channels: (now) => ({ channels: onAir(now) }),
    channel: (slug, now) => {
      const channel = content.channels.find((c) => c.slug === slug);
      return channel && { channel, ...nowAndNext(slug, now), guide: guideFor(slug, now) };
    },
    stations: (now) => ({ stations: content.stations.map((station) => ({ station, ...nowAndNext(station.slug, now) })) }),
    station: (slug, now) => {
      const station = content.stations.find((s) => s.slug === slug);
      if (station === undefined) return undefined;
      return { station, ...nowAndNext(slug, now), schedule: guideFor(slug, now), podcasts: content.programmes.filter((p) => p.kind === 'audio' && p.channel === slug) };
    },
    search: (query, type) => searchContent(index, query, type),
    places: (query) => {
      const words = query === undefined ? [] : searchWords(query);
      const all = PLACES.map(({ slug, name, region }) => ({ slug, name, region }));
      if (words.length === 0) return { places: all };
      return { places: all.filter((place) => words.every((word) => searchWords(`${place.name} ${place.region}`).some((w) => w.startsWith(word)))) };
    },
    forecast: (slug, now) => {
      const place = findPlace(slug);
      return place && { place, days: forecastFor(place, madridDate(now.getTime())) };
    },
  };
}

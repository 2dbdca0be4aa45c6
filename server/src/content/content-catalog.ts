/**
 * The content API's answers, built from the content set: pure functions of the content and the
 * time asked at. An article or episode is in an answer only once its publication time has come
 * (published-content.ts); the guides and the weather also follow the time. Undefined means an
 * unknown slug or id, or an item not yet published (404).
 */
import {
  PLACES,
  findPlace,
  forecastFor,
  hourlyForecastFor,
  guideFor,
  madridDate,
  nowAndNext,
  searchContent,
  suggestSearches,
  searchWords,
  type ArticleResponse,
  type AuthorResponse,
  type ChannelResponse,
  type ChannelsResponse,
  type ContentSet,
  type EpisodeResponse,
  type ForecastResponse,
  type HomeResponse,
  type MediaResponse,
  type PlacesResponse,
  type Programme,
  type ProgrammeResponse,
  type SearchResponse,
  type SearchType,
  type SuggestResponse,
  type SectionFrontResponse,
  type StationResponse,
  type StationsResponse,
  type Teaser,
  type ThemeResponse,
} from '@mesura/content';
import { searchIndexOf, teasersOf, type Teasers } from './content-teasers.js';
import { publication, type PublishedContent } from './published-content.js';

/** Teasers in a section rail of the home page, and on a front. */
export const HOME_RAIL_TEASERS = 6;
export const HOME_MEDIA_TEASERS = 8;
export const FRONT_TEASERS = 30;
export const LATEST_EPISODES = 6;
/** Teasers of each kind on the media front (/videos/). */
export const MEDIA_FRONT_TEASERS = 12;

export interface ContentCatalog {
  home(now: Date): HomeResponse;
  media(now: Date): MediaResponse;
  sections(): { sections: ContentSet['sections'] };
  section(section: string, subsection: string | undefined, now: Date): SectionFrontResponse | undefined;
  article(id: string, now: Date): ArticleResponse | undefined;
  author(slug: string, now: Date): AuthorResponse | undefined;
  theme(slug: string, now: Date): ThemeResponse | undefined;
  programmes(now: Date): { programmes: Programme[] };
  programme(slug: string, season: number | undefined, now: Date): ProgrammeResponse | undefined;
  episode(id: string, now: Date): EpisodeResponse | undefined;
  channels(now: Date): ChannelsResponse;
  channel(slug: string, now: Date): ChannelResponse | undefined;
  stations(now: Date): StationsResponse;
  station(slug: string, now: Date): StationResponse | undefined;
  search(query: string, type: SearchType | undefined, now: Date): SearchResponse;
  suggest(query: string, now: Date): SuggestResponse;
  places(query?: string): PlacesResponse;
  forecast(slug: string, now: Date): ForecastResponse | undefined;
}

type At = (now: Date) => PublishedContent;

export function createContentCatalog(content: ContentSet): ContentCatalog {
  const at = publication(content);
  const teasers = teasersOf(content);
  const index = searchIndexOf(content, teasers);
  return {
    ...newsAnswers(content, at, teasers),
    ...programmeAnswers(content, at, teasers),
    ...liveAnswers(content, at),
    search: (query, type, now) => searchContent(index, query, type, now),
    suggest: (query, now) => suggestSearches(index, query, now),
    places: (query) => {
      const words = query === undefined ? [] : searchWords(query);
      const all = PLACES.map(({ slug, name, region, latitude, longitude }) => ({ slug, name, region, latitude, longitude }));
      if (words.length === 0) return { places: all };
      return { places: all.filter((place) => words.every((word) => searchWords(`${place.name} ${place.region}`).some((w) => w.startsWith(word)))) };
    },
    forecast: (slug, now) => {
      const place = findPlace(slug);
      const today = madridDate(now.getTime());
      return place && { place, days: forecastFor(place, today), hours: hourlyForecastFor(place, today) };
    },
  };
}

/** The home page, the news fronts, articles, authors and themes. */
function newsAnswers(content: ContentSet, at: At, teasers: Teasers): Pick<ContentCatalog, 'home' | 'sections' | 'section' | 'article' | 'author' | 'theme'> {
  /** A related article or episode, while it is published. */
  const teaserOf = (published: PublishedContent, id: string): Teaser | undefined => {
    const article = published.article(id);
    if (article) return teasers.article(article);
    const episode = published.episode(id);
    return episode && teasers.episode(episode);
  };
  return {
    home: (now) => {
      const { articles, promoted } = at(now);
      return {
        ...(articles[0] && { lead: teasers.article(articles[0]) }),
        rails: content.sections.map((section) => ({
          section,
          teasers: articles
            .filter((a) => a.section === section.slug)
            .slice(0, HOME_RAIL_TEASERS)
            .map(teasers.article),
        })),
        media: promoted.slice(0, HOME_MEDIA_TEASERS).map(teasers.episode),
        onAir: content.channels.map((channel) => ({ channel, ...nowAndNext(channel.slug, now) })),
      };
    },
    sections: () => ({ sections: content.sections }),
    section: (slug, subsection, now) => {
      const section = content.sections.find((s) => s.slug === slug);
      const sub = subsection === undefined ? undefined : section?.subsections.find((s) => s.slug === subsection);
      if (section === undefined || (subsection !== undefined && sub === undefined)) return undefined;
      const shown = at(now).articles.filter((a) => a.section === slug && (sub === undefined || a.subsection === sub.slug));
      return { section, ...(sub && { subsection: sub }), teasers: shown.slice(0, FRONT_TEASERS).map(teasers.article) };
    },
    article: (id, now) => {
      const published = at(now);
      const article = published.article(id);
      const section = article && content.sections.find((s) => s.slug === article.section);
      const author = article && content.authors.find((a) => a.slug === article.author);
      if (!article || !section || !author) return undefined;
      const themes = article.themes.flatMap((slug) => content.themes.filter((t) => t.slug === slug));
      return { article, section, author, themes, related: article.related.flatMap((related) => teaserOf(published, related) ?? []) };
    },
    author: (slug, now) => {
      const author = content.authors.find((a) => a.slug === slug);
      return (
        author && {
          author,
          teasers: at(now)
            .articles.filter((a) => a.author === slug)
            .slice(0, FRONT_TEASERS)
            .map(teasers.article),
        }
      );
    },
    theme: (slug, now) => {
      const theme = content.themes.find((t) => t.slug === slug);
      return (
        theme && {
          theme,
          teasers: at(now)
            .articles.filter((a) => a.themes.includes(slug))
            .slice(0, FRONT_TEASERS)
            .map(teasers.article),
        }
      );
    },
  };
}

/** The media front, programmes, their seasons and episodes. */
function programmeAnswers(content: ContentSet, at: At, teasers: Teasers): Pick<ContentCatalog, 'media' | 'programmes' | 'programme' | 'episode'> {
  const programmeOf = (slug: string) => content.programmes.find((p) => p.slug === slug);
  return {
    media: (now) => {
      const { promoted } = at(now);
      const newestOf = (kind: 'video' | 'audio') =>
        promoted
          .filter((e) => e.kind === kind)
          .slice(0, MEDIA_FRONT_TEASERS)
          .map(teasers.episode);
      return { videos: newestOf('video'), audios: newestOf('audio') };
    },
    programmes: (now) => {
      const published = at(now);
      return { programmes: content.programmes.map(published.programme) };
    },
    programme: (slug, seasonNumber, now) => {
      const found = programmeOf(slug);
      if (found === undefined) return undefined;
      const published = at(now);
      const programme = published.programme(found);
      if (seasonNumber === undefined) {
        return { programme, episodes: published.promoted.filter((e) => e.programme === slug).slice(0, LATEST_EPISODES) };
      }
      const season = programme.seasons.find((s) => s.number === seasonNumber);
      if (season === undefined) return undefined;
      return { programme, season, episodes: season.episodes.flatMap((id) => published.episode(id) ?? []) };
    },
    episode: (id, now) => {
      const published = at(now);
      const episode = published.episode(id);
      const found = episode && programmeOf(episode.programme);
      if (!episode || !found) return undefined;
      const programme = published.programme(found);
      const season = programme.seasons.find((s) => s.number === episode.season);
      const others = (season?.episodes ?? []).filter((other) => other !== id).flatMap((other) => published.episode(other) ?? []);
      return { episode, programme, more: others.filter((e) => e.number > 0).map(teasers.episode) };
    },
  };
}

/** TV channels and radio stations: what is on now and next, their guides, a station's podcasts. */
function liveAnswers(content: ContentSet, at: At): Pick<ContentCatalog, 'channels' | 'channel' | 'stations' | 'station'> {
  return {
    channels: (now) => ({ channels: content.channels.map((channel) => ({ channel, ...nowAndNext(channel.slug, now) })) }),
    channel: (slug, now) => {
      const channel = content.channels.find((c) => c.slug === slug);
      return channel && { channel, ...nowAndNext(slug, now), guide: guideFor(slug, now) };
    },
    stations: (now) => ({ stations: content.stations.map((station) => ({ station, ...nowAndNext(station.slug, now) })) }),
    station: (slug, now) => {
      const station = content.stations.find((s) => s.slug === slug);
      if (station === undefined) return undefined;
      const podcasts = content.programmes.filter((p) => p.kind === 'audio' && p.channel === slug).map(at(now).programme);
      return { station, ...nowAndNext(slug, now), schedule: guideFor(slug, now), podcasts };
    },
  };
}

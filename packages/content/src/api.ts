/**
 * The public content read API: its paths and what each answers (JSON). The server's routes
 * (server/src/content/) answer these; the site's route loaders (apps/site) read them, in the browser
 * with fetch and in the server's first view in-process. An unknown slug or id answers 404.
 * Every answer is as of the time it is asked: an article or episode whose `publishedAt` has not
 * come is in no answer, and its own id answers 404 until then (publication.ts).
 */
import type { Article, Author, Broadcast, Channel, DayForecast, Episode, HourForecast, Place, Programme, Section, Station, Teaser, Theme } from './types.js';

export const CONTENT_API_PREFIX = '/api/content';

/** GET /api/content/home */
export interface HomeResponse {
  /** The newest article; absent only while no article is published. */
  lead?: Teaser;
  /** One rail per section, newest first. */
  rails: { section: Section; teasers: Teaser[] }[];
  /** Newest episodes. */
  media: Teaser[];
  /** What is on each TV channel now. */
  onAir: { channel: Channel; now: Broadcast; next: Broadcast }[];
}

/** GET /api/content/media: the media front (/videos/), newest first, each kind its own list. */
export interface MediaResponse {
  videos: Teaser[];
  audios: Teaser[];
}

/** GET /api/content/sections */
export interface SectionsResponse {
  sections: Section[];
}

/** GET /api/content/sections/{section} and /api/content/sections/{section}/{subsection} */
export interface SectionFrontResponse {
  section: Section;
  /** Absent on the section's own front. */
  subsection?: Section['subsections'][number];
  /** Newest first. */
  teasers: Teaser[];
}

/** GET /api/content/articles/{id} */
export interface ArticleResponse {
  article: Article;
  section: Section;
  author: Author;
  themes: Theme[];
  related: Teaser[];
}

/** GET /api/content/authors/{slug} */
export interface AuthorResponse {
  author: Author;
  teasers: Teaser[];
}

/** GET /api/content/themes/{slug} */
export interface ThemeResponse {
  theme: Theme;
  teasers: Teaser[];
}

/**
 * GET /api/content/programmes. In every answer a programme's seasons list only their published
 * episodes, and a season with none yet is left out.
 */
export interface ProgrammesResponse {
  programmes: Programme[];
}

/** GET /api/content/programmes/{slug} (its seasons) and …/seasons/{n} (that season's episodes). */
export interface ProgrammeResponse {
  programme: Programme;
  /** The season asked for; absent on the programme's own page. */
  season?: Programme['seasons'][number];
  /** The season's episodes, or the programme's latest ones. */
  episodes: Episode[];
}

/** GET /api/content/episodes/{id} */
export interface EpisodeResponse {
  episode: Episode;
  programme: Programme;
  /** Other episodes of the same season. */
  more: Teaser[];
}

/** GET /api/content/channels, with what is on now and next. */
export interface ChannelsResponse {
  channels: { channel: Channel; now: Broadcast; next: Broadcast }[];
}

/** GET /api/content/channels/{slug}: the guide from six hours ago to eighteen hours ahead. */
export interface ChannelResponse {
  channel: Channel;
  now: Broadcast;
  next: Broadcast;
  guide: Broadcast[];
}

/** GET /api/content/stations */
export interface StationsResponse {
  stations: { station: Station; now: Broadcast; next: Broadcast }[];
}

/** GET /api/content/stations/{slug} */
export interface StationResponse {
  station: Station;
  now: Broadcast;
  next: Broadcast;
  schedule: Broadcast[];
  /** The station's podcasts (audio programmes). */
  podcasts: Programme[];
}

export type SearchType = 'article' | 'programme' | 'episode';

/** GET /api/content/search?q=&type= (type optional: all types). */
export interface SearchResponse {
  /** The query as searched (trimmed). */
  query: string;
  type?: SearchType;
  /** Results of the type asked for (or of all), best first. */
  results: Teaser[];
  /** Matches of each type, whatever the filter. */
  counts: Record<SearchType, number>;
  /** Whole number of results shown by the filter. */
  total: number;
  /** Other searches worth trying; most useful when nothing was found. */
  suggestions: string[];
}

/** GET /api/content/weather?q= (places matching q; all places without it). */
export interface PlacesResponse {
  places: Place[];
}

/** GET /api/content/weather/{slug}: today first, seven days in all; the hours of today and tomorrow. */
export interface ForecastResponse {
  place: Place;
  days: DayForecast[];
  /** Today's and tomorrow's hours, 0 h to 23 h each, in order. */
  hours: HourForecast[];
}

/** Paths of the API, for the server's routes and the site's loaders alike. */
export const contentApi = {
  home: () => `${CONTENT_API_PREFIX}/home`,
  media: () => `${CONTENT_API_PREFIX}/media`,
  sections: () => `${CONTENT_API_PREFIX}/sections`,
  section: (section: string, subsection?: string) => `${CONTENT_API_PREFIX}/sections/${encodeURIComponent(section)}${subsection === undefined ? '' : `/${encodeURIComponent(subsection)}`}`,
  article: (id: string) => `${CONTENT_API_PREFIX}/articles/${encodeURIComponent(id)}`,
  author: (slug: string) => `${CONTENT_API_PREFIX}/authors/${encodeURIComponent(slug)}`,
  theme: (slug: string) => `${CONTENT_API_PREFIX}/themes/${encodeURIComponent(slug)}`,
  programmes: () => `${CONTENT_API_PREFIX}/programmes`,
  programme: (slug: string, season?: number) => `${CONTENT_API_PREFIX}/programmes/${encodeURIComponent(slug)}${season === undefined ? '' : `/seasons/${season}`}`,
  episode: (id: string) => `${CONTENT_API_PREFIX}/episodes/${encodeURIComponent(id)}`,
  channels: () => `${CONTENT_API_PREFIX}/channels`,
  channel: (slug: string) => `${CONTENT_API_PREFIX}/channels/${encodeURIComponent(slug)}`,
  stations: () => `${CONTENT_API_PREFIX}/stations`,
  station: (slug: string) => `${CONTENT_API_PREFIX}/stations/${encodeURIComponent(slug)}`,
  suggest: (query: string) => `${CONTENT_API_PREFIX}/suggest?q=${encodeURIComponent(query)}`,
  search: (query: string, type?: SearchType) => `${CONTENT_API_PREFIX}/search?q=${encodeURIComponent(query)}${type === undefined ? '' : `&type=${type}`}`,
  places: (query?: string) => `${CONTENT_API_PREFIX}/weather${query === undefined ? '' : `?q=${encodeURIComponent(query)}`}`,
  forecast: (slug: string) => `${CONTENT_API_PREFIX}/weather/${encodeURIComponent(slug)}`,
} as const;

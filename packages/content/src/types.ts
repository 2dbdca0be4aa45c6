/**
 * The site's content: what the server's content store keeps and its read API (/api/content/…)
 * serves, and what the site's pages render and measure. Times are ISO 8601 with the Europe/Madrid
 * offset; slugs are lower-case ASCII with '-'; every text a visitor reads is Catalan.
 */

/** An image of the generated pool, served at `imagePath(id, width)` in each of IMAGE_WIDTHS_PX. */
export interface ImageRef {
  /** Pool id, e.g. 'img-07'. */
  id: string;
  /** Catalan alternative text describing this use of the image. */
  alt: string;
}

/** A news section, `/noticies/{slug}/`, with its subsections `/noticies/{slug}/{subsection}/`. */
export interface Section {
  slug: string;
  name: string;
  subsections: Subsection[];
}

export interface Subsection {
  slug: string;
  name: string;
}

/** A journalist, `/autors/{slug}/`. */
export interface Author {
  slug: string;
  name: string;
  /** e.g. 'Redactora de política'. */
  role: string;
  bio: string;
}

/** A theme (tag) grouping articles across sections, `/tema/{slug}/`. */
export interface Theme {
  slug: string;
  name: string;
}

/** What the site says of an item in a list: a teaser card or a search result. */
export interface Teaser {
  type: 'article' | 'programme' | 'episode';
  id: string;
  title: string;
  summary: string;
  /** The item's canonical path on the site. */
  path: string;
  image: ImageRef;
  /** ISO time; absent for a programme. */
  publishedAt?: string;
  /** For an article its section's name; for a programme or episode the programme's title. */
  label: string;
}

/** One news article, `/noticia/{id}/{slug}/`. */
export interface Article {
  /** Editorial id (the data layer's idDeliverty); 1001–1003 carry the spec's personalisation rules. */
  id: string;
  slug: string;
  title: string;
  /** One or two sentences: the teaser's text and the article's standfirst. */
  summary: string;
  /** Section and subsection slugs. */
  section: string;
  subsection: string;
  /** Theme slugs, most specific first. */
  themes: string[];
  /** Topic areas for the data layer's areaTematica comma list. */
  topicAreas: string[];
  /** Author slug. */
  author: string;
  /** The newsroom or programme that produced it (the data layer's content producer). */
  producer: string;
  publishedAt: string;
  updatedAt?: string;
  image: ImageRef;
  paragraphs: string[];
  /** Related articles' or episodes' ids, in the order shown. */
  related: string[];
  /** A downloadable document that exists under the site's public files, e.g. '/documents/x.pdf'. */
  document?: { title: string; path: string };
}

export type EpisodeKind = 'video' | 'audio';

/** A programme, `/programes/{slug}/`, with its seasons. */
export interface Programme {
  slug: string;
  /** Programme code, the data layer's programaWeb and the video group's codiPrograma. */
  code: string;
  title: string;
  summary: string;
  /** 'video' programmes are TV, 'audio' ones podcasts or radio programmes. */
  kind: EpisodeKind;
  genre: string;
  /** Slug of the channel or station that broadcasts it. */
  channel: string;
  producer: string;
  image: ImageRef;
  seasons: Season[];
}

/** A season, `/programes/{programme}/temporada-{number}/`. */
export interface Season {
  number: number;
  title: string;
  year: number;
  /** Episode ids in broadcast order. */
  episodes: string[];
}

/** A chapter of an episode (spec §3: name, position, length, startTime). */
export interface Chapter {
  name: string;
  /** Seconds from the start. */
  startTime: number;
  /** Seconds. */
  length: number;
}

/** An ad break of an episode: its VAST files, played in order, at `offsetSeconds` (0: preroll). */
export interface AdBreak {
  offsetSeconds: number;
  vast: string[];
}

/** An episode: video or audio on demand, played at `/video/{id}/` or `/audio/{id}/`. */
export interface Episode {
  id: string;
  kind: EpisodeKind;
  programme: string;
  season: number;
  number: number;
  title: string;
  summary: string;
  /** 'hls': a master playlist played with hls.js; 'file': one file the media element plays. */
  delivery: 'hls' | 'file';
  src: string;
  /** MIME type of `src`. */
  type: string;
  /** Whole seconds (the video group's durada). */
  lengthSeconds: number;
  publishedAt: string;
  /** When it was first broadcast, ISO date (the data layer's broadcast date). */
  broadcastDate: string;
  image: ImageRef;
  chapters: Chapter[];
  adBreaks: AdBreak[];
  /** Catalan WebVTT subtitles, when it has them. */
  subtitles?: string;
  /** A real audio file a visitor may download (podcasts). */
  download?: { path: string; type: string; bytes: number };
  themes: string[];
}

/** A TV channel, `/directes/{slug}/`. */
export interface Channel {
  slug: string;
  name: string;
  /** The live HLS playlist the server produces for it. */
  liveSrc: string;
  /** How far back a visitor may seek in the live stream. */
  dvrWindowSeconds: number;
}

/** A radio station, `/radio/{slug}/` and its pop-out `/radio/finestra/{slug}/`. */
export interface Station {
  slug: string;
  name: string;
  /** The live audio playlist the server produces for it. */
  liveSrc: string;
  dvrWindowSeconds: number;
}

/** One entry of a channel's or station's guide. */
export interface Broadcast {
  /** Stable for one day's entry: `{channel}-{start}`. */
  id: string;
  /** Channel or station slug. */
  channel: string;
  title: string;
  /** The programme it is an emission of, when it has a page. */
  programme?: string;
  /** The episode broadcast, when it is one. */
  episode?: string;
  start: string;
  end: string;
  genre: string;
}

/** Sky states of a forecast. */
export type Sky = 'clear' | 'partly-cloudy' | 'overcast' | 'light-rain' | 'rain' | 'storm' | 'snow' | 'fog';

/** A place with a forecast, `/el-temps/{slug}/`. */
export interface Place {
  slug: string;
  name: string;
  /** The comarca it belongs to, shown to tell places apart. */
  region: string;
  /** WGS 84 degrees, north positive: where the weather map puts it. */
  latitude: number;
  /** WGS 84 degrees, east positive. */
  longitude: number;
}

export interface DayForecast {
  /** ISO date. */
  date: string;
  sky: Sky;
  minCelsius: number;
  maxCelsius: number;
  /** 0–100. */
  rainChancePercent: number;
  windKmh: number;
}

/**
 * One hour of a day's forecast. A day's hours agree with the day: their lowest and highest
 * temperatures are its minimum and maximum, its sky is the sky of most of them, and its chance of
 * rain and its wind are the highest of theirs.
 */
export interface HourForecast {
  /** ISO date of the day the hour belongs to. */
  date: string;
  /** 0–23, local (Catalan) time. */
  hour: number;
  sky: Sky;
  celsius: number;
  /** 0–100. */
  rainChancePercent: number;
  windKmh: number;
}

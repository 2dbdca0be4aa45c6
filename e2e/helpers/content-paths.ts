/**
 * Every content item the public content API lists, as the site path it has (packages/content
 * sitePaths): sections and subsections, the articles of their fronts and the authors and themes of
 * those articles, programmes, their seasons and episodes, TV channels, radio stations and the
 * weather's places. Read over HTTP from a running server, as any client would.
 */
import {
  contentApi,
  sitePaths,
  type ArticleResponse,
  type AuthorResponse,
  type ChannelsResponse,
  type PlacesResponse,
  type ProgrammeResponse,
  type ProgrammesResponse,
  type SectionFrontResponse,
  type SectionsResponse,
  type StationsResponse,
  type ThemeResponse,
} from '@mesura/content';

async function answer<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(baseUrl + path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The news: fronts, their articles, and each article's author and themes (with their articles too). */
async function newsPaths(baseUrl: string): Promise<Set<string>> {
  const paths = new Set<string>();
  const articles = new Set<string>();
  const { sections } = await answer<SectionsResponse>(baseUrl, contentApi.sections());
  for (const section of sections) {
    const fronts = [contentApi.section(section.slug), ...section.subsections.map((sub) => contentApi.section(section.slug, sub.slug))];
    paths.add(sitePaths.section(section.slug));
    for (const sub of section.subsections) paths.add(sitePaths.section(section.slug, sub.slug));
    for (const front of fronts) for (const teaser of (await answer<SectionFrontResponse>(baseUrl, front)).teasers) articles.add(teaser.id);
  }
  const authors = new Set<string>();
  const themes = new Set<string>();
  for (const id of articles) {
    const { article, author, themes: its } = await answer<ArticleResponse>(baseUrl, contentApi.article(id));
    paths.add(sitePaths.article(article));
    authors.add(author.slug);
    for (const theme of its) themes.add(theme.slug);
  }
  // An author's or theme's page may list an article no front shows any more.
  for (const slug of authors) {
    paths.add(sitePaths.author(slug));
    for (const teaser of (await answer<AuthorResponse>(baseUrl, contentApi.author(slug))).teasers) paths.add(teaser.path);
  }
  for (const slug of themes) {
    paths.add(sitePaths.theme(slug));
    for (const teaser of (await answer<ThemeResponse>(baseUrl, contentApi.theme(slug))).teasers) paths.add(teaser.path);
  }
  return paths;
}

/** Programmes, their seasons and every published episode of each season. */
async function programmePaths(baseUrl: string): Promise<Set<string>> {
  const paths = new Set<string>();
  const { programmes } = await answer<ProgrammesResponse>(baseUrl, contentApi.programmes());
  for (const programme of programmes) {
    paths.add(sitePaths.programme(programme.slug));
    for (const season of programme.seasons) {
      paths.add(sitePaths.season(programme.slug, season.number));
      for (const episode of (await answer<ProgrammeResponse>(baseUrl, contentApi.programme(programme.slug, season.number))).episodes) paths.add(sitePaths.episode(episode));
    }
  }
  return paths;
}

/** The site path of every item the content API lists. */
export async function contentPaths(baseUrl: string): Promise<Set<string>> {
  const [news, programmes, channels, stations, places] = await Promise.all([
    newsPaths(baseUrl),
    programmePaths(baseUrl),
    answer<ChannelsResponse>(baseUrl, contentApi.channels()),
    answer<StationsResponse>(baseUrl, contentApi.stations()),
    answer<PlacesResponse>(baseUrl, contentApi.places()),
  ]);
  return new Set([
    ...news,
    ...programmes,
    ...channels.channels.map(({ channel }) => sitePaths.channel(channel.slug)),
    ...stations.stations.map(({ station }) => sitePaths.station(station.slug)),
    ...places.places.map((place) => sitePaths.weather(place.slug)),
  ]);
}

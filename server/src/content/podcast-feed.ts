/**
 * A podcast programme's RSS 2.0 feed, with the tags podcast apps read: Apple's iTunes namespace
 * (image, author, category, duration, episode and season numbers) and Podcasting 2.0's
 * (podcast:season, podcast:episode). A pure function of the content and the site's public origin:
 * nothing of the request reaches it, and every text goes through `xmlText`.
 */
import { imagePath, sitePaths, type Episode, type Programme } from '@mesura/content';

export const ITUNES_NAMESPACE = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
export const PODCAST_NAMESPACE = 'https://podcastindex.org/namespace/1.0';
export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
/** The feed's language (RFC 5646), as every text of the site. */
export const FEED_LANGUAGE = 'ca';
/** Apple's width for a show's artwork is 1400–3000 px; the pool's widest JPEG comes nearest. */
export const FEED_IMAGE_WIDTH_PX = 1280;

/** Apple Podcasts categories (and subcategory) of each programme genre; others are Society & Culture. */
const ITUNES_CATEGORIES: Readonly<Record<string, readonly [string, string?]>> = {
  Tertúlia: ['News', 'News Commentary'],
  Informatius: ['News', 'Daily News'],
  Música: ['Music'],
  'Música clàssica': ['Music', 'Music Interviews'],
};
const DEFAULT_CATEGORY = ['Society & Culture'] as const;

export interface PodcastFeedInput {
  programme: Programme;
  /** The programme's published episodes with a download, in any order (the feed puts the newest first). */
  episodes: readonly Episode[];
  /** The site's public origin, e.g. 'https://mesura.cat': feeds need absolute addresses. */
  siteOrigin: string;
}

/** XML 1.0 forbids most control characters even escaped: they are left out. */
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute value. */
export function xmlText(value: string): string {
  return value.replace(XML_FORBIDDEN, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const element = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`;

function categoryOf(genre: string): string {
  const [category, subcategory] = ITUNES_CATEGORIES[genre] ?? DEFAULT_CATEGORY;
  const open = `<itunes:category text="${xmlText(category)}"`;
  return subcategory === undefined ? `${open}/>` : `${open}><itunes:category text="${xmlText(subcategory)}"/></itunes:category>`;
}

/** RFC 822 dates, as RSS 2.0 wants them (`Mon, 05 Oct 2026 19:00:00 GMT`). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** The GUID of an episode: its id, which never changes, so that apps never list an episode twice. */
export const episodeGuid = (episode: Pick<Episode, 'id'>) => `mesura-episodi-${episode.id}`;

function itemOf(episode: Episode, origin: string): string {
  const download = episode.download;
  if (download === undefined) return '';
  const lines = [
    element('title', episode.title),
    element('description', episode.summary),
    element('link', origin + sitePaths.episode(episode)),
    `<guid isPermaLink="false">${xmlText(episodeGuid(episode))}</guid>`,
    element('pubDate', rfc822(episode.publishedAt)),
    `<enclosure url="${xmlText(origin + download.path)}" length="${download.bytes}" type="${xmlText(download.type)}"/>`,
    element('itunes:duration', episode.lengthSeconds),
    `<itunes:image href="${xmlText(origin + imagePath(episode.image.id, FEED_IMAGE_WIDTH_PX))}"/>`,
    element('itunes:episodeType', 'full'),
    element('itunes:explicit', 'false'),
  ];
  if (episode.season > 0) lines.push(element('itunes:season', episode.season), element('podcast:season', episode.season));
  if (episode.number > 0) lines.push(element('itunes:episode', episode.number), element('podcast:episode', episode.number));
  return `<item>${lines.join('')}</item>`;
}

/** The feed's XML document. */
export function podcastFeed({ programme, episodes, siteOrigin }: PodcastFeedInput): string {
  const link = siteOrigin + sitePaths.programme(programme.slug);
  const self = siteOrigin + sitePaths.podcastFeed(programme.slug);
  const image = siteOrigin + imagePath(programme.image.id, FEED_IMAGE_WIDTH_PX);
  const newestFirst = episodes.filter((e) => e.download !== undefined).sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const channel = [
    element('title', programme.title),
    element('description', programme.summary),
    element('link', link),
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml"/>`,
    element('language', FEED_LANGUAGE),
    element('copyright', `© ${programme.producer}`),
    ...(newestFirst[0] ? [element('lastBuildDate', rfc822(newestFirst[0].publishedAt))] : []),
    `<image>${element('url', image)}${element('title', programme.title)}${element('link', link)}</image>`,
    `<itunes:image href="${xmlText(image)}"/>`,
    element('itunes:author', programme.producer),
    `<itunes:owner>${element('itunes:name', programme.producer)}</itunes:owner>`,
    categoryOf(programme.genre),
    element('itunes:explicit', 'false'),
    element('itunes:type', 'episodic'),
    element('podcast:locked', 'no'),
    ...newestFirst.map((episode) => itemOf(episode, siteOrigin)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:itunes="${ITUNES_NAMESPACE}" xmlns:podcast="${PODCAST_NAMESPACE}" xmlns:atom="${ATOM_NAMESPACE}">`,
    `<channel>${channel.join('\n')}</channel>`,
    '</rss>',
    '',
  ].join('\n');
}

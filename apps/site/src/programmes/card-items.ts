import { sitePaths, type Episode, type Programme, type Teaser } from '@mesura/content';
import { formatPublicationDate } from '../content/format-date';
import type { MediaCardItem } from './media-card';

const KIND_LABELS = { video: 'Vídeo', audio: 'Àudio' } as const;
const TEASER_TYPE_LABELS: Record<Teaser['type'], string> = { article: 'Notícia', programme: 'Programa', episode: 'Episodi' };

/** Minutes and seconds of a length: "12 min 5 s", "45 s". */
export function formatLength(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export function programmeCard(programme: Programme): MediaCardItem {
  return { path: sitePaths.programme(programme.slug), title: programme.title, summary: programme.summary, image: programme.image, label: programme.genre };
}

export function episodeCard(episode: Episode): MediaCardItem {
  return {
    path: sitePaths.episode(episode),
    title: episode.title,
    summary: episode.summary,
    image: episode.image,
    label: `${KIND_LABELS[episode.kind]} · Capítol ${episode.number}`,
    meta: `${formatPublicationDate(episode.publishedAt)} · ${formatLength(episode.lengthSeconds)}`,
  };
}

/** A teaser of the API (a search result, a "more episodes" item); `withType` labels its kind too. */
export function teaserCard(teaser: Teaser, withType = false): MediaCardItem {
  return {
    path: teaser.path,
    title: teaser.title,
    summary: teaser.summary,
    image: teaser.image,
    label: withType ? `${TEASER_TYPE_LABELS[teaser.type]} · ${teaser.label}` : teaser.label,
    ...(teaser.publishedAt === undefined ? {} : { meta: formatPublicationDate(teaser.publishedAt) }),
  };
}

// A broadcast date is a calendar day: formatted in UTC so that no time zone moves it.
const broadcastFormat = new Intl.DateTimeFormat('ca-ES', { dateStyle: 'long', timeZone: 'UTC' });

/** "23 de novembre del 2026" for the ISO date '2026-11-23'. */
export function formatBroadcastDate(isoDate: string): string {
  return broadcastFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

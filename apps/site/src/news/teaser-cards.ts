import type { Teaser } from '@mesura/content';
import { formatPublicationDate } from '../content/format-date';
import type { MediaCardItem } from '../programmes/media-card';

/** A news teaser as a card: its section (or programme) above the title, its time below. */
export function newsCard(teaser: Teaser): MediaCardItem {
  return {
    path: teaser.path,
    title: teaser.title,
    summary: teaser.summary,
    image: teaser.image,
    label: teaser.label,
    ...(teaser.publishedAt !== undefined && { meta: formatPublicationDate(teaser.publishedAt) }),
  };
}

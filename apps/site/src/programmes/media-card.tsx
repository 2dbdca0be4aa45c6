import type { ImageRef } from '@mesura/content';
import { Link } from 'react-router';
import { ContentImage } from './content-image';
import './programme-cards.css';

/** What a card of a programme, an episode or a search result shows. */
export interface MediaCardItem {
  path: string;
  title: string;
  summary: string;
  image: ImageRef;
  /** Above the title: the kind of item or its programme. */
  label?: string;
  /** Below the summary: a date, a length. */
  meta?: string;
}

/** Cards are one column on a phone, up to four across: the image is at most that wide. */
const CARD_IMAGE_SIZES = '(min-width: 60rem) 15rem, (min-width: 40rem) 45vw, 100vw';

/** One card: image, label, linked title (of `headingLevel`), summary and meta. */
export function MediaCard({ item, headingLevel = 3 }: { item: MediaCardItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="media-card">
      <ContentImage className="media-card__image" image={item.image} sizes={CARD_IMAGE_SIZES} />
      <div className="media-card__body">
        {item.label !== undefined && <p className="media-card__label">{item.label}</p>}
        <Heading className="media-card__title">
          <Link to={item.path}>{item.title}</Link>
        </Heading>
        <p className="media-card__summary">{item.summary}</p>
        {item.meta !== undefined && <p className="meta">{item.meta}</p>}
      </div>
    </article>
  );
}

/** A grid of cards, as a list. */
export function MediaCardList({ items, headingLevel, label }: { items: readonly MediaCardItem[]; headingLevel?: 2 | 3; label?: string }) {
  return (
    <ul className="media-cards" aria-label={label}>
      {items.map((item) => (
        <li key={item.path}>
          <MediaCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

import { sitePaths, type Programme } from '@mesura/content';
import './programme-cards.css';

/** The visible link's text: podcast apps subscribe to the address it leads to. */
export const FEED_LINK_TEXT = "Subscriu-t'hi (RSS)";

/**
 * A podcast's RSS feed: a visible link, and the `<link rel="alternate">` podcast apps and browsers
 * find it by (React puts it in the document's head; the server's first view does too). Nothing for
 * a TV programme, which has no feed.
 */
export function PodcastFeedLink({ programme }: { programme: Programme }) {
  if (programme.kind !== 'audio') return null;
  const href = sitePaths.podcastFeed(programme.slug);
  return (
    <>
      <link rel="alternate" type="application/rss+xml" href={href} title={`${programme.title} (pòdcast)`} />
      <p className="podcast-feed">
        <a className="podcast-feed__link" href={href} type="application/rss+xml">
          {FEED_LINK_TEXT}
        </a>{' '}
        <span className="meta">Copieu l'adreça a la vostra aplicació de pòdcasts.</span>
      </p>
    </>
  );
}

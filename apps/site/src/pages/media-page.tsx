import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { MediaPlayer } from '../components/media-player';
import { formatPublicationDate } from '../content/format-date';
import { SAMPLE_MEDIA, findMedia, type MediaItem, type MediaKind } from '../content/media-items';
import { usePageView } from '../measurement/use-page-view';
import { NotFoundPage } from './not-found-page';

/** /video/:id/: one video with its player. */
export function VideoPage() {
  return <MediaPage kind="video" />;
}

/** /audio/:id/: one audio with its player. */
export function AudioPage() {
  return <MediaPage kind="audio" />;
}

/** One video or audio with its player. An unknown id is a not-found page. */
function MediaPage({ kind }: { kind: MediaKind }) {
  const item = findMedia(SAMPLE_MEDIA, kind, useParams().id);
  return item === undefined ? <NotFoundPage /> : <MediaView item={item} />;
}

function MediaView({ item }: { item: MediaItem }) {
  // The data layer this writes carries the video group, which makes the SDK load the media tracker.
  usePageView(useMemo(() => ({ kind: 'media', item }), [item]));
  return (
    <article className="article">
      <title>{`${item.title} — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to="/videos/">Vídeos</Link> <span aria-hidden="true">›</span> {item.programme}
      </nav>
      <h1 className="article__title">{item.title}</h1>
      <MediaPlayer key={item.id} item={item} />
      <p className="article__summary">{item.summary}</p>
      <p className="meta">
        <time dateTime={item.publishedAt}>{formatPublicationDate(item.publishedAt)}</time>
      </p>
    </article>
  );
}

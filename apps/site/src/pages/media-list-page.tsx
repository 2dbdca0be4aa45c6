import { Link } from 'react-router';
import { SAMPLE_MEDIA, mediaPath } from '../content/media-items';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';

const MEDIA_LIST_ROUTE: PageRoute = { kind: 'media-list' };

const KIND_LABELS = { video: 'Vídeo', audio: 'Àudio' } as const;

/** /videos/: every video and audio of the site. */
export function MediaListPage() {
  usePageView(MEDIA_LIST_ROUTE);
  return (
    <>
      <title>Vídeos i àudios — Mesura.cat</title>
      <h1>Vídeos i àudios</h1>
      <ul className="article-list">
        {SAMPLE_MEDIA.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <article className="teaser">
              <p className="teaser__subsection">{KIND_LABELS[item.kind]}</p>
              <h2 className="teaser__title">
                <Link to={mediaPath(item)}>{item.title}</Link>
              </h2>
              <p className="teaser__summary">{item.summary}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

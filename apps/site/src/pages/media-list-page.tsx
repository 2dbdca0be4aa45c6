import { sitePaths, type HomeResponse, type Teaser } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { mediaFrontFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { teaserCard } from '../programmes/card-items';
import { MediaCardList } from '../programmes/media-card';

const GROUPS = [
  { id: 'videos-recents', heading: 'Vídeos', prefix: '/video/' },
  { id: 'audios-recents', heading: 'Àudios i pòdcasts', prefix: '/audio/' },
] as const;

/** /videos/: the media front, the newest video and audio episodes, and the way to every programme. */
export function MediaListPage() {
  const data = usePageData<HomeResponse | undefined>();
  const media: readonly Teaser[] = data?.media ?? [];
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: mediaFrontFields() }), [data]));
  return (
    <>
      <title>Vídeos i àudios — Mesura.cat</title>
      <h1>Vídeos i àudios</h1>
      <p className="lead">
        Els darrers capítols a la carta. Tots els programes, amb les seves temporades, són a{' '}
        <Link to={sitePaths.programmes()}>Programes</Link>.
      </p>
      {GROUPS.map((group) => {
        const items = media.filter((teaser) => teaser.path.startsWith(group.prefix));
        if (items.length === 0) return null;
        return (
          <section key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id}>{group.heading}</h2>
            <MediaCardList items={items.map((teaser) => teaserCard(teaser))} />
          </section>
        );
      })}
    </>
  );
}

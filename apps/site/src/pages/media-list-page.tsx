import { sitePaths, type MediaResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { mediaFrontFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { teaserCard } from '../programmes/card-items';
import { MediaCardList } from '../programmes/media-card';

/** Each kind has its own list in the API's answer, so that neither crowds the other out. */
const GROUPS = [
  { id: 'videos-recents', heading: 'Vídeos', items: (data: MediaResponse) => data.videos },
  { id: 'audios-recents', heading: 'Àudios i pòdcasts', items: (data: MediaResponse) => data.audios },
] as const;

/** /videos/: the media front, the newest video and audio episodes, and the way to every programme. */
export function MediaListPage() {
  const data = usePageData<MediaResponse | undefined>();
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: mediaFrontFields() }), []));
  return (
    <>
      <title>Vídeos i àudios — Mesura.cat</title>
      <h1>Vídeos i àudios</h1>
      <p className="lead">
        Els darrers capítols a la carta. Tots els programes, amb les seves temporades, són a <Link to={sitePaths.programmes()}>Programes</Link>.
      </p>
      {GROUPS.map((group) => {
        const items = data === undefined ? [] : group.items(data);
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

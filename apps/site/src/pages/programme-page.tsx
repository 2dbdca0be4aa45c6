import { sitePaths, type ProgrammeResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { programmeFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { episodeCard } from '../programmes/card-items';
import { MediaCardList } from '../programmes/media-card';
import { PodcastFeedLink } from '../programmes/podcast-feed-link';
import { ProgrammeHeader } from '../programmes/programme-header';
import { NotFoundPage } from './not-found-page';

/** /programes/{programa}/: the programme, its seasons and its latest episodes. */
export function ProgrammePage() {
  const data = usePageData<ProgrammeResponse | undefined>();
  return data === undefined ? <NotFoundPage /> : <ProgrammeView data={data} />;
}

function ProgrammeView({ data }: { data: ProgrammeResponse }) {
  const { programme, episodes } = data;
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: programmeFields(programme) }), [programme]));
  return (
    <>
      <title>{`${programme.title} — Programes — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to={sitePaths.programmes()}>Programes</Link> <span aria-hidden="true">›</span> {programme.title}
      </nav>
      <ProgrammeHeader programme={programme} />
      <PodcastFeedLink programme={programme} />
      <section aria-labelledby="temporades">
        <h2 id="temporades">Temporades</h2>
        {/* The API lists only seasons with a published episode: a new programme may have none yet. */}
        {programme.seasons.length === 0 ? (
          <p>Encara no hi ha cap capítol publicat.</p>
        ) : (
          <ul className="season-list">
            {programme.seasons.map((season) => (
              <li key={season.number}>
                <Link to={sitePaths.season(programme.slug, season.number)}>{season.title}</Link>{' '}
                <span className="meta">
                  ({season.year} · {season.episodes.length} {season.episodes.length === 1 ? 'capítol' : 'capítols'})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {episodes.length > 0 && (
        <section aria-labelledby="darrers">
          <h2 id="darrers">Darrers capítols</h2>
          <MediaCardList items={episodes.map(episodeCard)} />
        </section>
      )}
    </>
  );
}

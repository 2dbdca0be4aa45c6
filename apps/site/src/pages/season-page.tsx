import { sitePaths, type Programme, type ProgrammeResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { seasonFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { episodeCard } from '../programmes/card-items';
import { MediaCardList } from '../programmes/media-card';
import { NotFoundPage } from './not-found-page';

/** /programes/{programa}/temporada-{n}/: the season's episodes in broadcast order. */
export function SeasonPage() {
  const data = usePageData<ProgrammeResponse | undefined>();
  return data?.season === undefined ? <NotFoundPage /> : <SeasonView data={data} season={data.season} />;
}

function SeasonView({ data, season }: { data: ProgrammeResponse; season: Programme['seasons'][number] }) {
  const { programme, episodes } = data;
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: seasonFields(programme, season) }), [programme, season]));
  const others = programme.seasons.filter((other) => other.number !== season.number);
  return (
    <>
      <title>{`${programme.title}: ${season.title} — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to={sitePaths.programmes()}>Programes</Link> <span aria-hidden="true">›</span> <Link to={sitePaths.programme(programme.slug)}>{programme.title}</Link> <span aria-hidden="true">›</span>{' '}
        {season.title}
      </nav>
      <h1>
        {programme.title}: {season.title}
      </h1>
      <p className="lead">
        {season.year} · {episodes.length} {episodes.length === 1 ? 'capítol' : 'capítols'}
      </p>
      <MediaCardList items={episodes.map(episodeCard)} label="Capítols" headingLevel={2} />
      {others.length > 0 && (
        <nav aria-labelledby="altres-temporades">
          <h2 id="altres-temporades">Altres temporades</h2>
          <ul className="season-list">
            {others.map((other) => (
              <li key={other.number}>
                <Link to={sitePaths.season(programme.slug, other.number)}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

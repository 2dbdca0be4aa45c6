import { sitePaths, type EpisodeKind, type EpisodeResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { formatPublicationDate } from '../content/format-date';
import { episodeFields, episodeVideoData } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { formatBroadcastDate, formatLength, teaserCard } from '../programmes/card-items';
import { EpisodeActions } from '../programmes/episode-actions';
import { EpisodeDownload } from '../programmes/episode-download';
import { EpisodePlayer } from '../programmes/episode-player';
import { MediaCardList } from '../programmes/media-card';
import { NotFoundPage } from './not-found-page';
import '../programmes/programme-cards.css';

/** /video/{id}/: one video episode with its player. */
export function VideoPage() {
  return <MediaPage kind="video" />;
}

/** /audio/{id}/: one audio episode with its player. */
export function AudioPage() {
  return <MediaPage kind="audio" />;
}

/** An episode with its player. An unknown id, or an episode of the other kind, is a not-found page. */
function MediaPage({ kind }: { kind: EpisodeKind }) {
  const data = usePageData<EpisodeResponse | undefined>();
  return data === undefined || data.episode.kind !== kind ? <NotFoundPage /> : <EpisodeView data={data} />;
}

function EpisodeView({ data }: { data: EpisodeResponse }) {
  const { episode, programme, more } = data;
  const season = programme.seasons.find((candidate) => candidate.number === episode.season);
  // The data layer this writes carries the video group, which makes the SDK load the media tracker.
  // The group's urlVideo is absolute, so it needs the page's address: a getter, read by
  // buildDataLayer in usePageView's effect, never during a (server) render.
  const route = useMemo<PageRoute>(
    () => ({
      kind: 'page',
      fields: episodeFields(
        episode,
        programme,
        more.map((teaser) => teaser.id),
      ),
      get video() {
        return episodeVideoData(episode, programme, window.location.href);
      },
    }),
    [episode, programme, more],
  );
  usePageView(route);
  // On a wide screen more of the programme stands beside the player, as an article's related items do.
  return (
    <div className="article-page">
      <EpisodeArticle data={data} />
      <section className="rail" aria-labelledby="mes-capitols">
        <h2 id="mes-capitols" className="section-heading">
          Més capítols{season === undefined ? '' : ` de la ${season.title.toLowerCase()}`}
        </h2>
        {more.length > 0 ? <MediaCardList items={more.map((teaser) => teaserCard(teaser))} /> : null}
        <p className="episode-more">
          <Link to={sitePaths.programme(programme.slug)}>Tots els capítols de «{programme.title}»</Link>
        </p>
      </section>
    </div>
  );
}

/** The episode itself: where it belongs, its player, what it is about and what can be done with it. */
function EpisodeArticle({ data }: { data: EpisodeResponse }) {
  const { episode, programme } = data;
  const season = programme.seasons.find((candidate) => candidate.number === episode.season);
  return (
    <article className="article">
      <title>{`${episode.title} — ${programme.title} — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to={sitePaths.programmes()}>Programes</Link> <span aria-hidden="true">›</span> <Link to={sitePaths.programme(programme.slug)}>{programme.title}</Link>
        {season !== undefined && (
          <>
            {' '}
            <span aria-hidden="true">›</span> <Link to={sitePaths.season(programme.slug, season.number)}>{season.title}</Link>
          </>
        )}
      </nav>
      <h1 className="article__title">{episode.title}</h1>
      <EpisodePlayer episode={episode} programme={programme} />
      <p className="article__summary">{episode.summary}</p>
      <EpisodeActions episode={episode} programme={programme} />
      <EpisodeDownload episode={episode} programme={programme} path={sitePaths.episode(episode)} />
      <p className="meta">
        Capítol {episode.number} · Emès el <time dateTime={episode.broadcastDate}>{formatBroadcastDate(episode.broadcastDate)}</time> · {formatLength(episode.lengthSeconds)} · Publicat el{' '}
        <time dateTime={episode.publishedAt}>{formatPublicationDate(episode.publishedAt)}</time>
      </p>
    </article>
  );
}

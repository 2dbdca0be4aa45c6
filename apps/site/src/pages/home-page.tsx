import { sitePaths, type HomeResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { CallToAction } from '../engagement/call-to-action';
import type { LinkCallDetail } from '../measurement/direct-calls';
import type { PageRoute } from '../measurement/page-data';
import { homeFields } from '../measurement/news-page-fields';
import { usePageView } from '../measurement/use-page-view';
import { OnAirStrip } from '../news/on-air-strip';
import { newsCard } from '../news/teaser-cards';
import { ContentImage } from '../programmes/content-image';
import { MediaCardList } from '../programmes/media-card';
import '../news/news.css';
import { NotFoundPage } from './not-found-page';

/** The lead image fills the content column: up to 60rem wide. */
const LEAD_IMAGE_SIZES = '(min-width: 60rem) 60rem, 100vw';

/** The home page: the lead story, what is on air, a rail per section, the media rail and the calls to action. */
export function HomePage() {
  const data = usePageData<HomeResponse | undefined>();
  return data === undefined ? <NotFoundPage /> : <Home data={data} />;
}

function Home({ data }: { data: HomeResponse }) {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: homeFields() }), []));
  const { lead } = data;
  const ctaDetail: LinkCallDetail = { linkText: '', url: '', identificadorClic: '', seccio: 'portada' };
  return (
    <>
      <title>Mesura.cat — Notícies i actualitat de Catalunya</title>
      <h1 className="visually-hidden">Portada de Mesura.cat</h1>
      {lead !== undefined && (
        <article className="home-lead" aria-labelledby="destacat">
          <ContentImage className="home-lead__image" image={lead.image} sizes={LEAD_IMAGE_SIZES} eager />
          <div className="home-lead__body">
            <p className="media-card__label">{lead.label}</p>
            <h2 id="destacat" className="home-lead__title">
              <Link to={lead.path}>{lead.title}</Link>
            </h2>
            <p className="home-lead__summary">{lead.summary}</p>
          </div>
        </article>
      )}
      <OnAirStrip onAir={data.onAir} />
      {data.rails.map(({ section, teasers }) => (
        <section key={section.slug} className="rail" aria-labelledby={`rail-${section.slug}`}>
          <h2 id={`rail-${section.slug}`} className="section-heading">
            <Link to={sitePaths.section(section.slug)}>{section.name}</Link>
          </h2>
          <MediaCardList
            items={teasers
              .filter((teaser) => teaser.id !== lead?.id)
              .slice(0, 4)
              .map(newsCard)}
          />
        </section>
      ))}
      <section className="rail" aria-labelledby="rail-media">
        <h2 id="rail-media" className="section-heading">
          {/* Named as the media front it opens (media-list-page.tsx), which shows more of both kinds. */}
          <Link to={sitePaths.media()}>Vídeos i àudios</Link>
        </h2>
        <MediaCardList items={data.media.slice(0, 4).map(newsCard)} />
      </section>
      <section className="home-ctas" aria-label="Segueix Mesura.cat">
        <CallToAction kind="live" detail={ctaDetail} />
        <CallToAction kind="newsletter" detail={ctaDetail} />
      </section>
    </>
  );
}

import { sitePaths, type HomeResponse, type SectionFrontResponse } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import type { PageRoute } from '../measurement/page-data';
import { sectionFrontFields } from '../measurement/news-page-fields';
import { usePageView } from '../measurement/use-page-view';
import { newsCard } from '../news/teaser-cards';
import { MediaCardList } from '../programmes/media-card';
import '../news/news.css';
import { NotFoundPage } from './not-found-page';

/** /noticies/: the latest of every section. */
export function NewsFrontPage() {
  const data = usePageData<HomeResponse | undefined>();
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: sectionFrontFields() }), []));
  if (data === undefined) return <NotFoundPage />;
  return (
    <>
      <title>Notícies — Mesura.cat</title>
      <h1>Notícies</h1>
      {data.rails.map(({ section, teasers }) => (
        <section key={section.slug} className="rail" aria-labelledby={`seccio-${section.slug}`}>
          <h2 id={`seccio-${section.slug}`} className="section-heading">
            <Link to={sitePaths.section(section.slug)}>{section.name}</Link>
          </h2>
          <MediaCardList items={teasers.map(newsCard)} />
        </section>
      ))}
    </>
  );
}

/** /noticies/{seccio}/ and /noticies/{seccio}/{subseccio}/: the section's or subsection's latest news. */
export function SectionFrontPage() {
  const data = usePageData<SectionFrontResponse | undefined>();
  return data === undefined ? <NotFoundPage /> : <SectionFront data={data} />;
}

function SectionFront({ data }: { data: SectionFrontResponse }) {
  const { section, subsection, teasers } = data;
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: sectionFrontFields(section, subsection?.slug) }), [section, subsection]));
  const heading = subsection === undefined ? section.name : `${section.name}: ${subsection.name}`;
  return (
    <>
      <title>{`${heading} — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to="/noticies/">Notícies</Link>
        {subsection !== undefined && (
          <>
            {' '}
            <span aria-hidden="true">›</span> <Link to={sitePaths.section(section.slug)}>{section.name}</Link>
          </>
        )}
      </nav>
      <h1>{heading}</h1>
      <nav aria-label={`Subseccions de ${section.name}`}>
        <ul className="subsection-nav">
          {section.subsections.map((sub) => (
            <li key={sub.slug}>
              <Link to={sitePaths.section(section.slug, sub.slug)} aria-current={sub.slug === subsection?.slug ? 'page' : undefined}>
                {sub.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {teasers.length === 0 ? <p>Encara no hi ha notícies en aquesta secció.</p> : <MediaCardList items={teasers.map(newsCard)} headingLevel={2} />}
    </>
  );
}

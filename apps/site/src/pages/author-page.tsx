import type { AuthorResponse } from '@mesura/content';
import { useMemo } from 'react';
import { usePageData } from '../routing/page-data';
import type { PageRoute } from '../measurement/page-data';
import { authorFields } from '../measurement/news-page-fields';
import { usePageView } from '../measurement/use-page-view';
import { newsCard } from '../news/teaser-cards';
import { MediaCardList } from '../programmes/media-card';
import '../news/news.css';
import { NotFoundPage } from './not-found-page';

/** /autors/{slug}/: a journalist and their latest articles. */
export function AuthorPage() {
  const data = usePageData<AuthorResponse | undefined>();
  return data === undefined ? <NotFoundPage /> : <Author data={data} />;
}

function Author({ data }: { data: AuthorResponse }) {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: authorFields(data) }), [data]));
  const { author, teasers } = data;
  return (
    <>
      <title>{`${author.name} — Mesura.cat`}</title>
      <h1>{author.name}</h1>
      <p className="author__role">{author.role}</p>
      <p>{author.bio}</p>
      <h2 className="section-heading">Últims articles</h2>
      <MediaCardList items={teasers.map(newsCard)} />
    </>
  );
}

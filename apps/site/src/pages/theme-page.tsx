import type { ThemeResponse } from '@mesura/content';
import { useMemo } from 'react';
import { usePageData } from '../routing/page-data';
import type { PageRoute } from '../measurement/page-data';
import { themeFields } from '../measurement/news-page-fields';
import { usePageView } from '../measurement/use-page-view';
import { newsCard } from '../news/teaser-cards';
import { MediaCardList } from '../programmes/media-card';
import '../news/news.css';
import { NotFoundPage } from './not-found-page';

/** /tema/{slug}/: every section's news on one theme. */
export function ThemePage() {
  const data = usePageData<ThemeResponse | undefined>();
  return data === undefined ? <NotFoundPage /> : <Theme data={data} />;
}

function Theme({ data }: { data: ThemeResponse }) {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: themeFields(data) }), [data]));
  const { theme, teasers } = data;
  return (
    <>
      <title>{`${theme.name} — Mesura.cat`}</title>
      <p className="media-card__label">Tema</p>
      <h1>{theme.name}</h1>
      {teasers.length === 0 ? <p>Encara no hi ha notícies sobre aquest tema.</p> : <MediaCardList items={teasers.map(newsCard)} headingLevel={2} />}
    </>
  );
}

import { newestFirst } from '../content/article';
import { SAMPLE_ARTICLES } from '../content/sample-articles';
import { ArticleList } from '../components/article-list';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';

const HOME_ROUTE: PageRoute = { kind: 'home' };

export function HomePage() {
  usePageView(HOME_ROUTE);
  const [lead, ...rest] = newestFirst(SAMPLE_ARTICLES);
  return (
    <>
      <title>Mesura.cat — Notícies i actualitat de Catalunya</title>
      <h1 className="visually-hidden">Portada de Mesura.cat</h1>
      <section aria-labelledby="destacat" className="home-lead">
        <h2 id="destacat" className="section-heading">
          Destacat
        </h2>
        {lead && <ArticleList articles={[lead]} />}
      </section>
      <section aria-labelledby="mes-noticies">
        <h2 id="mes-noticies" className="section-heading">
          Més notícies
        </h2>
        <ArticleList articles={rest} />
      </section>
    </>
  );
}

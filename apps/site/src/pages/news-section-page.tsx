import { SUBSECTION_LABELS, newestFirst, type Subsection } from '../content/article';
import { SAMPLE_ARTICLES } from '../content/sample-articles';
import { ArticleList } from '../components/article-list';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';

const NEWS_SECTION_ROUTE: PageRoute = { kind: 'news-section' };

const SUBSECTION_ORDER: readonly Subsection[] = ['politica', 'societat', 'esports', 'cultura'];

/** /noticies/: every article, grouped by subsection. */
export function NewsSectionPage() {
  usePageView(NEWS_SECTION_ROUTE);
  const articles = newestFirst(SAMPLE_ARTICLES);
  return (
    <>
      <title>Notícies — Mesura.cat</title>
      <h1>Notícies</h1>
      {SUBSECTION_ORDER.map((subsection) => {
        const inSubsection = articles.filter((article) => article.subsection === subsection);
        if (inSubsection.length === 0) return null;
        return (
          <section key={subsection} aria-labelledby={`subseccio-${subsection}`}>
            <h2 id={`subseccio-${subsection}`} className="section-heading">
              {SUBSECTION_LABELS[subsection]}
            </h2>
            <ArticleList articles={inSubsection} />
          </section>
        );
      })}
    </>
  );
}

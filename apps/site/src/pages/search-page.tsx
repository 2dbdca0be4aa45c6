import { useMemo, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { searchArticles } from '../content/article-search';
import { SAMPLE_ARTICLES } from '../content/sample-articles';
import { resultsSummary } from '../content/search-summary';
import { ArticleList } from '../components/article-list';
import { usePageView } from '../measurement/use-page-view';
import { SEARCH_PATH, searchPath } from './search-path';

/** /cercador/?q=: each submitted search is a navigation, hence one page view with its results. */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = (params.get('q') ?? '').trim();
  const results = useMemo(() => searchArticles(SAMPLE_ARTICLES, query), [query]);
  usePageView(useMemo(() => ({ kind: 'search', query, resultCount: results.length }), [query, results]));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    void navigate(searchPath(typeof value === 'string' ? value : ''));
  }

  return (
    <>
      <title>{query === '' ? 'Cercador — Mesura.cat' : `${query} — Cercador — Mesura.cat`}</title>
      <h1>Cercador</h1>
      <form role="search" className="search-form" action={SEARCH_PATH} method="get" onSubmit={onSubmit}>
        <label htmlFor="q">Què voleu cercar?</label>
        <div className="search-form__row">
          {/* Keyed by the query so that back/forward refills the box with that navigation's words. */}
          <input key={query} id="q" name="q" type="search" defaultValue={query} autoComplete="off" />
          <button type="submit">Cerca</button>
        </div>
      </form>
      {query !== '' && (
        <section aria-labelledby="resultats" aria-live="polite">
          <h2 id="resultats" className="section-heading">
            {resultsSummary(results.length)} per a «{query}»
          </h2>
          {results.length === 0 ? (
            <p>No hem trobat cap notícia amb aquestes paraules. Proveu-ho amb uns altres termes.</p>
          ) : (
            <ArticleList articles={results} />
          )}
        </section>
      )}
    </>
  );
}

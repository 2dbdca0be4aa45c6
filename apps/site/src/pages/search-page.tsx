import { SEARCH_QUERY_MAX_CHARS, type SearchType } from '@mesura/content';
import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageData } from '../routing/page-data';
import { resultsSummary } from '../content/search-summary';
import { searchFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { teaserCard } from '../programmes/card-items';
import { SearchCombobox } from '../search/search-combobox';
import { MediaCardList } from '../programmes/media-card';
import { SEARCH_PATH, SEARCH_TYPE_PARAMS, searchPath, type SearchLoaderData } from './search-path';
import './search-page.css';

/** The filters, in the order shown; `undefined` is every type. */
const FILTERS: { type: SearchType | undefined; label: string }[] = [
  { type: undefined, label: 'Tot' },
  { type: 'article', label: 'Notícies' },
  { type: 'programme', label: 'Programes' },
  { type: 'episode', label: 'Episodis' },
];

/**
 * /cercador/?q=[&tipus=]: articles, programmes and episodes. Each search (and each filter) is a
 * navigation, hence one page view with its keywords and its number of results; so is a
 * suggestion chosen while typing (search-combobox.tsx).
 */
export function SearchPage() {
  const { query, type, response } = usePageData<SearchLoaderData>();
  const navigate = useNavigate();
  const shown = response?.total ?? 0;
  const results = response?.results ?? [];
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: searchFields(query, shown, type === undefined ? undefined : SEARCH_TYPE_PARAMS[type]) }), [query, shown, type]));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    void navigate(searchPath(typeof value === 'string' ? value : ''));
  }

  return (
    <>
      <title>{query === '' ? 'Cercador — Mesura.cat' : `${query} — Cercador — Mesura.cat`}</title>
      <h1>Cercador</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: the end-to-end search test (e2e/search-weather.test.ts) finds this form by `form[role="search"]`; a <search> round it, as the weather's place search has, needs that selector changed with it. */}
      <form role="search" className="search-form" action={SEARCH_PATH} method="get" onSubmit={onSubmit}>
        <label htmlFor="q">Què voleu cercar?</label>
        <div className="search-form__row">
          {/* Keyed by the query so that back/forward refills the box with that navigation's words. */}
          <SearchCombobox key={query} id="q" name="q" defaultValue={query} maxLength={SEARCH_QUERY_MAX_CHARS} onChoose={(suggestion) => void navigate(searchPath(suggestion))} />
          <button type="submit">Cerca</button>
        </div>
      </form>
      {query !== '' && (
        <section aria-labelledby="resultats">
          <h2 id="resultats" className="section-heading">
            {`${resultsSummary(shown)} per a «${query}»`}
          </h2>
          {response !== undefined && (
            <nav aria-label="Filtra per tipus" className="search-filters">
              <ul>
                {FILTERS.map((filter) => {
                  const count = filter.type === undefined ? Object.values(response.counts).reduce((a, b) => a + b, 0) : response.counts[filter.type];
                  return (
                    <li key={filter.label}>
                      <Link to={searchPath(query, filter.type)} aria-current={filter.type === type ? 'page' : undefined}>
                        {filter.label} <span className="search-filters__count">({count})</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
          {results.length === 0 ? <NoResults suggestions={response?.suggestions ?? []} filtered={type !== undefined} /> : <MediaCardList items={results.map((teaser) => teaserCard(teaser, true))} />}
        </section>
      )}
    </>
  );
}

/** The zero-result state: what to try, and searches that do find something. */
function NoResults({ suggestions, filtered }: { suggestions: readonly string[]; filtered: boolean }) {
  return (
    <div className="search-empty">
      <p>
        {filtered
          ? 'No hem trobat res d’aquest tipus amb aquestes paraules. Proveu-ho amb un altre tipus o uns altres termes.'
          : 'No hem trobat res amb aquestes paraules. Reviseu-ne l’ortografia o proveu-ho amb uns altres termes.'}
      </p>
      {suggestions.length > 0 && (
        <>
          <h3 id="suggeriments">Potser us interessa</h3>
          <ul aria-labelledby="suggeriments" className="search-suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <Link to={searchPath(suggestion)}>{suggestion}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

import type { SearchResponse, Teaser } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { renderFirstView } from '../src/first-view';
import { SEARCH_QUERY_MAX_CHARS } from '@mesura/content';
import { loadSearch, parseSearchType, searchPath } from '../src/pages/search-path';

const ORIGIN = 'http://site.invalid';

const teaser = (type: Teaser['type'], id: string, title: string): Teaser => ({
  type,
  id,
  title,
  summary: `Resum de ${title}`,
  path: type === 'article' ? `/noticia/${id}/x/` : type === 'programme' ? `/programes/${id}/` : `/video/${id}/`,
  image: { id: 'img-03', alt: `Imatge de ${title}` },
  label: 'Política',
});

/** The first view's markup without React's text separators and the router's link markers. */
async function firstView(url: string, fetcher: (path: string) => Promise<Response>) {
  const view = await renderFirstView(url, fetcher);
  return view && { ...view, html: view.html.replaceAll('<!-- -->', '').replaceAll(' data-discover="true"', '') };
}

/** A content API answering the search with `answer` and recording what was asked. */
function searchApi(answer: (url: URL) => SearchResponse) {
  const asked: string[] = [];
  const fetcher = async (path: string) => {
    asked.push(path);
    const url = new URL(path, ORIGIN);
    if (url.pathname !== '/api/content/search') return new Response('no', { status: 404 });
    return Response.json(answer(url));
  };
  return { asked, fetcher };
}

const FOUND: SearchResponse = {
  query: 'llei',
  results: [teaser('article', '1001', 'Llei de l’habitatge'), teaser('episode', 'ep-1', 'La llei al debat')],
  counts: { article: 1, programme: 0, episode: 1 },
  total: 2,
  suggestions: [],
};

describe('the search page', () => {
  it('shows the count, the filters with their counts and the results with their images', async () => {
    const api = searchApi(() => FOUND);
    const view = await firstView(`${ORIGIN}/cercador/?q=llei`, api.fetcher);
    expect(api.asked).toEqual(['/api/content/search?q=llei']);
    expect(view?.html).toContain('2 resultats per a «llei»');
    expect(view?.html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/cercador\/\?q=llei"[^>]*>Tot <span[^>]*>\(2\)/);
    expect(view?.html).toContain('href="/cercador/?q=llei&amp;tipus=noticies"');
    expect(view?.html).toContain('href="/cercador/?q=llei&amp;tipus=episodis"');
    expect(view?.html).toContain('href="/noticia/1001/x/"');
    expect(view?.html).toContain('alt="Imatge de La llei al debat"');
    expect(view?.html).toContain('srcSet="/imatges/img-03-320.jpg 320w');
  });

  it('asks the API for the type of the filter and marks that filter as the current one', async () => {
    const api = searchApi(() => ({ ...FOUND, type: 'episode', results: [FOUND.results[1]!], total: 1 }));
    const view = await firstView(`${ORIGIN}/cercador/?q=llei&tipus=episodis`, api.fetcher);
    expect(api.asked).toEqual(['/api/content/search?q=llei&type=episode']);
    expect(view?.html).toContain('1 resultat per a «llei»');
    expect(view?.html).toMatch(/aria-current="page"[^>]*href="\/cercador\/\?q=llei&amp;tipus=episodis"/);
    expect(view?.html).not.toContain('href="/noticia/1001/x/"');
  });

  it('without results says so and offers the suggestions as searches', async () => {
    const api = searchApi(() => ({ query: 'xyzzy', results: [], counts: { article: 0, programme: 0, episode: 0 }, total: 0, suggestions: ['habitatge', 'el temps'] }));
    const view = await firstView(`${ORIGIN}/cercador/?q=xyzzy`, api.fetcher);
    expect(view?.html).toContain('Cap resultat per a «xyzzy»');
    expect(view?.html).toContain('No hem trobat res amb aquestes paraules');
    expect(view?.html).toContain('<a href="/cercador/?q=habitatge">habitatge</a>');
    expect(view?.html).toContain('<a href="/cercador/?q=el+temps">el temps</a>');
    expect(view?.notFound).toBe(false);
  });

  it('shows only the form for a blank query, without asking the API', async () => {
    const api = searchApi(() => FOUND);
    const view = await firstView(`${ORIGIN}/cercador/?q=%20%20`, api.fetcher);
    expect(api.asked).toEqual([]);
    expect(view?.title).toBe('Cercador — Mesura.cat');
    expect(view?.html).not.toContain('resultat');
  });
});

describe('the search page’s URL', () => {
  it('keeps the query and the filter, and reads back only the filters it knows', async () => {
    expect(searchPath(' llei ', 'programme')).toBe('/cercador/?q=llei&tipus=programes');
    expect(searchPath('   ')).toBe('/cercador/');
    expect(parseSearchType('noticies')).toBe('article');
    expect(parseSearchType('<script>')).toBeUndefined();
    expect(parseSearchType(null)).toBeUndefined();
    const long = await loadSearch(new URLSearchParams({ q: 'a'.repeat(SEARCH_QUERY_MAX_CHARS + 50), tipus: 'altres' }));
    expect(long.query).toHaveLength(SEARCH_QUERY_MAX_CHARS);
    expect(long.type).toBeUndefined();
  });
});

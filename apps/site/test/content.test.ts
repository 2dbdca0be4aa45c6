import { describe, expect, it } from 'vitest';
import { articlePath, findArticle, newestFirst } from '../src/content/article';
import { normaliseForSearch, searchArticles, searchTerms } from '../src/content/article-search';
import { formatPublicationDate } from '../src/content/format-date';
import { SAMPLE_ARTICLES } from '../src/content/sample-articles';
import { resultsSummary } from '../src/content/search-summary';
import { searchPath } from '../src/pages/search-path';

describe('sample articles', () => {
  it('have the ids 1001 to 1005, each once', () => {
    expect(SAMPLE_ARTICLES.map((a) => a.id).sort()).toEqual(['1001', '1002', '1003', '1004', '1005']);
  });

  it('have URL-safe slugs', () => {
    for (const article of SAMPLE_ARTICLES) expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('have topic areas without commas, so the comma list stays splittable', () => {
    for (const article of SAMPLE_ARTICLES) for (const topic of article.topicAreas) expect(topic).not.toContain(',');
  });
});

describe('findArticle', () => {
  it('finds an article by its id', () => {
    expect(findArticle(SAMPLE_ARTICLES, '1003')?.slug).toBe('girona-remunta-montilivi-places-europees');
  });

  it('returns undefined for an unknown or missing id', () => {
    expect(findArticle(SAMPLE_ARTICLES, '9999')).toBeUndefined();
    expect(findArticle(SAMPLE_ARTICLES, undefined)).toBeUndefined();
  });
});

describe('articlePath', () => {
  it('builds /noticia/{id}/{slug}/ with the trailing slash', () => {
    expect(articlePath({ id: '1002', slug: 'hospitals-allarguen-horari-vacunacio-grip' })).toBe(
      '/noticia/1002/hospitals-allarguen-horari-vacunacio-grip/',
    );
  });
});

describe('newestFirst', () => {
  it('orders by publication time, newest first, without changing its input', () => {
    const before = SAMPLE_ARTICLES.map((a) => a.id);
    expect(newestFirst(SAMPLE_ARTICLES).map((a) => a.id)).toEqual(['1001', '1003', '1002', '1004', '1005']);
    expect(SAMPLE_ARTICLES.map((a) => a.id)).toEqual(before);
  });
});

describe('searchArticles', () => {
  it('ignores case and accents', () => {
    expect(normaliseForSearch('Política Àgil')).toBe('politica agil');
    expect(searchArticles(SAMPLE_ARTICLES, 'VACUNACIO').map((a) => a.id)).toEqual(['1002']);
  });

  it('needs every term to match', () => {
    expect(searchArticles(SAMPLE_ARTICLES, 'girona montilivi').map((a) => a.id)).toEqual(['1003']);
    expect(searchArticles(SAMPLE_ARTICLES, 'girona habitatge')).toEqual([]);
  });

  it('finds articles by subsection label and topic', () => {
    expect(searchArticles(SAMPLE_ARTICLES, 'cultura').map((a) => a.id)).toContain('1004');
    expect(searchArticles(SAMPLE_ARTICLES, 'sequera').map((a) => a.id)).toEqual(['1005']);
  });

  it('finds nothing for a blank query', () => {
    expect(searchTerms('   ')).toEqual([]);
    expect(searchArticles(SAMPLE_ARTICLES, '  ')).toEqual([]);
  });
});

describe('searchPath', () => {
  it('puts the trimmed query in q', () => {
    expect(searchPath('  aigua embassaments ')).toBe('/cercador/?q=aigua+embassaments');
  });

  it('goes to the bare form for a blank query', () => {
    expect(searchPath(' ')).toBe('/cercador/');
  });
});

describe('resultsSummary', () => {
  it('says it in Catalan, singular and plural', () => {
    expect([0, 1, 3, 1200].map(resultsSummary)).toEqual(['Cap resultat', '1 resultat', '3 resultats', '1.200 resultats']);
  });
});

describe('formatPublicationDate', () => {
  it('prints the time as in Catalonia', () => {
    expect(formatPublicationDate('2026-11-20T07:30:00Z')).toBe('20 de novembre del 2026, a les 8:30');
  });
});

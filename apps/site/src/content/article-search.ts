import { SUBSECTION_LABELS, type Article } from './article';

/**
 * Lower case without accents, so that "politica" finds "Política" and "vacunacio" finds
 * "vacunació" — readers often type Catalan without diacritics.
 */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Search terms of a query: normalised, split on whitespace, empty when the query is blank. */
export function searchTerms(query: string): string[] {
  return normaliseForSearch(query).split(/\s+/).filter(Boolean);
}

function searchableText(article: Article): string {
  return normaliseForSearch(
    [
      article.title,
      article.summary,
      SUBSECTION_LABELS[article.subsection],
      article.author,
      article.topicAreas.join(' '),
      ...article.paragraphs,
    ].join(' '),
  );
}

/**
 * Articles containing every term of the query, in the order given. A blank query finds nothing:
 * the search page then shows the form only.
 */
export function searchArticles(articles: readonly Article[], query: string): Article[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  return articles.filter((article) => {
    const text = searchableText(article);
    return terms.every((term) => text.includes(term));
  });
}

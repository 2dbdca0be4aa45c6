/** Subsections of the news section; the value is what the data layer sends as `subseccio`. */
export type Subsection =
  /** Parliament, government, elections. */
  | 'politica'
  /** Health, education, environment, everyday life. */
  | 'societat'
  /** Sport. */
  | 'esports'
  /** Culture and heritage. */
  | 'cultura';

/** One news article of the sample content. */
export interface Article {
  /** Editorial id; also the `/noticia/{id}/` path segment and the data layer's idDeliverty. */
  id: string;
  /** URL slug; the canonical path is `/noticia/{id}/{slug}/`. */
  slug: string;
  title: string;
  /** One-sentence summary shown on teasers. */
  summary: string;
  subsection: Subsection;
  /** Topic areas, most specific first; sent as the comma list `areaTematica`. */
  topicAreas: string[];
  author: string;
  /** ISO 8601 with offset. */
  publishedAt: string;
  paragraphs: string[];
}

/** Catalan labels of the subsections, for headings and tags. */
export const SUBSECTION_LABELS: Record<Subsection, string> = {
  politica: 'Política',
  societat: 'Societat',
  esports: 'Esports',
  cultura: 'Cultura',
};

/** Canonical path of an article, with the trailing slash the site uses everywhere. */
export function articlePath(article: Pick<Article, 'id' | 'slug'>): string {
  return `/noticia/${article.id}/${article.slug}/`;
}

export function findArticle(articles: readonly Article[], id: string | undefined): Article | undefined {
  return articles.find((article) => article.id === id);
}

/** Newest first, for the home page and the section page. */
export function newestFirst(articles: readonly Article[]): Article[] {
  return [...articles].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}

import { useContext, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { SUBSECTION_LABELS, articlePath, findArticle, type Article } from '../content/article';
import { formatPublicationDate } from '../content/format-date';
import { ArticleActions } from '../components/article-actions';
import { SAMPLE_ARTICLES } from '../content/sample-articles';
import { usePageView } from '../measurement/use-page-view';
import { FirstViewContext } from '../first-view-context';
import { NotFoundPage } from './not-found-page';

/**
 * /noticia/:id/:slug/. An unknown id is a not-found page; a known id with another slug is
 * redirected to the canonical path before anything is measured, so the page view carries the
 * canonical URL.
 */
export function ArticlePage() {
  const { id, slug } = useParams();
  const firstView = useContext(FirstViewContext);
  const article = findArticle(SAMPLE_ARTICLES, id);
  if (article === undefined) return <NotFoundPage />;
  if (slug !== article.slug) return firstView ? null : <Navigate to={articlePath(article)} replace />;
  return <ArticleView article={article} />;
}

function ArticleView({ article }: { article: Article }) {
  usePageView(useMemo(() => ({ kind: 'article', article }), [article]));
  const subsectionLabel = SUBSECTION_LABELS[article.subsection];
  return (
    <article className="article">
      <title>{`${article.title} — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to="/noticies/">Notícies</Link> <span aria-hidden="true">›</span> {subsectionLabel}
      </nav>
      <h1 className="article__title">{article.title}</h1>
      <p className="article__summary">{article.summary}</p>
      <p className="meta">
        Per <span className="article__author">{article.author}</span> ·{' '}
        <time dateTime={article.publishedAt}>{formatPublicationDate(article.publishedAt)}</time>
      </p>
      {article.paragraphs.map((paragraph, index) => (
        // Paragraphs are static and never reordered, so their index is a stable key.
        <p key={index}>{paragraph}</p>
      ))}
      <ArticleActions article={article} />
      <ul className="tags" aria-label="Temes">
        {article.topicAreas.map((topic) => (
          <li key={topic}>{topic}</li>
        ))}
      </ul>
    </article>
  );
}

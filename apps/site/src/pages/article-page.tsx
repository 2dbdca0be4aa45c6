import { sitePaths } from '@mesura/content';
import type { ArticlePageData } from '../engagement/article-poll';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { formatPublicationDate } from '../content/format-date';
import type { PageRoute } from '../measurement/page-data';
import { articleFields } from '../measurement/news-page-fields';
import { usePageView } from '../measurement/use-page-view';
import { ArticleTools } from '../news/article-tools';
import { newsCard } from '../news/teaser-cards';
import { ContentImage } from '../programmes/content-image';
import { MediaCardList } from '../programmes/media-card';
import '../news/news.css';
import { NotFoundPage } from './not-found-page';

/** The article's image spans the text column: up to 46rem. */
const ARTICLE_IMAGE_SIZES = '(min-width: 46rem) 46rem, 100vw';

/**
 * /noticia/:id/:slug/. An unknown id is a not-found page; a known id under another slug was
 * redirected by the loader (routes/news-routes.tsx) before anything was measured.
 */
export function ArticlePage() {
  const data = usePageData<ArticlePageData | undefined>();
  return data === undefined ? <NotFoundPage /> : <ArticleView data={data} />;
}

function ArticleView({ data }: { data: ArticlePageData }) {
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: articleFields(data) }), [data]));
  const { article, section, author, themes, related } = data;
  const subsection = section.subsections.find((sub) => sub.slug === article.subsection);
  return (
    <div className="article-page">
      <article className="article">
        <title>{`${article.title} — Mesura.cat`}</title>
        <nav aria-label="Ruta de navegació" className="breadcrumb">
          <Link to="/noticies/">Notícies</Link> <span aria-hidden="true">›</span> <Link to={sitePaths.section(section.slug)}>{section.name}</Link>
          {subsection && (
            <>
              {' '}
              <span aria-hidden="true">›</span> <Link to={sitePaths.section(section.slug, subsection.slug)}>{subsection.name}</Link>
            </>
          )}
        </nav>
        <h1 className="article__title">{article.title}</h1>
        <p className="article__summary">{article.summary}</p>
        <p className="meta">
          Per{' '}
          <Link className="article__author" to={sitePaths.author(author.slug)}>
            {author.name}
          </Link>{' '}
          · <time dateTime={article.publishedAt}>{formatPublicationDate(article.publishedAt)}</time>
        </p>
        <figure className="article__figure">
          <ContentImage image={article.image} sizes={ARTICLE_IMAGE_SIZES} eager />
          <figcaption className="meta">{article.image.alt}</figcaption>
        </figure>
        {article.paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an article's paragraphs are its text in order, never reordered, added or removed while shown, and two may read the same: a paragraph's place is what names it.
          <p key={index}>{paragraph}</p>
        ))}
        <ArticleTools data={data} />
        {themes.length > 0 && (
          <ul className="tags" aria-label="Temes">
            {themes.map((theme) => (
              <li key={theme.slug}>
                <Link to={sitePaths.theme(theme.slug)}>{theme.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </article>
      {related.length > 0 && (
        <section className="rail" aria-labelledby="relacionats">
          <h2 id="relacionats" className="section-heading">
            També us pot interessar
          </h2>
          <MediaCardList items={related.map(newsCard)} />
        </section>
      )}
    </div>
  );
}

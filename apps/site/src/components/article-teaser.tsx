import { Link } from 'react-router';
import { SUBSECTION_LABELS, articlePath, type Article } from '../content/article';
import { formatPublicationDate } from '../content/format-date';

export function ArticleTeaser({ article }: { article: Article }) {
  return (
    <article className="teaser">
      <p className="teaser__subsection">{SUBSECTION_LABELS[article.subsection]}</p>
      <h3 className="teaser__title">
        <Link to={articlePath(article)}>{article.title}</Link>
      </h3>
      <p className="teaser__summary">{article.summary}</p>
      <p className="meta">
        <time dateTime={article.publishedAt}>{formatPublicationDate(article.publishedAt)}</time>
      </p>
    </article>
  );
}

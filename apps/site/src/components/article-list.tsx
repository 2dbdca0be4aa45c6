import type { Article } from '../content/article';
import { ArticleTeaser } from './article-teaser';

export function ArticleList({ articles }: { articles: readonly Article[] }) {
  return (
    <ul className="article-list">
      {articles.map((article) => (
        <li key={article.id}>
          <ArticleTeaser article={article} />
        </li>
      ))}
    </ul>
  );
}

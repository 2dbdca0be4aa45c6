/** The poll an article carries, read for the server's first view by first-view-poll.ts. */
import type { ArticleResponse } from '@mesura/content';
import type { PollResults } from '@mesura/protocol';
import { withFirstViewPoll } from './first-view-poll';

/** An article's poll, by the first of its themes that has one (server/src/engagement seeded-polls.ts). */
const POLLS_BY_THEME: Record<string, string> = { habitatge: 'habitatge-2026', sequera: 'sequera-aigua', mobilitat: 'mobilitat-ciutat' };

export function articlePollId(article: Pick<ArticleResponse['article'], 'themes'>): string | undefined {
  return article.themes.map((theme) => POLLS_BY_THEME[theme]).find((id) => id !== undefined);
}

/** The article page's data: the content API's article, and its poll when the server rendered it. */
export type ArticlePageData = ArticleResponse & { poll?: PollResults };

/** The article with its poll, for the server's first view (routes/news-routes.tsx imports this on the server alone). */
export const withFirstViewArticlePoll = (data: ArticleResponse): Promise<ArticlePageData> => withFirstViewPoll(data, articlePollId(data.article));

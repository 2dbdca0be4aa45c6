/**
 * The poll an article carries, and its question loaded for the server's first view, so that a
 * browser without JavaScript gets a form it can post (server/src/engagement/poll-form-posts.ts).
 */
import type { ArticleResponse } from '@mesura/content';
import type { PollResults } from '@mesura/protocol';
import { loadContent } from '../content/content-client';
import { pollPath } from './poll-results';

/** An article's poll, by the first of its themes that has one (server/src/engagement seeded-polls.ts). */
const POLLS_BY_THEME: Record<string, string> = { habitatge: 'habitatge-2026', sequera: 'sequera-aigua', mobilitat: 'mobilitat-ciutat' };

export function articlePollId(article: Pick<ArticleResponse['article'], 'themes'>): string | undefined {
  return article.themes.map((theme) => POLLS_BY_THEME[theme]).find((id) => id !== undefined);
}

/** The article page's data: the content API's article, and its poll when the server rendered it. */
export type ArticlePageData = ArticleResponse & { poll?: PollResults };

/**
 * The article with its poll, read by the server's first view only (routes/news-routes.tsx imports
 * this on the server alone): in the browser the poll is fetched by the page once shown, so that
 * following a link to an article waits for nothing more. A poll that cannot be read leaves the
 * article as it is.
 */
export async function withFirstViewPoll(data: ArticleResponse): Promise<ArticlePageData> {
  const pollId = articlePollId(data.article);
  if (pollId === undefined) return data;
  try {
    const poll = await loadContent<PollResults>(pollPath(pollId));
    return poll === undefined ? data : { ...data, poll };
  } catch {
    return data;
  }
}

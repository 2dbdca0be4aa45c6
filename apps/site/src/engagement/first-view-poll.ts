/**
 * A poll's question and counts read for the server's first view, so that a browser without
 * JavaScript gets a form it can post (server/src/engagement/poll-form-posts.ts): the article's and
 * the quiz's routes import this on the server alone. In the browser the poll is fetched by the page
 * once shown, so that following a link waits for nothing more.
 */
import type { PollResults } from '@mesura/protocol';
import { loadContent } from '../content/content-client';
import { pollPath } from './poll-results';

/** A page's data with its poll; a poll that cannot be read leaves the data as it is. */
export async function withFirstViewPoll<T extends object>(data: T, pollId: string | undefined): Promise<T & { poll?: PollResults }> {
  if (pollId === undefined) return data;
  try {
    const poll = await loadContent<PollResults>(pollPath(pollId));
    return poll === undefined ? data : { ...data, poll };
  } catch {
    return data;
  }
}

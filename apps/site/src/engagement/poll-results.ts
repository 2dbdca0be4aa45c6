/** The percentages shown after answering a poll (its answer: @mesura/protocol's PollResults). */
import type { PollResults } from '@mesura/protocol';

/** Whole percentages per option; 0 for all when nobody answered. */
export function pollPercentages(results: Pick<PollResults, 'options' | 'total'>): number[] {
  return results.options.map((o) => (results.total === 0 ? 0 : Math.round((o.votes * 100) / results.total)));
}

export const pollPath = (pollId: string) => `/api/engagement/polls/${encodeURIComponent(pollId)}`;

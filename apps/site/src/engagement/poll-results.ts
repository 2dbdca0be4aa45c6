/** What GET /api/engagement/polls/:id answers, and the percentages shown after answering. */
export interface PollResults {
  id: string;
  question: string;
  options: { id: string; label: string; votes: number }[];
  total: number;
  /** The option this browser chose, once it has answered. */
  answered?: string;
}

/** Whole percentages per option; 0 for all when nobody answered. */
export function pollPercentages(results: Pick<PollResults, 'options' | 'total'>): number[] {
  return results.options.map((o) => (results.total === 0 ? 0 : Math.round((o.votes * 100) / results.total)));
}

export const pollPath = (pollId: string) => `/api/engagement/polls/${encodeURIComponent(pollId)}`;

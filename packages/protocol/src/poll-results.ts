/** What GET /api/engagement/polls/:id answers (server/src/engagement/poll-routes.ts), read by the site's poll. */
export interface PollResults {
  id: string;
  question: string;
  options: { id: string; label: string; votes: number }[];
  total: number;
  /** The option this browser chose; absent when it has not answered. */
  answered?: string;
}

/** The poll asked beside the daily game (/joc/), read for the server's first view by first-view-poll.ts. */
import type { PollResults } from '@mesura/protocol';
import { withFirstViewPoll } from './first-view-poll';

/** The game's poll (server/src/engagement/seeded-polls.ts). */
export const QUIZ_POLL_ID = 'habitatge-2026';

/** The day's quiz with its poll, for the server's first view (routes/engagement-routes.tsx imports this on the server alone). */
export const withFirstViewQuizPoll = <T extends object>(quiz: T): Promise<T & { poll?: PollResults }> => withFirstViewPoll(quiz, QUIZ_POLL_ID);

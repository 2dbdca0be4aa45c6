import type { RouteObject } from 'react-router';
import { loadContent } from '../content/content-client';
import type { DailyQuiz } from '../pages/quiz-page';

/** Participation: the daily game, inside the site's layout. */
export const ENGAGEMENT_ROUTES: RouteObject[] = [
  {
    path: 'joc/',
    loader: async () => {
      const quiz = await loadContent<DailyQuiz>('/api/engagement/quiz/today');
      if (quiz === undefined || !import.meta.env.SSR) return quiz;
      // Imported on the server alone, as the article's poll is (news-routes.tsx): the first view
      // carries the poll's form, which works without JavaScript.
      return (await import('../engagement/quiz-poll')).withFirstViewQuizPoll(quiz);
    },
    lazy: { Component: async () => (await import('../pages/quiz-page')).QuizPage },
  },
  // Where a newsletter confirmation link lands (server/src/engagement/newsletter-routes.ts).
  { path: 'butlleti/', lazy: { Component: async () => (await import('../pages/newsletter-page')).NewsletterPage } },
];

/** Pages without the site's layout (the TV receiver). */
export const ENGAGEMENT_STANDALONE_ROUTES: RouteObject[] = [{ path: '/tv/', lazy: { Component: async () => (await import('../pages/tv-receiver-page')).TvReceiverPage } }];

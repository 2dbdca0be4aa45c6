import type { RouteObject } from 'react-router';
import { SiteLayout } from './components/site-layout';
import { NotFoundPage } from './pages/not-found-page';
import { ACCOUNT_ROUTES } from './routes/account-routes';
import { ENGAGEMENT_ROUTES, ENGAGEMENT_STANDALONE_ROUTES } from './routes/engagement-routes';
import { LIVE_ROUTES, LIVE_STANDALONE_ROUTES } from './routes/live-routes';
import { NEWS_ROUTES } from './routes/news-routes';
import { PROGRAMME_ROUTES } from './routes/programme-routes';

/**
 * The site's routes, shared by the browser's router (routing/site-router.tsx) and the server's first view
 * (first-view.tsx). Paths end in '/', as the published URLs do; the router also accepts them without.
 * Each area's routes are in routes/; pages load lazily, so a visitor downloads only the page shown.
 */
export const SITE_ROUTES: RouteObject[] = [
  ...LIVE_STANDALONE_ROUTES,
  ...ENGAGEMENT_STANDALONE_ROUTES,
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      ...NEWS_ROUTES,
      ...PROGRAMME_ROUTES,
      ...LIVE_ROUTES,
      ...ACCOUNT_ROUTES,
      ...ENGAGEMENT_ROUTES,
      { path: 'accessibilitat/', lazy: { Component: async () => (await import('./pages/accessibility-page')).AccessibilityPage } },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { SiteLayout } from './components/site-layout';
import { ArticlePage } from './pages/article-page';
import { HomePage } from './pages/home-page';
import { MediaListPage } from './pages/media-list-page';
import { MediaPage } from './pages/media-page';
import { NewsSectionPage } from './pages/news-section-page';
import { NotFoundPage } from './pages/not-found-page';
import { SearchPage } from './pages/search-page';
import { WeatherPage } from './pages/weather-page';

/**
 * The site's routes, shared by the browser's router (router.tsx) and the server's first view
 * (first-view.tsx). Paths end in '/', as the published URLs do; the router also accepts them without.
 */
export const SITE_ROUTES: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'noticies/', element: <NewsSectionPage /> },
      { path: 'noticia/:id/:slug/', element: <ArticlePage /> },
      { path: 'el-temps/', element: <WeatherPage /> },
      { path: 'videos/', element: <MediaListPage /> },
      { path: 'video/:id/', element: <MediaPage kind="video" /> },
      { path: 'audio/:id/', element: <MediaPage kind="audio" /> },
      { path: 'cercador/', element: <SearchPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

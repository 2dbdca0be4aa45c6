import type { RouteObject } from 'react-router';

/**
 * News: the home page, section and subsection fronts, articles, authors and themes. Page
 * components load lazily (one chunk per page); loaders are here, small, so that a page's content
 * and its code are fetched at once.
 */
export const NEWS_ROUTES: RouteObject[] = [
  { index: true, lazy: { Component: async () => (await import('../pages/home-page')).HomePage } },
  { path: 'noticies/', lazy: { Component: async () => (await import('../pages/news-section-page')).NewsSectionPage } },
  { path: 'noticia/:id/:slug/', lazy: { Component: async () => (await import('../pages/article-page')).ArticlePage } },
];

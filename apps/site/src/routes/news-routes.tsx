import { contentApi, sitePaths, type ArticleResponse, type AuthorResponse, type HomeResponse, type SectionFrontResponse, type ThemeResponse } from '@mesura/content';
import { redirect, type RouteObject } from 'react-router';
import { loadContent } from '../content/content-client';

/**
 * News: the home page, the news front, section and subsection fronts, articles, authors and
 * themes. Page components load lazily (one chunk per page); loaders are here, small, so that a
 * page's content and its code are fetched at once.
 */
export const NEWS_ROUTES: RouteObject[] = [
  {
    index: true,
    loader: () => loadContent<HomeResponse>(contentApi.home()),
    lazy: { Component: async () => (await import('../pages/home-page')).HomePage },
  },
  {
    path: 'noticies/',
    loader: () => loadContent<HomeResponse>(contentApi.home()),
    lazy: { Component: async () => (await import('../pages/news-section-page')).NewsFrontPage },
  },
  {
    path: 'noticies/:seccio/',
    loader: ({ params }) => loadContent<SectionFrontResponse>(contentApi.section(params.seccio ?? '')),
    lazy: { Component: async () => (await import('../pages/news-section-page')).SectionFrontPage },
  },
  {
    path: 'noticies/:seccio/:subseccio/',
    loader: ({ params }) => loadContent<SectionFrontResponse>(contentApi.section(params.seccio ?? '', params.subseccio ?? '')),
    lazy: { Component: async () => (await import('../pages/news-section-page')).SectionFrontPage },
  },
  {
    path: 'noticia/:id/:slug/',
    loader: async ({ params, request }) => {
      const data = await loadContent<ArticleResponse>(contentApi.article(params.id ?? ''));
      // A known article under another slug goes to its canonical address before anything is
      // measured; for good (301), so that the server's first view answers it as such. The query
      // (a campaign's parameters) goes along, so that the visit is still credited to it.
      if (data !== undefined && data.article.slug !== params.slug) throw redirect(sitePaths.article(data.article) + new URL(request.url).search, 301);
      if (data === undefined || !import.meta.env.SSR) return data;
      // Imported on the server alone: the browser's build drops this branch, and the poll's code
      // stays out of the home page's JavaScript (it is the article chunk's).
      return (await import('../engagement/article-poll')).withFirstViewArticlePoll(data);
    },
    lazy: { Component: async () => (await import('../pages/article-page')).ArticlePage },
  },
  {
    path: 'autors/:slug/',
    loader: ({ params }) => loadContent<AuthorResponse>(contentApi.author(params.slug ?? '')),
    lazy: { Component: async () => (await import('../pages/author-page')).AuthorPage },
  },
  {
    path: 'tema/:slug/',
    loader: ({ params }) => loadContent<ThemeResponse>(contentApi.theme(params.slug ?? '')),
    lazy: { Component: async () => (await import('../pages/theme-page')).ThemePage },
  },
];

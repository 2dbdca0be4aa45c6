import type { RouteObject } from 'react-router';

/** Programmes, episodes and their players, the search and the weather. Pages load lazily. */
export const PROGRAMME_ROUTES: RouteObject[] = [
  { path: 'el-temps/', lazy: { Component: async () => (await import('../pages/weather-page')).WeatherPage } },
  { path: 'videos/', lazy: { Component: async () => (await import('../pages/media-list-page')).MediaListPage } },
  { path: 'video/:id/', lazy: { Component: async () => (await import('../pages/media-page')).VideoPage } },
  { path: 'audio/:id/', lazy: { Component: async () => (await import('../pages/media-page')).AudioPage } },
  { path: 'cercador/', lazy: { Component: async () => (await import('../pages/search-page')).SearchPage } },
];

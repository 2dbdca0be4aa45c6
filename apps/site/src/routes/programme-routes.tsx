import type { EpisodeResponse, ForecastResponse, MediaResponse, ProgrammeResponse, ProgrammesResponse } from '@mesura/content';
import { contentApi } from '@mesura/content';
import type { RouteObject } from 'react-router';
import { loadContent } from '../content/content-client';
import { loadSearch } from '../pages/search-path';
import { parseSeasonSegment } from '../programmes/season-segment';
import { loadWeatherFront } from '../weather/weather-front';

/**
 * Programmes, seasons, episodes and their players, the media front, the search and the weather.
 * Loaders are here, small; page components load lazily (one chunk per page).
 */
export const PROGRAMME_ROUTES: RouteObject[] = [
  {
    path: 'programes/',
    loader: () => loadContent<ProgrammesResponse>(contentApi.programmes()),
    lazy: { Component: async () => (await import('../pages/programmes-page')).ProgrammesPage },
  },
  {
    path: 'programes/:programa/',
    loader: ({ params }) => loadContent<ProgrammeResponse>(contentApi.programme(params.programa ?? '')),
    lazy: { Component: async () => (await import('../pages/programme-page')).ProgrammePage },
  },
  {
    // React Router has no partial segments ('temporada-:n'): the loader parses the whole segment.
    path: 'programes/:programa/:temporada/',
    loader: ({ params }) => {
      const season = parseSeasonSegment(params.temporada);
      return season === undefined ? undefined : loadContent<ProgrammeResponse>(contentApi.programme(params.programa ?? '', season));
    },
    lazy: { Component: async () => (await import('../pages/season-page')).SeasonPage },
  },
  {
    path: 'videos/',
    loader: () => loadContent<MediaResponse>(contentApi.media()),
    lazy: { Component: async () => (await import('../pages/media-list-page')).MediaListPage },
  },
  {
    path: 'video/:id/',
    loader: ({ params }) => loadContent<EpisodeResponse>(contentApi.episode(params.id ?? '')),
    lazy: { Component: async () => (await import('../pages/media-page')).VideoPage },
  },
  {
    path: 'audio/:id/',
    loader: ({ params }) => loadContent<EpisodeResponse>(contentApi.episode(params.id ?? '')),
    lazy: { Component: async () => (await import('../pages/media-page')).AudioPage },
  },
  {
    path: 'cercador/',
    loader: ({ request }) => loadSearch(new URL(request.url).searchParams),
    lazy: { Component: async () => (await import('../pages/search-page')).SearchPage },
  },
  {
    path: 'el-temps/',
    loader: ({ request }) => loadWeatherFront(new URL(request.url).searchParams),
    lazy: { Component: async () => (await import('../pages/weather-page')).WeatherPage },
  },
  {
    path: 'el-temps/:lloc/',
    loader: ({ params }) => loadContent<ForecastResponse>(contentApi.forecast(params.lloc ?? '')),
    lazy: { Component: async () => (await import('../pages/weather-place-page')).WeatherPlacePage },
  },
];

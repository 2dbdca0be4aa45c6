import { contentApi, sitePaths, type DayForecast, type ForecastResponse, type Place, type PlacesResponse } from '@mesura/content';
import { redirect } from 'react-router';
import { loadContent } from '../content/content-client';

/** How many places the weather front shows with today's forecast: the first of the API's list. */
export const MAIN_PLACES_COUNT = 8;
/** Longest place query sent to the API; longer input is cut, not refused. */
export const PLACE_QUERY_MAX_CHARS = 60;

/** A place with today's forecast: a marker of the map, an entry of the main places' list. */
export interface PlaceToday {
  place: Place;
  today: DayForecast;
}

/** What `/el-temps/` renders from. */
export interface WeatherFrontData {
  /** The place search's words, trimmed; empty when no search ran. */
  query: string;
  /** Places matching the query; absent when no search ran. */
  matches?: Place[];
  /** Every place, for the search field's suggestions. */
  places: Place[];
  /** Every place with today's forecast, in the API's order (the main places first). */
  today: PlaceToday[];
}

/**
 * The weather front's loader: every place with today's forecast (only today's: the first view hands
 * this data to the browser, and the hours would weigh a hundred times more) and, for a search
 * (`?q=`), the places matching it. A search that finds exactly one place goes straight to that place's page.
 */
export async function loadWeatherFront(params: URLSearchParams): Promise<WeatherFrontData | Response> {
  const query = (params.get('q') ?? '').trim().slice(0, PLACE_QUERY_MAX_CHARS).trim();
  const [all, found] = await Promise.all([loadContent<PlacesResponse>(contentApi.places()), query === '' ? undefined : loadContent<PlacesResponse>(contentApi.places(query))]);
  const matches = found?.places ?? (query === '' ? undefined : []);
  if (matches?.length === 1) return redirect(sitePaths.weather(matches[0]!.slug));
  const places = all?.places ?? [];
  const forecasts = await Promise.all(places.map((place) => loadContent<ForecastResponse>(contentApi.forecast(place.slug))));
  const today = forecasts.flatMap((forecast) => (forecast?.days[0] === undefined ? [] : [{ place: forecast.place, today: forecast.days[0] }]));
  return { query, matches, places, today };
}

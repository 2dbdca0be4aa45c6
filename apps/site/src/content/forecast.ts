/** Sky states of the static forecast; SKY_LABELS holds the Catalan wording shown to readers. */
export type Sky =
  /** No clouds. */
  | 'clear'
  /** Clouds with sunny spells. */
  | 'partly-cloudy'
  /** Fully clouded, dry. */
  | 'overcast'
  /** Light rain or showers. */
  | 'light-rain'
  /** Snowfall. */
  | 'snow';

export const SKY_LABELS: Record<Sky, string> = {
  clear: 'Cel serè',
  'partly-cloudy': 'Núvols i clarianes',
  overcast: 'Cel cobert',
  'light-rain': 'Pluja feble',
  snow: 'Neu',
};

export interface CityForecast {
  city: string;
  sky: Sky;
  minCelsius: number;
  maxCelsius: number;
  /** Chance of rain, 0–100. */
  rainChancePercent: number;
}

/** Static forecast: the site shell has no weather backend. */
export const SAMPLE_FORECAST: readonly CityForecast[] = [
  { city: 'Barcelona', sky: 'partly-cloudy', minCelsius: 11, maxCelsius: 18, rainChancePercent: 20 },
  { city: 'Girona', sky: 'light-rain', minCelsius: 7, maxCelsius: 15, rainChancePercent: 60 },
  { city: 'Lleida', sky: 'overcast', minCelsius: 4, maxCelsius: 12, rainChancePercent: 10 },
  { city: 'Tarragona', sky: 'clear', minCelsius: 10, maxCelsius: 19, rainChancePercent: 5 },
  { city: 'Puigcerdà', sky: 'snow', minCelsius: -3, maxCelsius: 4, rainChancePercent: 70 },
];

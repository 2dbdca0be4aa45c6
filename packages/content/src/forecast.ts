/**
 * Forecasts: a deterministic function of the place and the date, plausible for the place's kind of
 * climate and the month. The site has no weather service; this keeps pages and tests stable.
 */
import type { DayForecast, Place, Sky } from './types.js';

export const FORECAST_DAYS = 7;

type Climate = 'coast' | 'inland' | 'mountain';

interface PlaceSeed extends Place {
  climate: Climate;
}

export const PLACES: readonly PlaceSeed[] = [
  { slug: 'barcelona', name: 'Barcelona', region: 'Barcelonès', latitude: 41.3874, longitude: 2.1686, climate: 'coast' },
  { slug: 'girona', name: 'Girona', region: 'Gironès', latitude: 41.9794, longitude: 2.8214, climate: 'inland' },
  { slug: 'lleida', name: 'Lleida', region: 'Segrià', latitude: 41.6176, longitude: 0.62, climate: 'inland' },
  { slug: 'tarragona', name: 'Tarragona', region: 'Tarragonès', latitude: 41.1189, longitude: 1.2445, climate: 'coast' },
  { slug: 'puigcerda', name: 'Puigcerdà', region: 'Cerdanya', latitude: 42.4317, longitude: 1.9283, climate: 'mountain' },
  { slug: 'vielha', name: 'Vielha', region: "Val d'Aran", latitude: 42.702, longitude: 0.7956, climate: 'mountain' },
  { slug: 'la-seu-d-urgell', name: "La Seu d'Urgell", region: 'Alt Urgell', latitude: 42.358, longitude: 1.4594, climate: 'mountain' },
  { slug: 'tremp', name: 'Tremp', region: 'Pallars Jussà', latitude: 42.1667, longitude: 0.8947, climate: 'inland' },
  { slug: 'vic', name: 'Vic', region: 'Osona', latitude: 41.9301, longitude: 2.2549, climate: 'inland' },
  { slug: 'manresa', name: 'Manresa', region: 'Bages', latitude: 41.725, longitude: 1.8266, climate: 'inland' },
  { slug: 'sabadell', name: 'Sabadell', region: 'Vallès Occidental', latitude: 41.5463, longitude: 2.1086, climate: 'inland' },
  { slug: 'terrassa', name: 'Terrassa', region: 'Vallès Occidental', latitude: 41.561, longitude: 2.0089, climate: 'inland' },
  { slug: 'mataro', name: 'Mataró', region: 'Maresme', latitude: 41.5381, longitude: 2.4445, climate: 'coast' },
  { slug: 'figueres', name: 'Figueres', region: 'Alt Empordà', latitude: 42.2666, longitude: 2.9617, climate: 'inland' },
  { slug: 'palamos', name: 'Palamós', region: 'Baix Empordà', latitude: 41.8463, longitude: 3.1286, climate: 'coast' },
  { slug: 'olot', name: 'Olot', region: 'Garrotxa', latitude: 42.1822, longitude: 2.489, climate: 'inland' },
  { slug: 'reus', name: 'Reus', region: 'Baix Camp', latitude: 41.1561, longitude: 1.1069, climate: 'coast' },
  { slug: 'tortosa', name: 'Tortosa', region: 'Baix Ebre', latitude: 40.8125, longitude: 0.5216, climate: 'coast' },
  { slug: 'amposta', name: 'Amposta', region: 'Montsià', latitude: 40.7128, longitude: 0.581, climate: 'coast' },
  { slug: 'solsona', name: 'Solsona', region: 'Solsonès', latitude: 41.994, longitude: 1.5176, climate: 'inland' },
  { slug: 'berga', name: 'Berga', region: 'Berguedà', latitude: 42.1044, longitude: 1.8456, climate: 'mountain' },
  { slug: 'vilanova-i-la-geltru', name: 'Vilanova i la Geltrú', region: 'Garraf', latitude: 41.2242, longitude: 1.7256, climate: 'coast' },
];

/** Mean maximum per month (January first) of each climate, °C. */
const MONTHLY_MAX_C: Record<Climate, readonly number[]> = {
  coast: [14, 15, 17, 19, 22, 26, 29, 29, 26, 22, 18, 15],
  inland: [10, 13, 17, 19, 24, 29, 32, 31, 27, 21, 14, 10],
  mountain: [5, 6, 9, 11, 15, 20, 23, 23, 19, 14, 8, 5],
};
/** Daily range (max − min) of each climate, °C. */
const DAILY_RANGE_C: Record<Climate, number> = { coast: 7, inland: 11, mountain: 10 };
const SKIES: readonly Sky[] = ['clear', 'clear', 'partly-cloudy', 'partly-cloudy', 'overcast', 'light-rain', 'rain', 'fog', 'storm'];
/** Chance of rain under each sky, %: the day's and, under that sky, each hour's. */
export const RAIN_CHANCE_PERCENT: Record<Sky, number> = { clear: 0, 'partly-cloudy': 10, overcast: 25, fog: 15, 'light-rain': 60, rain: 85, storm: 90, snow: 80 };

/** A small stable hash (FNV-1a) of a text, for per-place-and-day variation. */
export function forecastHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function findPlace(slug: string): Place | undefined {
  const place = PLACES.find((p) => p.slug === slug);
  return place && { slug: place.slug, name: place.name, region: place.region, latitude: place.latitude, longitude: place.longitude };
}

/** The forecast of one place on one ISO date. */
export function dayForecast(place: Place, date: string): DayForecast {
  const climate = PLACES.find((p) => p.slug === place.slug)?.climate ?? 'inland';
  const h = forecastHash(`${place.slug}/${date}`);
  const month = Number(date.slice(5, 7)) - 1;
  const max = (MONTHLY_MAX_C[climate][month] ?? 15) + ((h % 7) - 3);
  const min = max - DAILY_RANGE_C[climate] + ((h >>> 3) % 3);
  let sky = SKIES[(h >>> 5) % SKIES.length] ?? 'clear';
  // Below freezing in the mountains, what falls is snow.
  if (climate === 'mountain' && min <= 0 && (sky === 'rain' || sky === 'light-rain' || sky === 'storm')) sky = 'snow';
  return { date, sky, minCelsius: min, maxCelsius: max, rainChancePercent: RAIN_CHANCE_PERCENT[sky], windKmh: 5 + ((h >>> 9) % 30) };
}

/** Seven days from `today` (an ISO date), today first. */
export function forecastFor(place: Place, today: string): DayForecast[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: FORECAST_DAYS }, (_, i) => dayForecast(place, new Date(start + i * 86_400_000).toISOString().slice(0, 10)));
}

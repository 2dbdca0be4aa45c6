/**
 * Hour-by-hour forecasts for today and tomorrow, derived from each day's forecast (forecast.ts) so
 * that the two always agree: the day's minimum falls at dawn and its maximum in mid-afternoon, its
 * sky holds for most hours, and its chance of rain and its wind are the hours' highest.
 */
import { dayForecast, forecastHash, RAIN_CHANCE_PERCENT } from './forecast.js';
import type { DayForecast, HourForecast, Place, Sky } from './types.js';

/** Days with hours: today and tomorrow. */
export const HOURLY_FORECAST_DAYS = 2;
export const HOURS_PER_DAY = 24;
/** When the day is coldest and warmest (local hour). */
const COLDEST_HOUR = 6;
const WARMEST_HOUR = 15;
/** Hours in a row that may show a milder sky than the day's: fewer than half, so the day's sky stays the hours' most common. */
const MILDER_SPELL_MAX_HOURS = 8;
/** The calmest hour's wind, as a share of the day's (the warmest hour's). */
const CALMEST_WIND_SHARE = 0.6;

/** The sky one step milder than each: a break in a day's weather, never wetter than the day. */
const MILDER_SKY: Record<Sky, Sky> = {
  clear: 'clear',
  'partly-cloudy': 'clear',
  overcast: 'partly-cloudy',
  'light-rain': 'overcast',
  rain: 'light-rain',
  storm: 'rain',
  snow: 'overcast',
  fog: 'partly-cloudy',
};

/** 0 at the day's coldest hour, 1 at its warmest, along a cosine: warming by day, cooling through the night. */
function warmth(hour: number): number {
  if (hour >= COLDEST_HOUR && hour <= WARMEST_HOUR) return (1 - Math.cos((Math.PI * (hour - COLDEST_HOUR)) / (WARMEST_HOUR - COLDEST_HOUR))) / 2;
  const coolingHours = HOURS_PER_DAY - (WARMEST_HOUR - COLDEST_HOUR);
  const sinceWarmest = (hour - WARMEST_HOUR + HOURS_PER_DAY) % HOURS_PER_DAY;
  return (1 + Math.cos((Math.PI * sinceWarmest) / coolingHours)) / 2;
}

/** The 24 hours of one day of a place, consistent with its day forecast. */
export function hoursOf(place: Place, day: DayForecast): HourForecast[] {
  const h = forecastHash(`${place.slug}/${day.date}/hours`);
  const spellStart = h % HOURS_PER_DAY;
  const spellHours = h % (MILDER_SPELL_MAX_HOURS + 1);
  return Array.from({ length: HOURS_PER_DAY }, (_, hour) => {
    const milder = hour >= spellStart && hour < spellStart + spellHours && hour !== WARMEST_HOUR;
    const sky = milder ? MILDER_SKY[day.sky] : day.sky;
    const w = warmth(hour);
    return {
      date: day.date,
      hour,
      sky,
      celsius: Math.round(day.minCelsius + (day.maxCelsius - day.minCelsius) * w),
      // A milder sky's chance is lower (MILDER_SKY never makes it wetter); the day's is its sky's.
      rainChancePercent: sky === day.sky ? day.rainChancePercent : Math.min(day.rainChancePercent, RAIN_CHANCE_PERCENT[sky]),
      windKmh: Math.round(day.windKmh * (CALMEST_WIND_SHARE + (1 - CALMEST_WIND_SHARE) * w)),
    };
  });
}

/** Today's and tomorrow's hours of a place, from `today` (an ISO date). */
export function hourlyForecastFor(place: Place, today: string): HourForecast[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: HOURLY_FORECAST_DAYS }, (_, i) => hoursOf(place, dayForecast(place, new Date(start + i * 86_400_000).toISOString().slice(0, 10)))).flat();
}

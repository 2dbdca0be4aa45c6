import { describe, expect, it } from 'vitest';
import { HOURLY_FORECAST_DAYS, HOURS_PER_DAY, PLACES, forecastFor, hourlyForecastFor, type HourForecast } from '@mesura/content';

const TODAY = '2026-11-28';

describe('hourly forecasts', () => {
  it('gives every hour of today and tomorrow, in order, the same each time it is asked', () => {
    const hours = hourlyForecastFor(PLACES[0]!, TODAY);
    expect(hours).toHaveLength(HOURLY_FORECAST_DAYS * HOURS_PER_DAY);
    expect(hours.map((h) => `${h.date} ${h.hour}`)).toEqual(['2026-11-28', '2026-11-29'].flatMap((date) => Array.from({ length: HOURS_PER_DAY }, (_, hour) => `${date} ${hour}`)));
    expect(hourlyForecastFor(PLACES[0]!, TODAY)).toEqual(hours);
  });

  it.each(PLACES.map((place) => [place.slug, place] as const))('agrees with the days of %s over a year: extremes, sky, rain and wind', (_, place) => {
    for (let month = 0; month < 12; month++) {
      const today = `2027-${String(month + 1).padStart(2, '0')}-15`;
      const days = forecastFor(place, today).slice(0, HOURLY_FORECAST_DAYS);
      const hours = hourlyForecastFor(place, today);
      for (const day of days) {
        const own = hours.filter((h) => h.date === day.date);
        expect(own).toHaveLength(HOURS_PER_DAY);
        expect(Math.min(...own.map((h) => h.celsius))).toBe(day.minCelsius);
        expect(Math.max(...own.map((h) => h.celsius))).toBe(day.maxCelsius);
        expect(Math.max(...own.map((h) => h.rainChancePercent))).toBe(day.rainChancePercent);
        expect(Math.max(...own.map((h) => h.windKmh))).toBe(day.windKmh);
        expect(mostCommonSky(own)).toBe(day.sky);
      }
    }
  });

  it('is coldest at dawn and warmest in the afternoon', () => {
    const hours = hourlyForecastFor(PLACES[0]!, TODAY).filter((h) => h.date === TODAY);
    expect(hours[15]!.celsius).toBeGreaterThan(hours[6]!.celsius);
    expect(hours[12]!.celsius).toBeGreaterThanOrEqual(hours[9]!.celsius);
  });
});

/** The sky of more than half the hours, or undefined when none has a majority. */
function mostCommonSky(hours: HourForecast[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { sky } of hours) counts.set(sky, (counts.get(sky) ?? 0) + 1);
  return [...counts].find(([, count]) => count > hours.length / 2)?.[0];
}

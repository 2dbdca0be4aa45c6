/**
 * Calendar day (YYYY-MM-DD) of an instant in a time zone. Reports cut days in the site's zone,
 * not in UTC, so that a visit at 00:30 in Barcelona counts on that day.
 */
export type LocalDay = (epochMs: number) => string;

// Offsets change only on quarter-hour boundaries in every IANA zone, so one formatting per
// 15-minute bucket is exact and keeps Intl off the hot path.
const BUCKET_MS = 15 * 60 * 1000;

export function localDayIn(timeZone: string): LocalDay {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let cachedBucket = Number.NaN;
  let cachedDay = '';
  return (epochMs) => {
    const bucket = Math.floor(epochMs / BUCKET_MS);
    if (bucket !== cachedBucket) {
      cachedBucket = bucket;
      cachedDay = format.format(new Date(epochMs));
    }
    return cachedDay;
  };
}

/** Days since 1970-01-01 of a YYYY-MM-DD string (DuckDB's DATE representation). */
export function epochDays(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** The YYYY-MM-DD day `days` calendar days after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date((epochDays(day) + days) * 86_400_000).toISOString().slice(0, 10);
}

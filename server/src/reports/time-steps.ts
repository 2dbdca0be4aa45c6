/** The steps of a report's time series and how a person reads them (Catalan). */

const DAY_MS = 86_400_000;
const WEEKDAYS = ['dg.', 'dl.', 'dt.', 'dc.', 'dj.', 'dv.', 'ds.'];

/** Every day from `from` to `to`, inclusive, as YYYY-MM-DD. */
export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(range.from); ms <= Date.parse(range.to); ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** `2026-11-24` → `dt. 24/11/2026`. */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-');
  return `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${date}/${month}/${year}`;
}

export const HOURS_OF_DAY: readonly string[] = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** `07` → `07 h`. */
export function hourLabel(hour: string): string {
  return `${hour} h`;
}

const temperature = new Intl.NumberFormat('ca-ES', { style: 'unit', unit: 'celsius', maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('ca-ES', { style: 'percent' });
const speed = new Intl.NumberFormat('ca-ES', { style: 'unit', unit: 'kilometer-per-hour', maximumFractionDigits: 0 });
// Dates of the forecast are calendar days: formatted in UTC so that no time zone moves them.
const weekday = new Intl.DateTimeFormat('ca-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

export const formatCelsius = (value: number): string => temperature.format(value);
export const formatPercent = (value: number): string => percent.format(value / 100);
export const formatKmh = (value: number): string => speed.format(value);

/** "dijous, 26 de novembre" for the ISO date '2026-11-26'. */
export function formatForecastDay(isoDate: string): string {
  return weekday.format(new Date(`${isoDate}T00:00:00Z`));
}

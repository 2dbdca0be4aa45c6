/** How the live view writes its times and hidden cells, the Catalan way, in the site's zone. Pure. */
import { DISPLAY_LOCALE, REPORT_TIME_ZONE } from '../../reports/constants';
import { formatCount } from '../../reports/format';

const minuteFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: REPORT_TIME_ZONE });
const secondFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: REPORT_TIME_ZONE });

/** `2026-11-23T09:30:00Z` → "10:30". */
export function minuteLabel(instant: string): string {
  return minuteFormat.format(new Date(instant));
}

/** `2026-11-23T09:30:20Z` → "10:30:20". */
export function timeLabel(instant: string): string {
  return secondFormat.format(new Date(instant));
}

/** A count, or "< 5" when the minimum cohort hides it. */
export function countOrHidden(value: number | null, minCohort: number): string {
  return value === null ? `< ${minCohort}` : formatCount(value);
}

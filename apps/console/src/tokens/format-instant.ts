import { DISPLAY_LOCALE, REPORT_TIME_ZONE } from '../reports/constants';

const instantFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: REPORT_TIME_ZONE });

/** An ISO instant as a Catalan date and time in the reports' zone; the raw text when it is not a date. */
export function formatInstant(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : instantFormat.format(at);
}

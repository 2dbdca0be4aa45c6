import { EVENTS_EXPORT_API_PATH, PAGE_VIEWS_API_PATH } from './constants';
import type { DateRange, PageViewsQuery } from './report-types';

/** GET /api/reports/pageviews?from=…&to=…&by=… */
export function pageViewsUrl({ from, to, by }: PageViewsQuery): string {
  return `${PAGE_VIEWS_API_PATH}?${new URLSearchParams({ from, to, by }).toString()}`;
}

/** GET /api/export/events?from=…&to=…&format=csv — the raw events of the range. */
export function exportCsvUrl({ from, to }: DateRange): string {
  return `${EVENTS_EXPORT_API_PATH}?${new URLSearchParams({ from, to, format: 'csv' }).toString()}`;
}

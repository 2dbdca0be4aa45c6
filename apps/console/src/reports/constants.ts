/** Days in the default range, today included ("the last 7 days"). */
export const DEFAULT_RANGE_DAYS = 7;

/**
 * Zone in which "today" is computed for the default range. It matches the server's default
 * MESURA_TIMEZONE, so that the console's today is the day the reports API cuts as today.
 */
export const REPORT_TIME_ZONE = 'Europe/Madrid';

/** Rows shown in the top page names table; the API returns every page name. */
export const TOP_PAGE_NAMES_LIMIT = 20;

export const PAGE_VIEWS_API_PATH = '/api/reports/pageviews';
export const EVENTS_EXPORT_API_PATH = '/api/export/events';

/** Numbers, percentages and dates are shown the Catalan way. */
export const DISPLAY_LOCALE = 'ca-ES';

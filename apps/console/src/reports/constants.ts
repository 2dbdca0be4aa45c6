/**
 * Zone in which "today" is computed for the period presets. It matches the server's default
 * MESURA_TIMEZONE, so that the console's today is the day the reports API cuts as today.
 */
export const REPORT_TIME_ZONE = 'Europe/Madrid';

/** Numbers, percentages and dates are shown the Catalan way. */
export const DISPLAY_LOCALE = 'ca-ES';
